package io.strata.table;

import io.strata.fs.FileIO;
import io.strata.lsm.mergeengine.MergeFunctionFactory;
import io.strata.schema.SchemaManager;
import io.strata.schema.TableOptions;
import io.strata.schema.TableSchema;
import io.strata.snapshot.ChangelogManager;
import io.strata.snapshot.ConsumerManager;
import io.strata.snapshot.Consumers;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.SnapshotManager;
import io.strata.snapshot.Snapshots;
import io.strata.snapshot.TagManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.Optional;
import org.apache.hadoop.fs.Path;

/**
 * A table stored in a directory of a Hadoop FileSystem, with the schema it was loaded with and the
 * {@link #clock() clock} from which everything it decides by time reads the current time: snapshot,
 * changelog, tag and consumer expiration, tag creation times, the age of orphan files, the compaction
 * optimization interval.
 */
public final class FileStoreTable implements Table {

    private final FileIO io;
    private final Path location;
    private final TableSchema schema;
    private final Clock clock;
    private final TablePaths paths;
    private final SnapshotManager snapshotManager;

    private FileStoreTable(FileIO io, Path location, TableSchema schema, Clock clock) {
        this.io = io;
        this.location = location;
        this.schema = schema;
        this.clock = clock;
        this.paths = new TablePaths(location, schema.partitionType(), schema.tableOptions().partitionDefaultName());
        this.snapshotManager = new SnapshotManager(io, location);
    }

    /**
     * The implementation behind a {@link Table}: every table is one, and core's own classes reach its
     * internals (paths, snapshot files, the snapshot manager) through it.
     */
    static FileStoreTable of(Table table) {
        if (table instanceof FileStoreTable fileStore) {
            return fileStore;
        }
        throw new IllegalArgumentException("Not a table of this store: " + table.getClass().getName() + " ("
                + table.location() + ")");
    }

    /** Loads the table at {@code location}; fails with the path if there is no table or its options are unsupported. */
    public static FileStoreTable load(FileIO io, Path location) {
        TableSchema schema = new SchemaManager(io, location).latest().orElseThrow(() -> new IllegalArgumentException(
                "No table at " + location + ": it has no schema/schema-N file"));
        try {
            TableOptions.validateForRead(schema.options());
            if (!schema.primaryKeys().isEmpty()) {
                // Merge-engine options are checked against the columns here, so a table that cannot be
                // read fails when it is loaded (CREATE TABLE in Hive, adoption), not at its first read.
                new MergeFunctionFactory(schema);
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Table " + location + ": " + e.getMessage(), e);
        }
        return new FileStoreTable(io, location, schema, Clock.systemDefaultZone());
    }

    /**
     * The same table deciding by {@code clock} instead of the system clock. Package-private: only the
     * tests of this package run a table on a time of their own (so that "an hour later" needs no
     * sleep); no engine needs it yet, and widening it later breaks nobody while narrowing would.
     */
    FileStoreTable withClock(Clock clock) {
        if (clock == null) {
            throw new IllegalArgumentException("Table " + location + " needs a clock, got null");
        }
        return new FileStoreTable(io, location, schema, clock);
    }

    /**
     * The clock this table decides by: the system clock in the system's zone unless a test set another.
     * Tag creation times and automatic tag periods are local wall-clock times in its zone, as in Paimon.
     */
    @Override
    public Clock clock() {
        return clock;
    }

    @Override
    public Path location() {
        return location;
    }

    @Override
    public TableSchema schema() {
        return schema;
    }

    @Override
    public FileIO fileIO() {
        return io;
    }

    @Override
    public Snapshots snapshots() {
        return snapshotManager;
    }

    /** The snapshot files with the operations of commits, expiration and rollback; core's own use. */
    public SnapshotManager snapshotManager() {
        return snapshotManager;
    }

    public TagManager tagManager() {
        return new TagManager(io, location);
    }

    TablePaths paths() {
        return paths;
    }

    SnapshotFiles snapshotFiles() {
        return new SnapshotFiles(io, paths, schema);
    }

    @Override
    public Optional<Snapshot> latestSnapshot() {
        return snapshotManager.latestSnapshot();
    }

    @Override
    public TableScan newScan() {
        return new TableScan(this);
    }

    @Override
    public TableRead newRead(Plan plan) {
        return new TableRead(this, plan);
    }

    @Override
    public IncrementalScan newIncrementalScan() {
        return new IncrementalScan(this);
    }

    @Override
    public StreamScan newStreamScan() {
        return new StreamScan(this);
    }

    @Override
    public ChangeRead newChangeRead(ChangePlan plan) {
        return new ChangeRead(this, plan);
    }

    /** The changelogs kept longer than their snapshots ({@code changelog/}). */
    public ChangelogManager changelogManager() {
        return new ChangelogManager(io, location);
    }

    @Override
    public BatchWrite newBatchWrite() {
        return new TableWriter(this);
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
            throw CommitFailedException.because(location, e);
        }
    }

    @Override
    public TableCompaction newCompaction() {
        return new TableCompaction(this);
    }

    // --- Snapshot lifecycle ---

    @Override
    public ExpireSnapshots expireSnapshots() {
        return new ExpireSnapshots(this);
    }

    @Override
    public Tags tags() {
        return new Tags(this);
    }

    @Override
    public Consumers consumers() {
        return new ConsumerManager(io, location);
    }

    @Override
    public void rollbackTo(long snapshotId) {
        new Rollback(this).toSnapshot(snapshotId);
    }

    @Override
    public void rollbackToTag(String tagName) {
        new Rollback(this).toTag(tagName);
    }

    @Override
    public RemoveOrphanFiles removeOrphanFiles() {
        return new RemoveOrphanFiles(this);
    }

    @Override
    public String toString() {
        return "Table[" + location + "]";
    }
}
