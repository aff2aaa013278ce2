package io.strata.table;

import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * What a snapshot expiration removed.
 *
 * @param snapshotIds the expired snapshots, ascending (their snapshot files are gone)
 * @param deletedFiles the data, changelog, index, manifest and manifest-list files deleted with them
 */
public record ExpiredSnapshots(List<Long> snapshotIds, List<Path> deletedFiles) {

    /** Nothing expired. */
    public static final ExpiredSnapshots NONE = new ExpiredSnapshots(List.of(), List.of());

    public ExpiredSnapshots {
        snapshotIds = List.copyOf(snapshotIds);
        deletedFiles = List.copyOf(deletedFiles);
    }
}
