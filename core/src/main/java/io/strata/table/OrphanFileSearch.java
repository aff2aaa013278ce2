package io.strata.table;

import io.strata.api.PublicApi;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.Path;

/**
 * The steps of one orphan-file removal ({@link RemoveOrphanFiles#search()}), each small enough to run in a task
 * of its own, so that a table with millions of files is searched by many tasks (the MapReduce job
 * {@code io.strata.jobs.OrphanFilesJob}) and not by one process. {@link RemoveOrphanFiles#execute()} runs the same
 * steps in one process.
 *
 * <p>A file is an orphan when it is a {@link #candidates candidate} and either cannot be referenced at all
 * ({@link Candidate#referencable()} false: a commit's temporary file, what a killed job staged) or no name in
 * the {@link References} and in the {@link #dataFiles data files of their manifests} equals its name. The
 * references must be complete when a candidate is judged: a search that read them before listing the
 * candidates adds what snapshots committed meanwhile reference ({@link #referencedAfter}).
 */
@PublicApi
public interface OrphanFileSearch {

    /** Only files last modified before this instant are candidates. */
    Instant olderThan();

    /** The directories whose files may be orphans: metadata directories, every bucket directory, staged jobs. */
    List<Path> directories();

    /** The files of {@code directory} that are old enough to be orphans; none if it is gone. */
    List<Candidate> candidates(Path directory);

    /**
     * Reads what the table's snapshots, tags, changelogs and branches reference, except the contents of their
     * data manifests, which {@link #dataFiles} reads one manifest at a time.
     */
    References references();

    /** The names of the data files (with their extra files) that one manifest lists; none if it is gone. */
    List<String> dataFiles(String manifest);

    /**
     * The names of every file that snapshots and tags committed after {@code references} were read refer to:
     * what a search whose candidates were listed after reading the references must protect as well.
     */
    Set<String> referencedAfter(References references);

    /**
     * Deletes these orphans, then the bucket and staging directories they leave empty. A file that cannot be
     * deleted is logged and skipped (it stays an orphan for the next run). Returns the files deleted.
     */
    List<Path> delete(List<Path> orphans);

    /**
     * A file that may be an orphan.
     *
     * @param path the file
     * @param referencable false when no snapshot can ever reference it (then it is an orphan when old enough)
     */
    record Candidate(Path path, boolean referencable) {}

    /**
     * What the table referenced when read.
     *
     * @param latestSnapshots the latest snapshot id of the table ({@code ""}) and of each branch (its name), as
     *     they were before reading: snapshots after these were not read
     * @param metadataFiles the names of referenced manifest lists, manifests, index manifests, index files and
     *     statistics files
     * @param manifests the data and changelog manifests whose {@link #dataFiles} are referenced too
     */
    record References(Map<String, Long> latestSnapshots, Set<String> metadataFiles, List<String> manifests) {

        public References {
            latestSnapshots = Map.copyOf(latestSnapshots);
            metadataFiles = Set.copyOf(metadataFiles);
            manifests = List.copyOf(manifests);
        }
    }
}
