package io.strata.hive.it;

/**
 * The matrix every end-to-end read suite runs on: each engine, vectorized and not. A test takes the mode as
 * the parameter of a {@code @ParameterizedTest @EnumSource(ExecutionMode.class)} and runs its statements with
 * {@link EmbeddedHive#query(ExecutionMode, String)}, which sets the session to the mode, makes the engine run
 * the query (no fetch task) and checks from the plan that it did.
 */
public enum ExecutionMode {
    TEZ_VECTORIZED(Engine.TEZ, true),
    TEZ_ROWS(Engine.TEZ, false),
    MR_VECTORIZED(Engine.MR, true),
    MR_ROWS(Engine.MR, false);

    private final Engine engine;
    private final boolean vectorized;

    ExecutionMode(Engine engine, boolean vectorized) {
        this.engine = engine;
        this.vectorized = vectorized;
    }

    /** The mode of this engine, vectorized or not. */
    public static ExecutionMode of(Engine engine, boolean vectorized) {
        for (ExecutionMode mode : values()) {
            if (mode.engine == engine && mode.vectorized == vectorized) {
                return mode;
            }
        }
        throw new IllegalArgumentException(engine + (vectorized ? " vectorized" : " rows"));
    }

    public Engine engine() {
        return engine;
    }

    /** Whether {@code hive.vectorized.execution.enabled} is on. */
    public boolean vectorized() {
        return vectorized;
    }

    @Override
    public String toString() {
        return engine.setting() + (vectorized ? ", vectorized" : ", rows");
    }
}
