package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedInputFormatInterface;

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

    /** Every Strata scan runs on batches that Hive copies from the SerDe's rows ({@code hive.vectorized.use.row.serde.deserialize}). */
    public PlanAssert assertScanVectorizedByRowDeserialize() {
        assertThat(strataScans()).as("Strata scans of '%s'", plan.query()).allSatisfy(s -> {
            // MapWork.getUseVectorizedInputFileFormat() is true here too (measured on Tez and MapReduce): only the
            // partitions' read type tells row deserialization from an input format that fills batches.
            assertThat(s.vectorized()).as("vector mode").isTrue();
            assertThat(s.readTypes()).containsExactly("ROW_DESERIALIZE");
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
     * Asserts how a Strata scan of flat columns reads in {@code mode}: not vectorized when vectorization is
     * off; when on, natively if StrataInputFormat implements Hive's vectorized input format contract, else by
     * row deserialization (measured before it did: Tez and MapReduce alike, with the connector on Hive's class
     * path).
     */
    public PlanAssert assertStrataScan(ExecutionMode mode) {
        if (!mode.vectorized()) {
            return assertScanNotVectorized();
        }
        return nativelyVectorized() ? assertScanVectorizedNatively() : assertScanVectorizedByRowDeserialize();
    }

    /** Whether StrataInputFormat fills Hive's batches itself. */
    static boolean nativelyVectorized() {
        try {
            return VectorizedInputFormatInterface.class.isAssignableFrom(Class.forName(STRATA_INPUT_FORMAT));
        } catch (ClassNotFoundException e) {
            throw new AssertionError("No " + STRATA_INPUT_FORMAT + " on the test class path", e);
        }
    }
}
