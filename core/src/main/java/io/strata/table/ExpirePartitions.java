package io.strata.table;

import io.strata.api.PublicApi;
import java.util.List;
import java.util.Map;

/**
 * Partition expiration of a table ({@link Table#expirePartitions()}): the partitions that {@code
 * partition.expiration-time} and its options (docs/snapshot-lifecycle.md) say have expired as of the table's
 * clock, each as partition column to value (the text its directory name shows, before escaping).
 */
@PublicApi
public interface ExpirePartitions {

    /** The partitions that would be dropped now; changes nothing. Empty when the option is not set. */
    List<Map<String, String>> plan();

    /**
     * Drops the partitions {@link #plan()} finds, each batch ({@code partition.expiration-batch-size}) one OVERWRITE
     * snapshot deleting their files, and returns them.
     *
     * @throws CommitFailedException a batch did not land; batches before it did
     * @throws CommitCallbackException a batch landed and a commit callback failed
     */
    List<Map<String, String>> commit();
}
