package io.strata.hive.it;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The matrix every end-to-end read suite runs on: each engine, vectorized and not. A test takes the mode as
 * the parameter of a {@code @ParameterizedTest @MethodSource(ExecutionMode.MATRIX)} and runs its statements
 * with {@link EmbeddedHive#query(ExecutionMode, String)}, which sets the session to the mode, makes the engine
 * run the query (no fetch task) and checks from the plan that it did.
 *
 * <p>Which modes run is the system property {@value #MODES_PROPERTY}: {@code all}, or a comma-separated list
 * of modes. The default run ({@code ./mvnw verify}) takes each engine once and each read path once
 * ({@code TEZ_VECTORIZED,MR_ROWS}); {@code -Dstrata.it.execution-modes=all} runs all four (docs/hive-connector.md,
 * "How the tests prove the engine"). WHY: the four modes of the read suites were the largest block of the
 * default run; MapReduce vectorized is covered by {@code VectorizedReadIT} and the write and row-level suites,
 * Tez rows by the full matrix.
 */
public enum ExecutionMode {
    TEZ_VECTORIZED(Engine.TEZ, true),
    TEZ_ROWS(Engine.TEZ, false),
    MR_VECTORIZED(Engine.MR, true),
    MR_ROWS(Engine.MR, false);

    /** The {@code @MethodSource} of the read suites: the modes {@link #matrix()} returns. */
    public static final String MATRIX = "io.strata.hive.it.ExecutionMode#matrix";

    /** The system property that chooses the modes of the matrix. */
    public static final String MODES_PROPERTY = "strata.it.execution-modes";

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

    /** The modes the read suites run on, as {@value #MODES_PROPERTY} chooses; refuses an unknown mode by name. */
    public static List<ExecutionMode> matrix() {
        String chosen = System.getProperty(MODES_PROPERTY, "TEZ_VECTORIZED,MR_ROWS").trim();
        if (chosen.equalsIgnoreCase("all")) {
            return List.of(values());
        }
        List<ExecutionMode> modes = new ArrayList<>();
        for (String name : chosen.split(",")) {
            try {
                modes.add(valueOf(name.trim().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Unknown execution mode '" + name.trim() + "' in -D" + MODES_PROPERTY
                        + "=" + chosen + "; use 'all' or some of "
                        + Arrays.stream(values()).map(Enum::name).toList(), e);
            }
        }
        return modes;
    }

    /**
     * The modes {@code VectorizedReadIT} compares: both vectorized modes, or all four (vectorized against rows on
     * each engine) when the matrix is all. WHY: the default run's time budget; the row path runs on MapReduce in
     * every read suite of the default matrix, and the suite's tests assert the rows they expect, not only that
     * the modes agree.
     */
    public static List<ExecutionMode> vectorizedComparison() {
        return matrix().size() == values().length ? List.of(values()) : List.of(TEZ_VECTORIZED, MR_VECTORIZED);
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
