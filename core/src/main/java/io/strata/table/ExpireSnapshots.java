package io.strata.table;

import io.strata.api.PublicApi;
import java.time.Instant;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * Expiration of a table's oldest snapshots, refined then committed; starts from the table's
 * {@code snapshot.*} options. Immutable: each refinement returns a new action.
 *
 * <pre>{@code
 * Result gone = table.expireSnapshots().retainLast(5).commit();
 * }</pre>
 *
 * <p>Retained snapshots, tagged snapshots and the snapshots a consumer still needs stay readable, with
 * every file they reference; see {@code docs/snapshot-lifecycle.md}.
 */
@PublicApi
public interface ExpireSnapshots {

    /** Keeps at least this many of the newest snapshots (default {@code snapshot.num-retained.min}). */
    ExpireSnapshots retainMin(int snapshots);

    /** Keeps at most this many snapshots, whatever their age (default {@code snapshot.num-retained.max}). */
    ExpireSnapshots retainMax(int snapshots);

    /** Keeps exactly the newest {@code snapshots} (fewer only if the table has fewer), whatever their age. */
    ExpireSnapshots retainLast(int snapshots);

    /**
     * Expires only snapshots committed before {@code time} (default: now minus
     * {@code snapshot.time-retained}), within the retain-min and retain-max bounds.
     */
    ExpireSnapshots olderThan(Instant time);

    /** Expires at most this many snapshots in this run (default {@code snapshot.expire.limit}). */
    ExpireSnapshots maxDeletes(int snapshots);

    /**
     * Expires the snapshots and deletes the files nothing else needs; where the table keeps changelogs
     * longer than snapshots ({@code changelog.*} options), expired snapshots leave their changelogs in
     * {@code changelog/}, and the kept changelogs past their own retention expire next. Fails before
     * changing anything if the table's lifecycle options or the refinements are invalid.
     */
    Result commit();

    /**
     * The snapshots {@link #commit()} would expire now, changing nothing: a preview ({@code strata expire
     * --dry-run}) and the expiration share this one plan. Fails like {@code commit()} on invalid options or
     * refinements.
     */
    Plan plan();

    /**
     * Which snapshots an expiration expires: those from the earliest up to (excluding) an end snapshot,
     * where the end keeps at least {@code retainMin} snapshots, at most {@code retainMax}, no snapshot a
     * consumer still needs (from its next snapshot on), expires at most {@code maxDeletes} at a time, and
     * stops at the first snapshot committed at or after {@code olderThan} (unless beyond {@code retainMax}):
     * Paimon 1.4.2's rules. {@link ExpireSnapshots#plan()} makes it and {@link ExpireSnapshots#commit()}
     * executes exactly it, so a preview ({@code strata expire --dry-run}) and an expiration never disagree.
     *
     * @param earliest the earliest snapshot when planned (-1: the table has none)
     * @param endExclusive the first snapshot that stays ({@code <= earliest}: nothing expires)
     * @param snapshotIds the snapshots in [earliest, endExclusive) that exist, ascending
     */
    record Plan(long earliest, long endExclusive, List<Long> snapshotIds) {

        public Plan {
            snapshotIds = List.copyOf(snapshotIds);
        }

        /** Whether nothing would expire. */
        public boolean isEmpty() {
            return snapshotIds.isEmpty();
        }
    }

    /**
     * What a snapshot expiration removed.
     *
     * @param snapshotIds the expired snapshots, ascending (their snapshot files are gone)
     * @param deletedFiles the data, changelog, index, manifest and manifest-list files deleted with them
     * @param changelogIds the kept changelogs ({@code changelog/changelog-N}) that expired in the same run
     */
    record Result(List<Long> snapshotIds, List<Path> deletedFiles, List<Long> changelogIds) {

        /** Nothing expired. */
        public static final Result NONE = new Result(List.of(), List.of());

        public Result {
            snapshotIds = List.copyOf(snapshotIds);
            deletedFiles = List.copyOf(deletedFiles);
            changelogIds = List.copyOf(changelogIds);
        }

        /** Snapshots expired, no changelog. */
        public Result(List<Long> snapshotIds, List<Path> deletedFiles) {
            this(snapshotIds, deletedFiles, List.of());
        }
    }
}
