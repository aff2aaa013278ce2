package io.strata.schema;

import io.strata.api.PublicApi;
import java.util.List;
import java.util.Map;

/**
 * Table options of dynamic bucket mode ({@code bucket = -1} on a primary-key table, Paimon's default), with
 * Paimon 1.4.2's names and defaults, listed in {@link TableOptions#ALL} through {@link #ALL}. A writer keeps
 * each key in the bucket it was first written to (the table's hash index says which) and puts new keys into
 * a bucket of the partition that holds fewer than {@link #TARGET_ROW_NUM} keys, opening a new bucket when
 * none does, up to {@link #MAX_BUCKETS}.
 */
@PublicApi
public final class DynamicBucketOptions {

    public static final ConfigOption<Long> TARGET_ROW_NUM = ConfigOption.of(
            "dynamic-bucket.target-row-num", 2_000_000L,
            "Dynamic bucket mode: keys per bucket before new keys go to another bucket of the partition; > 0.",
            DynamicBucketOptions::positiveLong);

    public static final ConfigOption<Integer> MAX_BUCKETS = ConfigOption.of(
            "dynamic-bucket.max-buckets", -1,
            "Dynamic bucket mode: most buckets per partition; -1 unlimited (up to 32767). Once a partition has "
                    + "them all and they are full, a new key goes to one of them picked at random, as in Paimon.",
            DynamicBucketOptions::maxBuckets);

    public static final ConfigOption<Integer> INITIAL_BUCKETS = ConfigOption.of(
            "dynamic-bucket.initial-buckets", null,
            "Dynamic bucket mode: how many bucket assigners Paimon's Flink writer starts (each opens buckets of "
                    + "its own); a Strata write assigns in one process, so it only checks the value; > 0.",
            v -> positiveInt(v));

    public static final ConfigOption<Integer> ASSIGNER_PARALLELISM = ConfigOption.of(
            "dynamic-bucket.assigner-parallelism", null,
            "Dynamic bucket mode: the parallelism of Paimon's Flink assigner operator; checked, not used by Strata; "
                    + "> 0.",
            v -> positiveInt(v));

    /** The options above, in documentation order. */
    public static final List<ConfigOption<?>> ALL = List.of(TARGET_ROW_NUM, MAX_BUCKETS, INITIAL_BUCKETS,
            ASSIGNER_PARALLELISM);

    private final long targetRowNum;
    private final int maxBuckets;

    public DynamicBucketOptions(Map<String, String> options) {
        this.targetRowNum = TARGET_ROW_NUM.get(options);
        this.maxBuckets = MAX_BUCKETS.get(options);
    }

    /** Keys a bucket takes before new keys go elsewhere. */
    public long targetRowNum() {
        return targetRowNum;
    }

    /** The most buckets of a partition, or -1 for no bound but bucket numbers (which are shorts). */
    public int maxBuckets() {
        return maxBuckets;
    }

    private static long positiveLong(String text) {
        long value = Long.parseLong(text.trim());
        if (value <= 0) {
            throw new IllegalArgumentException("must be greater than 0");
        }
        return value;
    }

    private static int positiveInt(String text) {
        int value = Integer.parseInt(text.trim());
        if (value <= 0) {
            throw new IllegalArgumentException("must be greater than 0");
        }
        return value;
    }

    private static int maxBuckets(String text) {
        int value = Integer.parseInt(text.trim());
        if (value != -1 && value <= 0) {
            throw new IllegalArgumentException("must be -1 (unlimited) or greater than 0");
        }
        return value;
    }
}
