package io.strata.cli.hive;

/** The engine the embedded Hive runs queries on ({@code hive.execution.engine}). */
public enum HiveEngine {
    /** Hive 4's default: Tez in local mode, the application master and its tasks as threads of this process. */
    TEZ("tez", "Tez"),
    /** MapReduce through Hadoop's local job runner: deprecated in Hive 4, still supported. */
    MR("mr", "MapReduce");

    private final String setting;
    private final String displayName;

    HiveEngine(String setting, String displayName) {
        this.setting = setting;
        this.displayName = displayName;
    }

    /** The value of {@code hive.execution.engine}. */
    public String setting() {
        return setting;
    }

    public String displayName() {
        return displayName;
    }
}
