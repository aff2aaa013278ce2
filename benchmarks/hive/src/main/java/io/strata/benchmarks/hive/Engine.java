package io.strata.benchmarks.hive;

/** Hive's execution engines, switched per statement with {@code SET hive.execution.engine}. */
enum Engine {
    TEZ("tez"), MR("mr");

    final String hiveName;

    Engine(String hiveName) {
        this.hiveName = hiveName;
    }

    static Engine parse(String name) {
        for (Engine e : values()) {
            if (e.hiveName.equals(name)) {
                return e;
            }
        }
        throw new IllegalArgumentException("bench.engines takes tez and mr, got " + name);
    }
}
