package io.strata.benchmarks.hive;

/** One table of the benchmark: a kind in a file format, under a Hive table name. */
record BenchTable(TableKind kind, String format) {

    String hiveName() {
        return kind.option + "_" + format;
    }

    String label() {
        return kind.label + " (" + format + ")";
    }
}
