package io.strata.table;

import io.strata.api.PublicApi;
import java.time.Instant;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * Finds and removes orphan files: files in the table's data and metadata directories that no
 * snapshot, tag, changelog or branch references, left behind by failed or crashed writes, expirations
 * or rollbacks. Only files last modified before {@link #olderThan} (default: one day ago) are
 * candidates, so the files of a write still in flight are never touched. Immutable.
 *
 * <p>Looked at, as Paimon does: {@code manifest/}, {@code index/}, {@code statistics/}, every bucket
 * directory, and the files of {@code snapshot/} and {@code changelog/} that are not snapshots,
 * changelogs or hints (temporary files of commits); and, Strata's own, the job directories of
 * {@link TablePaths#stagingDirectory()} (what distributed jobs killed before their commit staged).
 * Never touched: schemas, tags, consumers, branches.
 */
@PublicApi
public interface RemoveOrphanFiles {

    /** Only files last modified before {@code time} are removed; it must be in the past. */
    RemoveOrphanFiles olderThan(Instant time);

    /** The orphan files that {@link #execute()} would delete, deleting nothing (a dry run). */
    List<Path> list();

    /** Deletes the orphan files; returns them. */
    List<Path> execute();

    /** The steps of this removal, to run them spread over tasks (the MapReduce job does). */
    OrphanFileSearch search();
}
