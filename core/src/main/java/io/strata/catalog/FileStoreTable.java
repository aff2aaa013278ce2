package io.strata.catalog;

import io.strata.fs.FileIO;
import io.strata.schema.TableSchema;
import io.strata.snapshot.Consumers;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.Snapshots;
import io.strata.table.BatchWrite;
import io.strata.table.ChangePlan;
import io.strata.table.ChangeRead;
import io.strata.table.CommitFailedException;
import io.strata.table.ExpirePartitions;
import io.strata.table.ExpireSnapshots;
import io.strata.table.IncrementalScan;
import io.strata.table.Plan;
import io.strata.table.RemoveOrphanFiles;
import io.strata.table.StreamScan;
import io.strata.table.StreamWrite;
import io.strata.table.Table;
import io.strata.table.TableCompaction;
import io.strata.table.TableCommit;
import io.strata.table.TableRead;
import io.strata.table.TableScan;
import io.strata.table.TableWrite;
import io.strata.table.TableStatistics;
import io.strata.table.Tags;
import io.strata.table.commit.CommitHooks;
import io.strata.table.change.ChangeSplitReader;
import io.strata.table.change.SnapshotRangeScan;
import io.strata.table.change.SnapshotStreamScan;
import io.strata.table.compact.FullCompaction;
import io.strata.table.compact.TableCompactor;
import io.strata.table.lifecycle.OrphanFileRemoval;
import io.strata.table.lifecycle.PartitionExpiration;
import io.strata.table.lifecycle.Rollback;
import io.strata.table.lifecycle.SnapshotRetention;
import io.strata.table.lifecycle.TableTags;
import io.strata.table.stats.StatisticsFiles;
import io.strata.table.source.SnapshotScan;
import io.strata.table.source.SplitReader;
import io.strata.table.store.TableStore;
import io.strata.table.write.JobCommit;
import io.strata.table.write.StreamTableWrite;
import io.strata.table.write.TableWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.Optional;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link Table} of a directory of a Hadoop FileSystem: the one place that knows every concern's
 * implementation (scans and reads in {@code table.source}, incremental reads in {@code table.change},
 * writes in {@code table.write}, compactions in {@code table.compact}, the snapshot lifecycle in
 * {@code table.lifecycle}) and hands each the table's {@link TableStore}. Obtained from {@link Tables} or a
 * {@link FileSystemCatalog}.
 */
final class FileStoreTable implements Table {

    private static final Logger LOG = LoggerFactory.getLogger(FileStoreTable.class);

    private final TableStore store;

    private FileStoreTable(TableStore store) {
        this.store = store;
    }

    static FileStoreTable load(FileIO io, Path location, Clock clock) {
        return new FileStoreTable(TableStore.load(io, location, clock));
    }

    @Override
    public Clock clock() {
        return store.clock();
    }

    @Override
    public Path location() {
        return store.location();
    }

    @Override
    public TableSchema schema() {
        return store.schema();
    }

    @Override
    public FileIO fileIO() {
        return store.fileIO();
    }

    @Override
    public Snapshots snapshots() {
        return store.snapshotManager();
    }

    @Override
    public Optional<Snapshot> latestSnapshot() {
        return store.snapshotManager().latestSnapshot();
    }

    @Override
    public TableScan newScan() {
        return new SnapshotScan(store);
    }

    @Override
    public TableRead newRead(Plan plan) {
        return new SplitReader(store, plan);
    }

    @Override
    public IncrementalScan newIncrementalScan() {
        return new SnapshotRangeScan(store);
    }

    @Override
    public StreamScan newStreamScan() {
        return new SnapshotStreamScan(store);
    }

    @Override
    public ChangeRead newChangeRead(ChangePlan plan) {
        return new ChangeSplitReader(store, plan);
    }

    @Override
    public BatchWrite newBatchWrite() {
        return new TableWriter(this);
    }

    @Override
    public TableWrite newTableWrite() {
        return TableWriter.forTask(this);
    }

    @Override
    public TableWrite newReplacingWrite() {
        return TableWriter.forReplacingTask(this);
    }

    @Override
    public TableWrite newUncompactedWrite() {
        return TableWriter.forUncompactedTask(this);
    }

    @Override
    public TableWrite newUncompactedReplacingWrite() {
        return TableWriter.forUncompactedReplacingTask(this);
    }

    @Override
    public TableWrite newUniqueKeyWrite(String why) {
        return TableWriter.forUniqueKeyTask(this, why);
    }

    @Override
    public TableWrite newOverwriteWrite() {
        return TableWriter.forOverwriteTask(this);
    }

    @Override
    public TableCommit newCommit(String commitUser) {
        return new JobCommit(this, commitUser);
    }

    @Override
    public StreamWrite newStreamWrite(String commitUser) {
        return new StreamTableWrite(this, commitUser);
    }

    @Override
    public long compactFull() {
        try {
            return new FullCompaction(this).run();
        } catch (IOException | UncheckedIOException e) {
            throw CommitFailedException.because(store.location(), e);
        }
    }

    @Override
    public TableCompaction newCompaction() {
        return new TableCompactor(this, TableWriter::forPostponeCompaction);
    }

    @Override
    public ExpireSnapshots expireSnapshots() {
        return new SnapshotRetention(store);
    }

    @Override
    public Tags tags() {
        return new TableTags(store);
    }

    @Override
    public TableStatistics statistics() {
        return new StatisticsFiles(this);
    }

    @Override
    public Consumers consumers() {
        return store.consumerManager();
    }

    @Override
    public void rollbackTo(long snapshotId) {
        new Rollback(store).toSnapshot(snapshotId);
        announceLatest();
    }

    @Override
    public void rollbackToTag(String tagName) {
        new Rollback(store).toTag(tagName);
        announceLatest();
    }

    /**
     * After a rollback: the commit callbacks (the metastore sync) learn the snapshot that is now the latest, as
     * after a commit, so what mirrors the table moves back with it.
     */
    private void announceLatest() {
        Snapshot latest = snapshots().latestSnapshot().orElseThrow(() -> new IllegalStateException(
                "Table " + location() + " has no snapshot after the rollback"));
        CommitHooks hooks;
        try {
            hooks = CommitHooks.open(this);
        } catch (RuntimeException e) {
            // The rollback stands; a sync that could not start catches up at the next commit or sync.
            LOG.warn("Table {} rolled back to snapshot {}, but its commit callbacks could not start: {}", location(),
                    latest.id(), e.getMessage());
            return;
        }
        try (hooks) {
            hooks.becameLatest(latest);
        }
    }

    @Override
    public ExpirePartitions expirePartitions() {
        return new PartitionExpiration(this);
    }

    @Override
    public RemoveOrphanFiles removeOrphanFiles() {
        return new OrphanFileRemoval(store);
    }

    @Override
    public String toString() {
        return "Table[" + store.location() + "]";
    }
}
