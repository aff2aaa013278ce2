package io.strata.hive.it;

import java.util.List;
import java.util.Set;

/**
 * What {@link PlanRecorder} saw of one statement's plan: the simple names of its task classes
 * ({@code TezTask}, {@code MapRedTask}, {@code FetchTask}, {@code DDLTask}...) and every map-side scan
 * with how Hive vectorized it. Plain data (the second JVM of {@link BundleJarIT} records it too, without
 * AssertJ); {@link PlanAssert} makes the assertions.
 */
public record ExecutedPlan(String query, List<String> taskTypes, List<MapScan> scans) {

    /**
     * One MapWork (a Tez map vertex or a MapReduce job's map side).
     *
     * @param inputFormats the input format classes of its partitions
     * @param vectorized {@code MapWork.getVectorMode()}: the map operators run on batches
     * @param vectorizedInputFormat {@code MapWork.getUseVectorizedInputFileFormat()}: Hive 4.1 sets it for row
     *     deserialization too, so {@code readTypes} is what tells how batches are filled
     * @param readTypes per partition, how the map operator gets batches
     *     ({@code VectorMapOperatorReadType}: VECTORIZED_INPUT_FILE_FORMAT, VECTOR_DESERIALIZE, ROW_DESERIALIZE, NONE)
     */
    public record MapScan(String name, Set<String> inputFormats, boolean vectorized, boolean vectorizedInputFormat,
            Set<String> readTypes) {}

    /** Whether a task of this engine, and none of another, is in the plan. */
    public boolean ranOn(Engine engine) {
        for (Engine other : Engine.values()) {
            if (taskTypes.contains(other.taskType()) != (other == engine)) {
                return false;
            }
        }
        return true;
    }

}
