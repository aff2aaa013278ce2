package io.strata.manifest;

import static io.strata.manifest.TestEntries.add;
import static io.strata.manifest.TestEntries.delete;
import static io.strata.manifest.TestEntries.file;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.data.BinaryRow;
import io.strata.data.Decimal;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.format.FieldStats;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class ManifestEntryTest {

    @Test
    void deletesCancelAddsAndLiveFilesKeepFirstSeenOrder() {
        DataFileMeta a = file("data-a-0.orc", 0, 3, 1, 5);
        DataFileMeta b = file("data-b-0.orc", 0, 2, 2, 9);
        DataFileMeta c = file("data-c-0.orc", 0, 1, 4, 4);
        List<ManifestEntry> history = List.of(add("d1", 0, a), add("d1", 0, b), add("d1", 1, c), delete("d1", 0, a),
                add("d1", 0, a.upgrade(5)));
        assertThat(ManifestEntry.mergeEntries(history))
                .containsExactly(add("d1", 0, b), add("d1", 1, c), add("d1", 0, a.upgrade(5)));
    }

    @Test
    void unmatchedDeletesAreDroppedOrKeptOnRequest() {
        DataFileMeta a = file("data-a-0.orc", 0, 3, 1, 5);
        DataFileMeta b = file("data-b-0.orc", 0, 2, 2, 9);
        List<ManifestEntry> window = List.of(delete("d1", 0, a), add("d1", 0, b));
        assertThat(ManifestEntry.mergeEntries(window)).containsExactly(add("d1", 0, b));
        assertThat(ManifestEntry.mergeEntries(window, true)).containsExactly(delete("d1", 0, a), add("d1", 0, b));
    }

    @Test
    void identityNeedsTheSameLevelPartitionBucketAndEmbeddedIndexContent() {
        DataFileMeta a = file("data-a-0.orc", 0, 3, 1, 5);
        assertThat(ManifestEntry.mergeEntries(List.of(add("d1", 0, a), delete("d1", 0, a.upgrade(1))))).hasSize(1);
        assertThat(ManifestEntry.mergeEntries(List.of(add("d1", 0, a), delete("d2", 0, a)))).hasSize(1);
        assertThat(ManifestEntry.mergeEntries(List.of(add("d1", 0, a), delete("d1", 1, a)))).hasSize(1);

        DataFileMeta indexed = withEmbeddedIndex(a, new byte[] {1, 2, 3});
        DataFileMeta sameContent = withEmbeddedIndex(a, new byte[] {1, 2, 3});
        assertThat(add("d1", 0, indexed).identifier()).isEqualTo(add("d1", 0, sameContent).identifier());
        assertThat(add("d1", 0, indexed).identifier().hashCode()).isEqualTo(add("d1", 0, sameContent).identifier().hashCode());
        assertThat(indexed).isEqualTo(sameContent).hasSameHashCodeAs(sameContent);
        assertThat(ManifestEntry.mergeEntries(List.of(add("d1", 0, indexed), delete("d1", 0, sameContent)))).isEmpty();
        assertThat(ManifestEntry.mergeEntries(List.of(add("d1", 0, indexed), delete("d1", 0, a)))).hasSize(1);
    }

    @Test
    void addingAFileTwiceFailsNamingIt() {
        DataFileMeta a = file("data-a-0.orc", 0, 3, 1, 5);
        assertThatThrownBy(() -> ManifestEntry.mergeEntries(List.of(add("d1", 0, a), add("d1", 0, a))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("data-a-0.orc");
    }

    @Test
    void upgradeMovesOnlyTheLevelAndAddRowCountSubtractsDeletes() {
        DataFileMeta a = file("data-a-0.orc", 0, 10, 1, 5);
        DataFileMeta up = a.upgrade(3);
        assertThat(up.level()).isEqualTo(3);
        assertThat(up.fileSource()).isEqualTo(FileSource.APPEND);
        assertThat(up.creationTime()).isEqualTo(a.creationTime());
        assertThat(up).isNotEqualTo(a);
        assertThatThrownBy(() -> up.upgrade(2)).hasMessageContaining("data-a-0.orc").hasMessageContaining("level 3");

        DataFileMeta withDeletes = new DataFileMeta(a.fileName(), a.fileSize(), 10, a.minKey(), a.maxKey(), a.keyStats(),
                a.valueStats(), 0, 9, 0, 0, List.of(), null, 4L, null, null, null, null, null, null);
        assertThat(withDeletes.addRowCount()).isEqualTo(6);
        assertThat(file("x", 0, 7, 1, 1).addRowCount()).isEqualTo(7);
    }

    @Test
    void metadataFileNamesCountPerKindFromZero() {
        MetadataFileNames names = new MetadataFileNames();
        String uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
        assertThat(names.nextManifest()).matches("manifest-" + uuid + "-0");
        assertThat(names.nextManifest()).matches("manifest-" + uuid + "-1");
        assertThat(names.nextManifestList()).matches("manifest-list-" + uuid + "-0");
        assertThat(names.nextIndexManifest()).matches("index-manifest-" + uuid + "-0");
        assertThat(names.nextManifestList()).matches("manifest-list-" + uuid + "-1");
        String a = names.nextManifest();
        String b = names.nextManifestList();
        assertThat(a.substring(9, 45)).isNotEqualTo(b.substring(14, 50));
    }

    @Test
    void creationTimeIsTheLocalWallClock() {
        long before = Timestamp.fromLocalDateTime(java.time.LocalDateTime.now()).millisecond();
        Timestamp now = DataFileMeta.creationTimeNow();
        long after = Timestamp.fromLocalDateTime(java.time.LocalDateTime.now()).millisecond();
        assertThat(now.millisecond()).isBetween(before, after);
        assertThat(now.nanoOfMillisecond()).isZero();
    }

    @Test
    void fileKindAndSourceRoundTripTheirStoredValues() {
        for (FileKind k : FileKind.values()) {
            assertThat(FileKind.fromByteValue(k.toByteValue())).isEqualTo(k);
        }
        for (FileSource s : FileSource.values()) {
            assertThat(FileSource.fromByteValue(s.toByteValue())).isEqualTo(s);
        }
        assertThat(FileKind.DELETE.toByteValue()).isEqualTo((byte) 1);
        assertThatThrownBy(() -> FileKind.fromByteValue((byte) 7)).hasMessageContaining("7");
    }

    @Test
    void simpleStatsOfEncodesNullsAndValuesAsPaimon() {
        RowType type = RowType.of(DataTypes.FIELD(0, "s", DataTypes.STRING()), DataTypes.FIELD(1, "d", DataTypes.DECIMAL(38, 4)),
                DataTypes.FIELD(2, "t", DataTypes.TIMESTAMP(6)));
        SimpleStats stats = SimpleStats.of(new FieldStats[] {
                new FieldStats(Utf8String.fromString("a"), Utf8String.fromString("a-rather-long-value"), 1),
                new FieldStats(null, null, 3),
                new FieldStats(Timestamp.of(5, 456000), Timestamp.of(9, 1000), 0)}, type);
        assertThat(stats.nullCounts()).containsExactly(1L, 3L, 0L);
        assertThat(stats.minValues().getString(0).toString()).isEqualTo("a");
        assertThat(stats.maxValues().getString(0).toString()).isEqualTo("a-rather-long-value");
        assertThat(stats.minValues().isNullAt(1)).isTrue();
        assertThat(stats.maxValues().getTimestamp(2, 6)).isEqualTo(Timestamp.of(9, 1000));
        // A null DECIMAL(38) still reserves its 16 bytes, as Paimon's writer does.
        assertThat(stats.minValues().sizeInBytes()).isEqualTo(8 + 3 * 8 + 16 + 8);

        SimpleStats decimal = SimpleStats.of(new FieldStats[] {new FieldStats(null,
                Decimal.fromBigDecimal(new BigDecimal("12345678901234567890.1234"), 38, 4), 0)},
                RowType.of(DataTypes.FIELD(0, "d", DataTypes.DECIMAL(38, 4))));
        assertThat(decimal.maxValues().getDecimal(0, 38, 4).toBigDecimal()).isEqualByComparingTo("12345678901234567890.1234");
        assertThat(SimpleStats.of(new FieldStats[0], RowType.of())).isEqualTo(SimpleStats.EMPTY_STATS);
        assertThat(SimpleStats.EMPTY_STATS.minValues().toBytesWithArity()).hasSize(4 + 8);
        assertThat(BinaryRow.EMPTY_ROW.arity()).isZero();
    }

    private static DataFileMeta withEmbeddedIndex(DataFileMeta f, byte[] index) {
        return new DataFileMeta(f.fileName(), f.fileSize(), f.rowCount(), f.minKey(), f.maxKey(), f.keyStats(), f.valueStats(),
                f.minSequenceNumber(), f.maxSequenceNumber(), f.schemaId(), f.level(), f.extraFiles(), f.creationTime(),
                f.deleteRowCount(), index, f.fileSource(), f.valueStatsCols(), f.externalPath(), f.firstRowId(), f.writeCols());
    }
}
