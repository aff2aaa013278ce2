package io.strata.manifest;

import io.strata.data.BinaryRow;
import io.strata.data.BinaryRowWriter;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.format.FieldStats;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.util.List;

/** Small builders of metadata for tests. */
final class TestEntries {

    static final RowType PARTITION = RowType.of(DataTypes.FIELD(0, "dt", DataTypes.STRING().withNullable(false)));
    static final RowType KEY = RowType.of(DataTypes.FIELD(1, "_KEY_id", DataTypes.INT().withNullable(false)));

    private TestEntries() {}

    static BinaryRow partition(String dt) {
        BinaryRowWriter w = new BinaryRowWriter(1);
        w.writeString(0, Utf8String.fromString(dt));
        return w.complete();
    }

    static BinaryRow key(int id) {
        BinaryRowWriter w = new BinaryRowWriter(1);
        w.writeInt(0, id);
        return w.complete();
    }

    static DataFileMeta file(String name, int level, long rows, int minKey, int maxKey) {
        SimpleStats keyStats = SimpleStats.of(
                new FieldStats[] {new FieldStats(minKey, maxKey, 0)}, KEY);
        return new DataFileMeta(name, 1000 + rows, rows, key(minKey), key(maxKey), keyStats, SimpleStats.EMPTY_STATS,
                0, rows - 1, 0, level, List.of(), Timestamp.fromEpochMillis(1_700_000_000_000L + rows), 0L, null,
                level == 0 ? FileSource.APPEND : FileSource.COMPACT, List.of(), null, null, null);
    }

    static ManifestEntry add(String dt, int bucket, DataFileMeta file) {
        return new ManifestEntry(FileKind.ADD, partition(dt), bucket, 2, file);
    }

    static ManifestEntry delete(String dt, int bucket, DataFileMeta file) {
        return new ManifestEntry(FileKind.DELETE, partition(dt), bucket, 2, file);
    }
}
