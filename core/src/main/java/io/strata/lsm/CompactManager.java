package io.strata.lsm;

import io.strata.data.Row;
import io.strata.manifest.DataFileMeta;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Runs the compactions of one primary-key bucket beside its writer, one at a time, on an executor the
 * writer's buckets share. The writer adds each flushed level-0 file, asks for a compaction after each
 * flush and before each commit, and collects finished results, which are then applied to the
 * {@link Levels}. Writes stall (the writer waits for the running compaction) only when the bucket has
 * more sorted runs than {@code num-sorted-run.stop-trigger}.
 *
 * <p>Deletes are dropped when the output level is the highest non-empty level of the bucket: nothing
 * older lies beneath, so a delete has nothing left to hide. Not thread-safe: the writer's thread calls
 * every method; only the compaction task runs elsewhere, on files it was handed.
 */
public final class CompactManager {

    private final ExecutorService executor;
    private final Levels levels;
    private final CompactStrategy strategy;
    private final Comparator<Row> keyComparator;
    private final long compactionFileSize;
    private final int numSortedRunStopTrigger;
    private final CompactRewriter rewriter;
    private final String bucketDescription;
    /** Deletion-vectors mode: old rows of a deleted key are marked in vectors, so deletes are always dropped. */
    private final boolean deletionVectors;
    /** Record-level expiry, or null. */
    private final RecordLevelExpire expire;
    private Future<CompactResult> running;

    /**
     * @param keyComparator order of file min/max keys (BinaryRows of the trimmed primary key)
     * @param compactionFileSize files at least this big are moved up a level rather than rewritten
     * @param bucketDescription names the bucket in errors (table, partition, bucket)
     */
    public CompactManager(ExecutorService executor, Levels levels, CompactStrategy strategy, Comparator<Row> keyComparator,
            long compactionFileSize, int numSortedRunStopTrigger, CompactRewriter rewriter, String bucketDescription) {
        this(executor, levels, strategy, keyComparator, compactionFileSize, numSortedRunStopTrigger, rewriter,
                bucketDescription, false);
    }

    /**
     * @param deletionVectors whether the rewriter maintains deletion vectors: then every compaction into a
     *     level above 0 drops deletes, as Paimon's, since the rows they delete are marked in vectors
     */
    public CompactManager(ExecutorService executor, Levels levels, CompactStrategy strategy, Comparator<Row> keyComparator,
            long compactionFileSize, int numSortedRunStopTrigger, CompactRewriter rewriter, String bucketDescription,
            boolean deletionVectors) {
        this(executor, levels, strategy, keyComparator, compactionFileSize, numSortedRunStopTrigger, rewriter,
                bucketDescription, deletionVectors, null);
    }

    /**
     * @param expire the table's record-level expiry, or null: full compactions then also rewrite max-level
     *     files with expired records, and no compaction moves such a file up unchanged
     */
    public CompactManager(ExecutorService executor, Levels levels, CompactStrategy strategy, Comparator<Row> keyComparator,
            long compactionFileSize, int numSortedRunStopTrigger, CompactRewriter rewriter, String bucketDescription,
            boolean deletionVectors, RecordLevelExpire expire) {
        this.expire = expire;
        this.deletionVectors = deletionVectors;
        this.executor = executor;
        this.levels = levels;
        this.strategy = strategy;
        this.keyComparator = keyComparator;
        this.compactionFileSize = compactionFileSize;
        this.numSortedRunStopTrigger = numSortedRunStopTrigger;
        this.rewriter = rewriter;
        this.bucketDescription = bucketDescription;
    }

    public Levels levels() {
        return levels;
    }

    public void addNewFile(DataFileMeta file) {
        levels.addLevel0File(file);
    }

    /** Whether the bucket has more runs than the stop trigger: the writer must wait for the compaction. */
    public boolean shouldWaitForLatestCompaction() {
        return levels.numberOfSortedRuns() > numSortedRunStopTrigger;
    }

    public boolean isCompacting() {
        return running != null;
    }

    /**
     * Starts a compaction if none is running and the strategy picks one. A full compaction merges the
     * whole bucket into the max level; the caller must have collected the running one's result first.
     */
    public void triggerCompaction(boolean fullCompaction) throws IOException {
        Optional<CompactUnit> unit;
        if (fullCompaction) {
            if (running != null) {
                throw new IllegalStateException("A compaction of " + bucketDescription
                        + " is still running: collect its result before a full compaction");
            }
            unit = CompactStrategy.pickFullCompaction(levels.numberOfLevels(), levels.levelSortedRuns(), expire);
        } else {
            if (running != null) {
                return;
            }
            unit = strategy.pick(levels.numberOfLevels(), levels.levelSortedRuns())
                    .filter(u -> !u.files().isEmpty())
                    .filter(u -> u.files().size() > 1 || u.files().get(0).level() != u.outputLevel());
        }
        if (unit.isEmpty()) {
            return;
        }
        CompactUnit picked = unit.get();
        boolean dropDelete = picked.outputLevel() != 0
                && (deletionVectors || picked.outputLevel() >= levels.nonEmptyHighestLevel());
        List<LevelSortedRun> untouched = new ArrayList<>();
        for (LevelSortedRun run : levels.levelSortedRuns()) {
            if (run.level() > picked.outputLevel()) {
                untouched.add(run);
            }
        }
        rewriter.beforeCompaction(picked.outputLevel(), untouched);
        MergeTreeCompactTask task = new MergeTreeCompactTask(keyComparator, rewriter, picked, dropDelete,
                levels.maxLevel(), compactionFileSize, expire);
        running = executor.submit(task);
    }

    /**
     * The result of the running compaction once it finished (waiting for it if {@code blocking}),
     * already applied to the levels; empty if none ran or it is still running.
     */
    public Optional<CompactResult> compactionResult(boolean blocking) throws IOException {
        if (running == null || (!blocking && !running.isDone())) {
            return Optional.empty();
        }
        Future<CompactResult> done = running;
        running = null;
        CompactResult result;
        try {
            result = done.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("Interrupted while waiting for the compaction of " + bucketDescription);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw new IOException("Compaction of " + bucketDescription + " failed: " + cause, cause);
        }
        levels.update(result.before(), result.after());
        return Optional.of(result);
    }
}
