package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.data.GenericRow;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.oracle.PaimonOracle;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Record-level expiry ({@code record-level.expire-time} over {@code record-level.time-field}) as Paimon 1.4.2
 * does it: the same rows written by Paimon into two tables, one compacted by Paimon and one by Strata, read the
 * same afterwards (expired records gone, the rest kept, reads before the compaction still seeing them); a
 * bucket that is one run at the max level has its expired records removed by the next full compaction once
 * time passed; bad time fields are refused naming the option.
 */
class RecordLevelExpirePaimonInteropTest {

    @TempDir
    Path dir;

    private static RowType type(DataType time) {
        return new RowType(List.of(new DataField(0, "id", DataTypes.INT().withNullable(false)),
                new DataField(1, "ts", time), new DataField(2, "v", DataTypes.STRING())));
    }

    /** A time of {@code type} for {@code instant}: seconds (INT, BIGINT), milliseconds (BIGINT ms), timestamp. */
    private static Object time(String kind, Instant instant) {
        return switch (kind) {
            case "int" -> (int) instant.getEpochSecond();
            case "bigint-millis" -> instant.toEpochMilli();
            default -> Timestamp.fromEpochMillis(instant.toEpochMilli());
        };
    }

    private static DataType timeType(String kind) {
        return switch (kind) {
            case "int" -> DataTypes.INT();
            case "bigint-millis" -> DataTypes.BIGINT();
            default -> DataTypes.TIMESTAMP(3);
        };
    }

    /** Ids 0-9 two hours old, 10-19 fresh, 20-21 without a time; then 0-4 updated with a fresh time. */
    private static void write(PaimonOracle paimon, String table, String kind, Instant now) {
        List<GenericRow> rows = new ArrayList<>();
        for (int id = 0; id < 22; id++) {
            Object t = id >= 20 ? null : time(kind, id < 10 ? now.minus(Duration.ofHours(2)) : now);
            rows.add(GenericRow.of(id, t, Utf8String.fromString("v" + id)));
        }
        paimon.write("db", table, rows);
        List<GenericRow> updates = new ArrayList<>();
        for (int id = 0; id < 5; id++) {
            updates.add(GenericRow.of(id, time(kind, now), Utf8String.fromString("u" + id)));
        }
        paimon.write("db", table, updates);
    }

    @ParameterizedTest
    @ValueSource(strings = {"int", "bigint-millis", "timestamp"})
    void compactionsDropExpiredRecordsAsPaimonsDo(String kind) throws Exception {
        Map<String, String> options = Map.of("bucket", "2", "record-level.expire-time", "1 h",
                "record-level.time-field", "ts");
        Instant now = Instant.now();
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            for (String name : List.of("paimon_compacted", "strata_compacted")) {
                paimon.createTable("db", name, type(timeType(kind)), List.of(), List.of("id"), options);
                write(paimon, name, kind, now);
            }
            Table strata = LifecycleTables.load(paimon.tablePath("db", "strata_compacted"));
            assertThat(TestRows.readAll(strata)).as("before a compaction every record is read").hasSize(22);
            paimon.compact("db", "paimon_compacted");
            strata.compactFull();
            List<String> expected = TestRows.formatAll(paimon.readAll("db", "paimon_compacted"), strata.schema().rowType());
            assertThat(expected).as("ids 5-9 expired").hasSize(17).noneMatch(r -> r.startsWith("[5,"));
            assertThat(TestRows.readAll(strata)).isEqualTo(expected);
            assertThat(TestRows.formatAll(paimon.readAll("db", "strata_compacted"), strata.schema().rowType()))
                    .isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"int"})
    void aBucketAtTheMaxLevelLosesItsExpiredRecordsOnceTimePassed(String kind) throws Exception {
        Instant now = Instant.now();
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            paimon.createTable("db", "t", type(timeType(kind)), List.of(), List.of("id"), Map.of("bucket", "1",
                    "record-level.expire-time", "1 h", "record-level.time-field", "ts"));
            List<GenericRow> rows = new ArrayList<>();
            for (int id = 0; id < 10; id++) {
                rows.add(GenericRow.of(id, time(kind, id < 3 ? now.minus(Duration.ofMinutes(50)) : now),
                        Utf8String.fromString("v" + id)));
            }
            paimon.write("db", "t", rows);
            ManualClock clock = ManualClock.at(now);
            Table strata = clock.drive(LifecycleTables.load(paimon.tablePath("db", "t")));
            strata.compactFull();
            long compacted = strata.snapshots().latestSnapshotId();
            assertThat(TestRows.readAll(strata)).hasSize(10);
            assertThat(strata.compactFull()).as("one run at the max level, nothing expired: nothing to do").isEqualTo(-1);
            clock.advance(Duration.ofMinutes(20));
            strata.compactFull();
            assertThat(strata.snapshots().latestSnapshotId()).isEqualTo(compacted + 1);
            assertThat(TestRows.readAll(strata)).hasSize(7).noneMatch(r -> r.startsWith("[0,"));
            assertThat(paimon.readAll("db", "t")).hasSize(7);
        }
    }

    /**
     * {@code compaction.total-size-threshold}: a small bucket of several runs is compacted fully by the writer's
     * own compaction (Paimon at its second commit, Strata's policy compaction), expired records dropped on the way.
     */
    @org.junit.jupiter.api.Test
    void aSmallBucketIsCompactedFullyByTheTotalSizeThreshold() throws Exception {
        Map<String, String> options = Map.of("bucket", "1", "record-level.expire-time", "1 h",
                "record-level.time-field", "ts", "compaction.total-size-threshold", "1 gb",
                "num-sorted-run.compaction-trigger", "10");
        Instant now = Instant.now();
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            paimon.createTable("db", "paimon_compacted", type(DataTypes.INT()), List.of(), List.of("id"), options);
            write(paimon, "paimon_compacted", "int", now);
            // Paimon writes the same without compacting (write-only); Strata's policy compaction then compacts.
            Map<String, String> writeOnly = new java.util.HashMap<>(options);
            writeOnly.put("write-only", "true");
            paimon.createTable("db", "strata_compacted", type(DataTypes.INT()), List.of(), List.of("id"), writeOnly);
            write(paimon, "strata_compacted", "int", now);
            assertThat(levels(paimon, "strata_compacted")).containsOnly(0);
            Table strata = LifecycleTables.load(paimon.tablePath("db", "strata_compacted"));
            assertThat(strata.newCompaction().policy().run().bucketsCompacted()).isEqualTo(1);
            List<String> expected = TestRows.formatAll(paimon.readAll("db", "paimon_compacted"), strata.schema().rowType());
            assertThat(expected).hasSize(17);
            assertThat(TestRows.readAll(strata)).isEqualTo(expected);
            // One run at the max level (num-levels = trigger + 1 = 11), on both sides.
            assertThat(levels(paimon, "paimon_compacted")).containsOnly(10);
            assertThat(levels(paimon, "strata_compacted")).containsOnly(10);
        }
    }

    private static List<Integer> levels(PaimonOracle paimon, String table) {
        Table t = LifecycleTables.load(paimon.tablePath("db", table));
        return t.newScan().plan().splits().stream().flatMap(s -> s.files().stream()).map(f -> f.level()).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"v", "nope", ""})
    void aBadTimeFieldIsRefusedNamingTheOption(String field) {
        Map<String, String> options = field.isEmpty() ? Map.of("record-level.expire-time", "1 h")
                : Map.of("record-level.expire-time", "1 h", "record-level.time-field", field);
        String expected = field.isEmpty() ? "needs option 'record-level.time-field'"
                : field.equals("v") ? "column type STRING is not a time" : "names no column";
        assertThatThrownBy(() -> {
            io.strata.schema.Schema.Builder b = io.strata.schema.Schema.newBuilder()
                    .column("id", DataTypes.INT()).column("ts", DataTypes.BIGINT()).column("v", DataTypes.STRING())
                    .primaryKey("id").option("bucket", "1");
            options.forEach(b::option);
            io.strata.catalog.FileSystemCatalog catalog =
                    new io.strata.catalog.FileSystemCatalog(io.strata.fs.FileIO.local(), LifecycleTables.hadoop(dir));
            catalog.createDatabase("db", true);
            catalog.createTable(io.strata.catalog.Identifier.of("db", "bad"), b.build(), false);
        }).hasMessageContaining("record-level").hasMessageContaining(expected);
    }
}
