package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.snapshot.Tag;
import io.strata.snapshot.TagManager;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.Path;

/**
 * The tags of a table ({@code tag/tag-<name>}): named snapshots that snapshot expiration keeps
 * readable. A tag's snapshot is read with {@code table.newScan().asOfTag(name)}.
 *
 * <p>Deleting a tag whose snapshot has expired also deletes the files only that tag still held, as
 * Paimon does: the files neither the nearest earlier tag nor the nearest later tag or snapshot needs.
 */
@PublicApi
public interface Tags {

    /** Checks a tag name before any tag is touched; returns it, or fails saying what is wrong with it. */
    static String checkName(String name) {
        return TagManager.checkName(name);
    }

    /** Every tag, ordered by snapshot id then name. */
    List<Tag> list();

    /** The tag, or empty if there is none of that name. */
    Optional<Tag> tag(String name);

    /** Tags the latest snapshot, with the retention of {@code tag.default-time-retained} (none: kept). */
    Tag create(String name);

    /**
     * Tags a snapshot (one that exists, or the snapshot of an existing tag), with the retention of
     * {@code tag.default-time-retained}; fails naming the tag if it exists or the snapshot is unknown.
     */
    Tag create(String name, long snapshotId);

    /** Tags a snapshot, kept for {@code timeRetained} after its creation (null: until deleted). */
    Tag create(String name, long snapshotId, Duration timeRetained);

    /**
     * Deletes a tag; returns the files deleted with it (none while its snapshot still exists). Fails
     * naming the tag if there is none.
     */
    List<Path> delete(String name);
}
