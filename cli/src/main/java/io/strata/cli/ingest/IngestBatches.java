package io.strata.cli.ingest;

import io.strata.table.BatchWrite;
import io.strata.table.CommitCallbackException;
import io.strata.table.Table;
import java.util.ArrayList;
import java.util.List;

/**
 * Applies changes to a table in batches, each committed atomically as one snapshot: after every
 * {@code batchSize} input records (0: one batch for the whole input). The changes of one input record always
 * land in the same batch. Until a batch commits nothing of it is visible; {@link #close()} discards an open
 * batch, which is how a failed ingest leaves the table as its last commit left it.
 */
public final class IngestBatches implements AutoCloseable {

    private final Table table;
    private final long batchSize;
    private BatchWrite write;
    private long pendingRecords;
    private long pendingUpserts;
    private long pendingDeletes;
    private long upserted;
    private long deleted;
    private final List<Long> snapshotIds = new ArrayList<>();
    private final List<CommitCallbackException> callbackFailures = new ArrayList<>();

    /** @param batchSize input records per commit; 0 for a single commit at {@link #finish()} */
    public IngestBatches(Table table, long batchSize) {
        this.table = table;
        this.batchSize = batchSize;
    }

    /** Writes the changes of one input record; commits the batch when it is full. */
    public void apply(List<Change> changes) {
        if (changes.isEmpty()) {
            return;
        }
        if (write == null) {
            write = table.newBatchWrite();
        }
        for (Change c : changes) {
            write.write(c.row());
            if (c.kind().isAdd()) {
                pendingUpserts++;
            } else {
                pendingDeletes++;
            }
        }
        pendingRecords++;
        if (batchSize > 0 && pendingRecords >= batchSize) {
            commit();
        }
    }

    /** Commits the open batch, if any. */
    public void finish() {
        if (write != null) {
            commit();
        }
    }

    /**
     * Commits the open batch. A batch whose commit callback failed (the metastore sync, for one) landed:
     * it counts as committed, the failure is kept for {@link #callbackFailures()}, and the ingest goes
     * on, since the next commit's callbacks catch up. A failed or unknown commit is thrown.
     */
    private void commit() {
        long id;
        try {
            id = write.commit();
        } catch (CommitCallbackException e) {
            callbackFailures.add(e);
            id = e.snapshotId();
        } finally {
            write.close();
        }
        write = null;
        if (id >= 0) {
            snapshotIds.add(id);
        }
        upserted += pendingUpserts;
        deleted += pendingDeletes;
        pendingRecords = 0;
        pendingUpserts = 0;
        pendingDeletes = 0;
    }

    /** Input records written to the open (not yet committed) batch. */
    public long pendingRecords() {
        return pendingRecords;
    }

    /** Upsert rows committed. */
    public long upserted() {
        return upserted;
    }

    /** Delete rows committed. */
    public long deleted() {
        return deleted;
    }

    /** The snapshots committed, in order. */
    public List<Long> snapshotIds() {
        return List.copyOf(snapshotIds);
    }

    /** The commits that landed but whose commit callbacks failed, in order. */
    public List<CommitCallbackException> callbackFailures() {
        return List.copyOf(callbackFailures);
    }

    /** Discards the open batch, if any. */
    @Override
    public void close() {
        if (write != null) {
            write.close();
            write = null;
        }
    }
}
