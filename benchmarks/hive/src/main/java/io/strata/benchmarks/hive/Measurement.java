package io.strata.benchmarks.hive;

/** One timed statement: its wall time, and the CPU time of the whole process meanwhile. */
record Measurement(long wallMillis, long cpuMillis) {
}
