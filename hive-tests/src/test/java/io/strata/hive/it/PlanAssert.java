package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

/** Assertions on an {@link ExecutedPlan}: which engine ran the statement and how its Strata scans were vectorized. */
public final class PlanAssert {

    private static final String STRATA_INPUT_FORMAT = "io.strata.hive.StrataInputFormat";

    private final ExecutedPlan plan;

    private PlanAssert(ExecutedPlan plan) {
        this.plan = plan;
    }

    public static PlanAssert assertThatPlan(ExecutedPlan plan) {
        assertThat(plan).as("the plan recorded by PlanRecorder").isNotNull();
        return new PlanAssert(plan);
    }

    /** Asserts that the engine ran the statement: a task of it is in the plan, and none of the other engine. */
    public PlanAssert assertRanOn(Engine engine) {
        assertThat(plan.taskTypes()).as("task types of the plan of '%s'", plan.query()).contains(engine.taskType());
        for (Engine other : Engine.values()) {
            if (other != engine) {
                assertThat(plan.taskTypes()).as("task types of the plan of '%s'", plan.query()).doesNotContain(other.taskType());
            }
        }
        return this;
    }

    /** The map-side scans that read a Strata table: at least one. */
    public List<ExecutedPlan.MapScan> strataScans() {
        List<ExecutedPlan.MapScan> strata = plan.scans().stream().filter(s -> s.inputFormats().contains(STRATA_INPUT_FORMAT)).toList();
        assertThat(strata).as("map works reading a Strata table in the plan of '%s': %s", plan.query(), plan.scans()).isNotEmpty();
        return strata;
    }

    /** Every Strata scan runs on batches that StrataInputFormat fills itself (VectorizedInputFormatInterface). */
    public PlanAssert assertScanVectorizedNatively() {
        assertThat(strataScans()).as("Strata scans of '%s'", plan.query()).allSatisfy(s -> {
            assertThat(s.vectorized()).as("vector mode").isTrue();
            assertThat(s.vectorizedInputFormat()).as("vectorized input file format").isTrue();
            assertThat(s.readTypes()).containsExactly("VECTORIZED_INPUT_FILE_FORMAT");
        });
        return this;
    }

    /** No Strata scan is vectorized: the map operators get rows. */
    public PlanAssert assertScanNotVectorized() {
        assertThat(strataScans()).as("Strata scans of '%s'", plan.query()).allSatisfy(s -> {
            assertThat(s.vectorized()).as("vector mode").isFalse();
            assertThat(s.vectorizedInputFormat()).as("vectorized input file format").isFalse();
        });
        return this;
    }

    /**
     * Asserts how a Strata scan reads in {@code mode}: not vectorized when vectorization is off; when on,
     * natively: StrataInputFormat fills Hive's batches itself (on Tez and MapReduce alike, with the connector
     * on Hive's class path).
     */
    public PlanAssert assertStrataScan(ExecutionMode mode) {
        return mode.vectorized() ? assertScanVectorizedNatively() : assertScanNotVectorized();
    }
}
