package io.strata.schema;

import io.strata.api.PublicApi;
import java.util.List;
import java.util.Map;

/**
 * Table options of postpone bucket mode ({@code bucket = -2} on a primary-key table, Paimon 1.1+), with Paimon
 * 1.4.2's names and defaults, listed in {@link TableOptions#ALL} through {@link #ALL}. Each partition keeps the
 * bucket count its files record; a partition written for the first time gets {@link #DEFAULT_BUCKET_NUM}
 * buckets. Rows Paimon's streaming writers leave in {@code bucket-postpone} are moved into the real buckets by
 * a postpone compaction.
 */
@PublicApi
public final class PostponeBucketOptions {

    public static final ConfigOption<Integer> DEFAULT_BUCKET_NUM = ConfigOption.of(
            "postpone.default-bucket-num", 1,
            "Postpone bucket mode: the bucket count of a partition that has no bucket yet (its first compaction, or "
                    + "its first write by Strata, which writes into real buckets); > 0.",
            PostponeBucketOptions::positiveInt);

    public static final ConfigOption<Boolean> BATCH_WRITE_FIXED_BUCKET = ConfigOption.booleanOption(
            "postpone.batch-write-fixed-bucket", true,
            "Postpone bucket mode: whether batch writes put rows straight into real buckets (true, Paimon's "
                    + "default and what Strata's writes do) or into bucket-postpone (false).");

    /** The options above, in documentation order. */
    public static final List<ConfigOption<?>> ALL = List.of(DEFAULT_BUCKET_NUM, BATCH_WRITE_FIXED_BUCKET);

    private PostponeBucketOptions() {}

    /** The bucket count of a partition that has none yet. */
    public static int defaultBucketNum(Map<String, String> options) {
        return DEFAULT_BUCKET_NUM.get(options);
    }

    private static int positiveInt(String text) {
        int value = Integer.parseInt(text.trim());
        if (value <= 0) {
            throw new IllegalArgumentException("must be greater than 0");
        }
        return value;
    }
}
