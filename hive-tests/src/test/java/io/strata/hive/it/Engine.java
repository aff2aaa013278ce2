package io.strata.hive.it;

/** The engines Hive 4.1 runs a query's tasks on, as {@code hive.execution.engine} names them. */
public enum Engine {
    /** Hive 4's default: a DAG per query, in local mode inside this JVM (application master and tasks are threads). */
    TEZ("tez", "TezTask"),
    /** Deprecated in Hive 4, still supported: one or more MapReduce jobs per query, run by the local job runner. */
    MR("mr", "MapRedTask");

    private final String setting;
    private final String taskType;

    Engine(String setting, String taskType) {
        this.setting = setting;
        this.taskType = taskType;
    }

    /** The value of {@code hive.execution.engine}. */
    public String setting() {
        return setting;
    }

    /** The simple name of the plan's task class that runs on this engine. */
    public String taskType() {
        return taskType;
    }
}
