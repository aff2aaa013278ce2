package io.strata.benchmarks;

/** Keeps a value alive so the JIT cannot drop the work that computed it. */
final class Blackhole {

    static volatile long sink;

    private Blackhole() {}

    static void consume(long value) {
        sink += value;
    }
}
