package io.strata.benchmarks.hive;

/** How one copy of the data set is stored (docs/benchmarks.md, "HiveScanBenchmark"). */
enum TableKind {
    /** (a) A Hive ORC table that Hive loaded itself with INSERT ... SELECT from the final rows. */
    NATIVE("native", "native ORC", false),
    /** (b) The base load and the updates written with Strata's core API, then compactFull: one run per bucket. */
    COMPACTED("compacted", "Strata compacted", true),
    /** (c) The base load and every update round as its own commit, never compacted: 1 + rounds sorted runs. */
    RUNS("runs", "Strata sorted runs", true),
    /**
     * (d) The same commits as RUNS with deletion-vectors.enabled=true: each commit of such a table compacts its
     * level-0 files up and marks the rows they replace in deletion vectors (as in Paimon).
     */
    DELETION_VECTORS("dv", "Strata deletion vectors", true),
    /** (e) A transactional ORC table: Hive loads the base rows, then applies each update round by MERGE. */
    HIVE_ACID("acid", "Hive ACID", false),
    /**
     * (f) The commits of COMPACTED written by Apache Paimon 1.4.2 (compacting as it writes, its defaults), then a
     * full compaction of every bucket; read through Strata's storage handler (PaimonTableWriter).
     */
    PAIMON_COMPACTED("paimon_compacted", "Paimon-written compacted", true),
    /** (g) The commits of RUNS written by Apache Paimon 1.4.2 with {@code write-only=true}: 1 + rounds level-0 runs. */
    PAIMON_RUNS("paimon_runs", "Paimon-written sorted runs", true);

    final String option;
    final String label;
    /** Registered with Strata's storage handler, in each of bench.formats. */
    final boolean strata;

    TableKind(String option, String label, boolean strata) {
        this.option = option;
        this.label = label;
        this.strata = strata;
    }

    boolean paimonWritten() {
        return this == PAIMON_COMPACTED || this == PAIMON_RUNS;
    }

    static TableKind parse(String name) {
        for (TableKind k : values()) {
            if (k.option.equals(name)) {
                return k;
            }
        }
        throw new IllegalArgumentException("bench.kinds takes native, compacted, runs, dv, acid, paimon_compacted and paimon_runs, got " + name);
    }
}
