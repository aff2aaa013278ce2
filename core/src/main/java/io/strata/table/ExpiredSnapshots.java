package io.strata.table;

import io.strata.api.PublicApi;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * What a snapshot expiration removed.
 *
 * @param snapshotIds the expired snapshots, ascending (their snapshot files are gone)
 * @param deletedFiles the data, changelog, index, manifest and manifest-list files deleted with them
 * @param changelogIds the kept changelogs ({@code changelog/changelog-N}) that expired in the same run
 */
@PublicApi
public record ExpiredSnapshots(List<Long> snapshotIds, List<Path> deletedFiles, List<Long> changelogIds) {

    /** Nothing expired. */
    public static final ExpiredSnapshots NONE = new ExpiredSnapshots(List.of(), List.of());

    public ExpiredSnapshots {
        snapshotIds = List.copyOf(snapshotIds);
        deletedFiles = List.copyOf(deletedFiles);
        changelogIds = List.copyOf(changelogIds);
    }

    /** Snapshots expired, no changelog. */
    public ExpiredSnapshots(List<Long> snapshotIds, List<Path> deletedFiles) {
        this(snapshotIds, deletedFiles, List.of());
    }

    /** This run followed by a changelog expiration. */
    ExpiredSnapshots plusChangelogs(ExpiredSnapshots changelogs) {
        List<Path> files = new ArrayList<>(deletedFiles);
        files.addAll(changelogs.deletedFiles());
        return new ExpiredSnapshots(snapshotIds, files, changelogs.changelogIds());
    }
}
