package io.strata.table.metadata;

import io.strata.manifest.ManifestEntry;
import io.strata.manifest.ManifestFile;
import io.strata.manifest.ManifestFileMeta;
import io.strata.schema.SchemaManager;
import io.strata.schema.TableSchema;
import io.strata.snapshot.Snapshot;
import io.strata.table.Table;
import io.strata.table.store.SnapshotFiles;
import io.strata.table.store.TableStore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The snapshot a per-snapshot metadata table describes, and the schema it describes it in: the snapshot
 * asked for with that snapshot's own schema, or else the latest snapshot with the table's latest schema.
 * Paimon does the same: its system tables read the latest schema, and time travel ({@code scan.snapshot-id})
 * switches the table to the schema of the snapshot it travels to.
 */
final class DescribedSnapshot {

    private final Table table;
    private final Snapshot snapshot;
    private final TableSchema schema;

    private DescribedSnapshot(Table table, Snapshot snapshot, TableSchema schema) {
        this.table = table;
        this.snapshot = snapshot;
        this.schema = schema;
    }

    /**
     * Snapshot {@code snapshotId} of {@code table}, or its latest (empty when the table has no snapshot);
     * fails naming the snapshot and the table when there is no snapshot of that id.
     */
    static Optional<DescribedSnapshot> of(Table table, OptionalLong snapshotId) {
        if (snapshotId.isPresent()) {
            long id = snapshotId.getAsLong();
            Snapshot snapshot = table.snapshots().snapshotIfExists(id).orElseThrow(() -> new IllegalArgumentException(
                    "Snapshot " + id + " of table " + table.location() + " does not exist (" + present(table) + ")"));
            return Optional.of(new DescribedSnapshot(table, snapshot, schemas(table).schema(snapshot.schemaId())));
        }
        return table.snapshots().latestSnapshot()
                .map(latest -> new DescribedSnapshot(table, latest, latestSchema(table)));
    }

    /** The table's newest schema now: an ALTER since the table was loaded counts, as Paimon reads it afresh. */
    static TableSchema latestSchema(Table table) {
        return schemas(table).latest().orElse(table.schema());
    }

    static SchemaManager schemas(Table table) {
        return new SchemaManager(table.fileIO(), table.location());
    }

    private static String present(Table table) {
        Long earliest = table.snapshots().earliestSnapshotId();
        Long latest = table.snapshots().latestSnapshotId();
        return earliest == null || latest == null ? "the table has no snapshot"
                : "its snapshots are " + earliest + " to " + latest;
    }

    Snapshot snapshot() {
        return snapshot;
    }

    TableSchema schema() {
        return schema;
    }

    Table table() {
        return table;
    }

    /** The manifests of the snapshot's data files: those of its base manifest list, then of its delta list. */
    List<ManifestFileMeta> dataManifests() throws IOException {
        return files().dataManifests(snapshot);
    }

    /**
     * Every entry of the data manifests, ADDs and DELETEs, in manifest order: what Paimon's partition and
     * bucket totals sum (a DELETE subtracts its file).
     */
    List<ManifestEntry> manifestEntries() throws IOException {
        ManifestFile reader = files().manifestFile(Long.MAX_VALUE);
        List<ManifestEntry> entries = new ArrayList<>();
        for (ManifestFileMeta manifest : dataManifests()) {
            entries.addAll(reader.read(manifest.fileName()));
        }
        return entries;
    }

    /** The live data files of the snapshot: the ADDs without a DELETE. */
    List<ManifestEntry> liveEntries() throws IOException {
        return files().liveEntries(snapshot, null);
    }

    private SnapshotFiles files() {
        return TableStore.of(table).snapshotFiles();
    }

    @Override
    public String toString() {
        return "snapshot " + snapshot.id() + " of table " + table.location();
    }
}
