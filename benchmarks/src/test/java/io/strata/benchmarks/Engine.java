package io.strata.benchmarks;

import java.nio.file.Path;

/** One engine under test: writes the data set into a new table and reads a table back merged. */
interface Engine {

    /** A short name for the result table. */
    String name();

    /**
     * Creates table {@code bench.<table>} (directory {@code <warehouse>/bench.db/<table>}) in the given
     * file format with the benchmark's options, and writes every commit of the data set into it, one
     * commit each; returns the rows written.
     */
    long write(Path warehouse, String table, String format, UpsertDataSet data, BenchmarkOptions options)
            throws Exception;

    /**
     * Reads the whole table at {@code tableDir} merged (the latest snapshot) and returns the digest of
     * every field of every row it read ({@link RowDigest}).
     */
    RowDigest read(Path tableDir) throws Exception;
}
