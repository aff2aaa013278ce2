package io.strata.benchmarks;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The benchmark's parameters, from {@code -Dbench.<name>=value} system properties (defaults below), and
 * the table options both engines get.
 */
record BenchmarkOptions(
        int rows, int keySpace, int commits, int buckets, int deletePercent, long seed,
        int warmups, int iterations, String[] formats, String writeBufferSize, String writeBufferSpillable,
        int readRepeats, String keepDir) {

    static BenchmarkOptions fromSystemProperties() {
        int rows = Integer.getInteger("bench.rows", 1_000_000);
        return new BenchmarkOptions(
                rows,
                Integer.getInteger("bench.keys", rows / 2),
                Integer.getInteger("bench.commits", 5),
                Integer.getInteger("bench.buckets", 4),
                Integer.getInteger("bench.deletePercent", 5),
                Long.getLong("bench.seed", 42L),
                Integer.getInteger("bench.warmups", 1),
                Integer.getInteger("bench.iterations", 3),
                System.getProperty("bench.formats", "orc,parquet").split(","),
                System.getProperty("bench.writeBufferSize", "256 mb"),
                System.getProperty("bench.writeBufferSpillable", "true"),
                Integer.getInteger("bench.readRepeats", 3),
                System.getProperty("bench.keep"));
    }

    /**
     * The options of both tables. {@code write-only} stops Paimon from compacting while it writes:
     * Strata's batch writer never compacts on write, so both engines then write the same level-0 runs
     * and the merged read does the same work.
     */
    Map<String, String> tableOptions(String format) {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("bucket", String.valueOf(buckets));
        options.put("file.format", format);
        options.put("file.compression", "zstd");
        options.put("write-buffer-size", writeBufferSize);
        options.put("write-buffer-spillable", writeBufferSpillable);
        options.put("write-only", "true");
        return options;
    }

    @Override
    public String toString() {
        return "rows=" + rows + " keys=" + keySpace + " commits=" + commits + " buckets=" + buckets
                + " deletes=" + deletePercent + "% seed=" + seed + " warmups=" + warmups + " iterations=" + iterations
                + " formats=" + String.join(",", formats) + " write-buffer-size=" + writeBufferSize
                + " write-buffer-spillable=" + writeBufferSpillable + " read-repeats=" + readRepeats
                + (keepDir == null ? "" : " keep=" + keepDir);
    }
}
