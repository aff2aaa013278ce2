package io.strata.benchmarks.hive;

import java.util.Locale;

/** The statements the write benchmark times, each on a table of every {@link WriteTarget} that takes it. */
enum WriteStatement {
    /** {@code INSERT INTO target SELECT * FROM staging}: every row of the data set into an empty table. */
    INSERT("insert"),
    /**
     * {@code MERGE INTO target USING source ON key WHEN MATCHED THEN UPDATE ... WHEN NOT MATCHED THEN INSERT ...},
     * the source holding new values for {@code bench.mergePercent}% of the keys, on the table the INSERT just filled.
     */
    MERGE("merge");

    final String option;

    WriteStatement(String option) {
        this.option = option;
    }

    /** The SQL of this statement into {@code target}; the sources are the staging tables the benchmark loads. */
    String sql(String target) {
        return switch (this) {
            case INSERT -> "INSERT INTO " + target + " SELECT * FROM " + HiveWriteBenchmark.STAGING;
            case MERGE -> "MERGE INTO " + target + " AS t USING " + HiveWriteBenchmark.MERGE_SOURCE + " AS u ON t.k = u.k "
                    + "WHEN MATCHED THEN UPDATE SET i = u.i, l = u.l, s = u.s, amount = u.amount, d = u.d, dt = u.dt, "
                    + "ts = u.ts, b = u.b, g = u.g "
                    + "WHEN NOT MATCHED THEN INSERT VALUES (u.k, u.i, u.l, u.s, u.amount, u.d, u.dt, u.ts, u.b, u.g)";
        };
    }

    static WriteStatement parse(String name) {
        for (WriteStatement s : values()) {
            if (s.option.equals(name.toLowerCase(Locale.ROOT))) {
                return s;
            }
        }
        throw new IllegalArgumentException("bench.statements takes insert and merge, got " + name);
    }
}
