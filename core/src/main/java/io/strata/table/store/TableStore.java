package io.strata.table.store;

import io.strata.fs.FileIO;
import io.strata.lsm.mergeengine.MergeFunctionFactory;
import io.strata.schema.SchemaManager;
import io.strata.schema.TableOptions;
import io.strata.schema.TableSchema;
import io.strata.snapshot.ChangelogManager;
import io.strata.snapshot.ConsumerManager;
import io.strata.snapshot.SnapshotManager;
import io.strata.snapshot.TagManager;
import io.strata.table.Table;
import io.strata.table.TablePaths;
import java.time.Clock;
import org.apache.hadoop.fs.Path;

/**
 * What every concern of a table (scans, writes, commits, compactions, the snapshot lifecycle) shares: the
 * file system, the directory and its layout, the schema, the snapshot, tag, consumer and changelog files,
 * and the clock. Built from a {@link Table}'s public accessors, so an implementation of one concern never
 * needs the class that implements {@code Table}.
 */
public final class TableStore {

    private final FileIO io;
    private final Path location;
    private final TableSchema schema;
    private final Clock clock;
    private final TablePaths paths;
    private final SnapshotManager snapshotManager;

    public TableStore(FileIO io, Path location, TableSchema schema, Clock clock) {
        this.io = io;
        this.location = location;
        this.schema = schema;
        this.clock = clock;
        this.paths = new TablePaths(location, schema.partitionType(), schema.tableOptions().partitionDefaultName());
        this.snapshotManager = new SnapshotManager(io, location);
    }

    /** The store of {@code table}, as it was loaded (its schema and clock). */
    public static TableStore of(Table table) {
        return new TableStore(table.fileIO(), table.location(), table.schema(), table.clock());
    }

    /**
     * The table at {@code location} with its latest schema; fails with the path if there is no table or
     * its options cannot be read.
     */
    public static TableStore load(FileIO io, Path location, Clock clock) {
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
        return new TableStore(io, location, schema, clock);
    }

    /** The same table with its latest schema (an ALTER since this store was loaded may have changed it). */
    public TableStore reloaded() {
        return load(io, location, clock);
    }

    public FileIO fileIO() {
        return io;
    }

    public Path location() {
        return location;
    }

    public TableSchema schema() {
        return schema;
    }

    /** The clock by which the table decides what is old (retention, expiry) and stamps new snapshots. */
    public Clock clock() {
        return clock;
    }

    public TablePaths paths() {
        return paths;
    }

    public SnapshotManager snapshotManager() {
        return snapshotManager;
    }

    public TagManager tagManager() {
        return new TagManager(io, location);
    }

    /** The changelogs kept longer than their snapshots ({@code changelog/}). */
    public ChangelogManager changelogManager() {
        return new ChangelogManager(io, location);
    }

    public ConsumerManager consumerManager() {
        return new ConsumerManager(io, location);
    }

    /** The files that the snapshots of this schema's table reference. */
    public SnapshotFiles snapshotFiles() {
        return new SnapshotFiles(io, paths, schema);
    }

    @Override
    public String toString() {
        return "TableStore[" + location + "]";
    }
}
