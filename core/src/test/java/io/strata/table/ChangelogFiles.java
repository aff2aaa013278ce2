package io.strata.table;

import io.strata.data.GenericRow;
import io.strata.format.FileFormat;
import io.strata.format.FormatFactory;
import io.strata.format.registry.FormatFactories;
import io.strata.lsm.DataFileCursor;
import io.strata.lsm.DataFileReadType;
import io.strata.lsm.RecordCursor;
import io.strata.manifest.ManifestEntry;
import io.strata.manifest.ManifestFileMeta;
import io.strata.snapshot.Snapshot;
import io.strata.table.store.SnapshotFiles;
import io.strata.table.store.TableStore;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.Path;

/**
 * Reads a table's changelog as a consumer would: the changelog files of each snapshot (listed in its
 * changelog manifest list), in snapshot order, read with Strata's file readers. Rows keep their kinds.
 */
final class ChangelogFiles {

    private ChangelogFiles() {}

    /** The changelog rows of the snapshots {@code fromExclusive < id <= toInclusive}, in order. */
    static List<GenericRow> read(Table table, long fromExclusive, long toInclusive) throws IOException {
        List<GenericRow> rows = new ArrayList<>();
        for (long id = fromExclusive + 1; id <= toInclusive; id++) {
            rows.addAll(ofSnapshot(table, table.snapshots().snapshot(id)));
        }
        return rows;
    }

    /** Every changelog row of every snapshot, in order. */
    static List<GenericRow> readAll(Table table) throws IOException {
        Long latest = table.snapshots().latestSnapshotId();
        return latest == null ? List.of() : read(table, 0, latest);
    }

    static List<ManifestEntry> entries(Table table, Snapshot snapshot) throws IOException {
        if (snapshot.changelogManifestList() == null) {
            return List.of();
        }
        List<ManifestEntry> out = new ArrayList<>();
        SnapshotFiles files = TableStore.of(table).snapshotFiles();
        for (ManifestFileMeta m : files.manifestList().read(snapshot.changelogManifestList())) {
            out.addAll(files.manifestFile(Long.MAX_VALUE).read(m.fileName()));
        }
        return out;
    }

    static List<GenericRow> ofSnapshot(Table table, Snapshot snapshot) throws IOException {
        RowType rowType = table.schema().rowType();
        boolean[] all = new boolean[rowType.fieldCount()];
        Arrays.fill(all, true);
        DataFileReadType readType = new DataFileReadType(rowType, all, true);
        List<GenericRow> rows = new ArrayList<>();
        for (ManifestEntry e : entries(table, snapshot)) {
            Path path = new Path(TableStore.of(table).paths().bucketDirectory(e.partition(), e.bucket()), e.file().fileName());
            FormatFactory format = FormatFactories.of(FileFormat.fromFileName(e.file().fileName()));
            try (RecordCursor c = new DataFileCursor(format.createReader(table.fileIO(), path, readType.fileReadType(), 1024),
                    readType, null)) {
                while (c.advance()) {
                    GenericRow r = GenericRow.copyOf(c.value(), rowType);
                    r.setKind(c.kind());
                    rows.add(r);
                }
            }
        }
        return rows;
    }

    /**
     * Applies changelog rows to a map from key text to row text: +I/+U put, -U/-D remove (the key must
     * be there); fails on a retraction of a missing key.
     */
    static Map<String, String> replay(List<GenericRow> changelog, RowType type, int keyPosition,
            Map<String, String> state) {
        for (GenericRow r : changelog) {
            String key = String.valueOf(r.get(keyPosition));
            if (r.kind().isAdd()) {
                state.put(key, TestRows.format(r, type));
            } else {
                String old = state.remove(key);
                if (old == null) {
                    throw new AssertionError("Changelog retracts key " + key + " which is not there: " + r);
                }
                if (!old.equals(TestRows.format(r, type))) {
                    throw new AssertionError("Changelog retracts " + TestRows.format(r, type) + " but the row is " + old);
                }
            }
        }
        return state;
    }

    static Map<String, String> replay(List<GenericRow> changelog, RowType type, int keyPosition) {
        return replay(changelog, type, keyPosition, new TreeMap<>());
    }

    /** Kind and values of each row, sorted: a multiset to compare. */
    static List<String> multiset(List<GenericRow> rows, RowType type) {
        List<String> out = new ArrayList<>();
        for (GenericRow r : rows) {
            out.add(r.kind().shortString() + TestRows.format(r, type));
        }
        out.sort(null);
        return out;
    }
}
