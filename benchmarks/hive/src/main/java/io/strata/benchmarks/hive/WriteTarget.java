package io.strata.benchmarks.hive;

import java.util.Locale;

/**
 * A kind of Hive table the write benchmark writes into. Every kind stores ORC with zstd, so the comparison is of
 * the write paths, not of formats or codecs.
 */
enum WriteTarget {
    /** A plain (non-transactional) Hive ORC table: Hive's file sink writes files, the move step renames them. */
    NATIVE_ORC("orc", "native ORC", false),
    /** A transactional ORC table: deltas under write ids from the metastore's transaction store; MERGE supported. */
    HIVE_ACID("acid", "Hive ACID", true),
    /** A Strata primary-key table created through Hive's storage handler: one snapshot per statement. */
    STRATA("strata", "Strata", true);

    final String option;
    final String label;
    /** Whether the benchmark runs MERGE on this kind (where the statement must work, or be refused for now). */
    final boolean merges;

    WriteTarget(String option, String label, boolean merges) {
        this.option = option;
        this.label = label;
        this.merges = merges;
    }

    /** The DDL of an empty table {@code name} of this kind with the data set's columns. */
    String createTable(String name, int buckets) {
        return switch (this) {
            // EXTERNAL as the scan benchmark's native tables; purge so DROP removes the files between iterations.
            case NATIVE_ORC -> "CREATE EXTERNAL TABLE " + name + " (" + ScanDataSet.HIVE_COLUMNS + ") STORED AS ORC "
                    + "TBLPROPERTIES ('orc.compress'='ZSTD', 'external.table.purge'='true')";
            case HIVE_ACID -> "CREATE TABLE " + name + " (" + ScanDataSet.HIVE_COLUMNS + ") STORED AS ORC "
                    + "TBLPROPERTIES ('transactional'='true', 'orc.compress'='ZSTD')";
            case STRATA -> "CREATE TABLE " + name + " (" + ScanDataSet.HIVE_COLUMNS + ") STORED BY "
                    + "'io.strata.hive.StrataStorageHandler' TBLPROPERTIES ('primary-key'='k', 'bucket'='" + buckets
                    + "', 'file.format'='orc', 'file.compression'='zstd')";
        };
    }

    static WriteTarget parse(String name) {
        for (WriteTarget t : values()) {
            if (t.option.equals(name.toLowerCase(Locale.ROOT))) {
                return t;
            }
        }
        throw new IllegalArgumentException("bench.targets takes orc, acid and strata, got " + name);
    }
}
