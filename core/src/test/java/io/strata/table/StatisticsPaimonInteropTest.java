package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.data.Decimal;
import io.strata.data.GenericRow;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.oracle.PaimonOracle;
import io.strata.oracle.PaimonValues;
import io.strata.predicate.PredicateBuilder;
import io.strata.snapshot.ColumnStatistics;
import io.strata.snapshot.CommitKind;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.Statistics;
import io.strata.snapshot.StatisticsText;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.io.File;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.paimon.stats.ColStats;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Table statistics against Apache Paimon 1.4.2: the statistics file Paimon's ANALYZE writes is read by Strata
 * and kept by Strata's commits (as Paimon keeps it), the ANALYZE snapshot Strata commits is read by Paimon, and
 * the text of each type's minimum and maximum is Paimon's.
 */
class StatisticsPaimonInteropTest {

    static final RowType TYPE = new RowType(List.of(
            DataTypes.FIELD(0, "id", DataTypes.INT().withNullable(false)),
            DataTypes.FIELD(1, "b", DataTypes.BIGINT()),
            DataTypes.FIELD(2, "s", DataTypes.STRING()),
            DataTypes.FIELD(3, "d", DataTypes.DECIMAL(10, 2)),
            DataTypes.FIELD(4, "dt", DataTypes.DATE()),
            DataTypes.FIELD(5, "ts", DataTypes.TIMESTAMP(3)),
            DataTypes.FIELD(6, "x", DataTypes.DOUBLE()),
            DataTypes.FIELD(7, "f", DataTypes.BOOLEAN())), true);

    @TempDir
    Path dir;

    static GenericRow row(int id, Long b, String s, String d, String dt, String ts, Double x, Boolean f) {
        return GenericRow.of(id, b, s == null ? null : Utf8String.fromString(s),
                d == null ? null : Decimal.fromBigDecimal(new BigDecimal(d), 10, 2),
                dt == null ? null : (int) LocalDate.parse(dt).toEpochDay(),
                ts == null ? null : Timestamp.fromLocalDateTime(LocalDateTime.parse(ts)), x, f);
    }

    static List<GenericRow> rows() {
        return List.of(
                row(1, 10L, "apple", "1.50", "2024-01-01", "2024-01-01T10:00:00.250", 0.5, true),
                row(2, -3L, "pear", "-7.25", "2023-12-31", "2024-01-02T00:00:00", null, false),
                row(3, null, null, null, null, null, 2.25, null));
    }

    private PaimonOracle paimonTable() {
        PaimonOracle oracle = new PaimonOracle(dir);
        oracle.createTable("db", "t", TYPE, List.of(), List.of("id"), Map.of("bucket", "1"));
        return oracle;
    }

    private Table strata() {
        return LifecycleTables.load(dir.resolve("db.db").resolve("t"));
    }

    @Test
    void strataReadsPaimonsStatisticsAndItsCommitsKeepThem() throws Exception {
        Statistics read;
        try (PaimonOracle paimon = paimonTable()) {
            paimon.write("db", "t", rows());
            FileStoreTable t = (FileStoreTable) paimon.table("db", "t");
            Map<String, ColStats<?>> columns = new LinkedHashMap<>();
            for (DataField field : TYPE.fields()) {
                Object min = PaimonValues.toPaimon(minOf(field), field.type());
                Object max = PaimonValues.toPaimon(maxOf(field), field.type());
                columns.put(field.name(), ColStats.newColStats(field.id(), 2L, (Comparable) min, (Comparable) max,
                        1L, 8L, 9L));
            }
            try (BatchTableCommit commit = t.newBatchWriteBuilder().newCommit()) {
                commit.updateStatistics(new org.apache.paimon.stats.Statistics(1, 0, 3L, 300L, columns));
            }
        }
        Table table = strata();
        Snapshot analyzed = table.latestSnapshot().orElseThrow();
        assertThat(analyzed.commitKind()).isEqualTo(CommitKind.ANALYZE);
        read = table.statistics().latest().orElseThrow();
        assertThat(read.snapshotId()).isEqualTo(1);
        assertThat(read.mergedRecordCount()).isEqualTo(3L);
        assertThat(read.mergedRecordSize()).isEqualTo(300L);
        for (DataField field : TYPE.fields()) {
            ColumnStatistics c = read.columns().get(field.name());
            assertThat(c.columnId()).isEqualTo(field.id());
            assertThat(c.distinctCount()).isEqualTo(2L);
            assertThat(c.nullCount()).isEqualTo(1L);
            assertThat(c.avgLength()).isEqualTo(8L);
            assertThat(c.maxLength()).isEqualTo(9L);
            // Paimon's text of each type is Strata's, both ways.
            assertThat(c.min()).as(field.name()).isEqualTo(StatisticsText.format(minOf(field), field.type()));
            assertThat(c.max()).as(field.name()).isEqualTo(StatisticsText.format(maxOf(field), field.type()));
            assertThat(StatisticsText.parse(c.min(), field.type())).as(field.name()).isEqualTo(minOf(field));
            assertThat(StatisticsText.parse(c.max(), field.type())).as(field.name()).isEqualTo(maxOf(field));
        }

        // A Strata write and a compaction keep the file, as Paimon's commits do.
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(row(4, 1L, "fig", "0.01", "2024-02-01", "2024-02-01T00:00:00", 1.0, true));
            w.commit();
        }
        table.compactFull();
        assertThat(table.latestSnapshot().orElseThrow().statistics()).isEqualTo(analyzed.statistics());
        assertThat(table.statistics().latest()).map(Statistics::snapshotId).contains(1L);
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            FileStoreTable t = (FileStoreTable) paimon.table("db", "t");
            assertThat(t.statistics()).map(org.apache.paimon.stats.Statistics::mergedRecordCount)
                    .hasValueSatisfying(count -> assertThat(count).hasValue(3L));
            assertThat(paimon.readAll("db", "t")).hasSize(4);
        }
    }

    @Test
    void paimonReadsTheAnalyzeSnapshotStrataCommits() throws Exception {
        try (PaimonOracle paimon = paimonTable()) {
            // Paimon made the table; Strata writes it.
        }
        Table table = strata();
        try (BatchWrite w = table.newBatchWrite()) {
            for (GenericRow r : rows()) {
                w.write(r);
            }
            w.commit();
        }
        Snapshot written = table.latestSnapshot().orElseThrow();
        Statistics files = table.statistics().fromDataFiles(written);
        assertThat(files.snapshotId()).isEqualTo(written.id());
        assertThat(files.mergedRecordCount()).isNull();
        // A filter keeps only the files a scan with it reads: here none, so nothing is known.
        Statistics noFile = table.statistics().fromDataFiles(written, new PredicateBuilder(TYPE).greaterThan("id", 1000));
        assertThat(noFile.columns().get("id").min()).isNull();
        assertThat(noFile.columns().get("id").max()).isNull();
        assertThat(table.statistics().fromDataFiles(written, new PredicateBuilder(TYPE).greaterThan("id", 0)).columns())
                .isEqualTo(files.columns());
        Map<String, ColumnStatistics> columns = new LinkedHashMap<>();
        for (DataField field : TYPE.fields()) {
            ColumnStatistics c = files.columns().get(field.name());
            assertThat(c.nullCount()).as(field.name()).isEqualTo(field.name().equals("id") ? 0L : 1L);
            assertThat(c.min()).as(field.name()).isEqualTo(StatisticsText.format(minOf(field), field.type()));
            assertThat(c.max()).as(field.name()).isEqualTo(StatisticsText.format(maxOf(field), field.type()));
            assertThat(c.distinctCount()).isNull();
            columns.put(field.name(), new ColumnStatistics(field.id(), 2L, c.min(), c.max(), c.nullCount(), 8L, 9L));
        }
        long id = table.statistics().commit(new Statistics(written.id(), written.schemaId(), 3L, 120L, columns));
        Snapshot analyzed = table.latestSnapshot().orElseThrow();
        assertThat(analyzed.id()).isEqualTo(id).isEqualTo(written.id() + 1);
        assertThat(analyzed.commitKind()).isEqualTo(CommitKind.ANALYZE);
        assertThat(analyzed.totalRecordCount()).isEqualTo(written.totalRecordCount());
        assertThat(analyzed.deltaRecordCount()).isZero();
        assertThat(TestRows.readAll(table, table.newScan().plan()))
                .isEqualTo(TestRows.readAll(table, table.newScan().asOfSnapshot(written.id()).plan()));

        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            FileStoreTable t = (FileStoreTable) paimon.table("db", "t");
            org.apache.paimon.stats.Statistics stats = t.statistics().orElseThrow();
            assertThat(stats.snapshotId()).isEqualTo(written.id());
            assertThat(stats.mergedRecordCount()).hasValue(3L);
            for (DataField field : TYPE.fields()) {
                ColStats<?> c = stats.colStats().get(field.name());
                assertThat(c.colId()).isEqualTo(field.id());
                assertThat(c.distinctCount()).hasValue(2L);
                assertThat(c.min()).as(field.name()).contains((Comparable) PaimonValues.toPaimon(minOf(field), field.type()));
                assertThat(c.max()).as(field.name()).contains((Comparable) PaimonValues.toPaimon(maxOf(field), field.type()));
            }
            assertThat(paimon.readAll("db", "t")).hasSize(3);
        }
    }

    @Test
    void statisticsThatDoNotFitTheTableAreRefusedAndChangeNothing() throws Exception {
        try (PaimonOracle paimon = paimonTable()) {
            paimon.write("db", "t", rows());
        }
        Table table = strata();
        Snapshot latest = table.latestSnapshot().orElseThrow();
        Map<String, ColumnStatistics> unknownColumn = Map.of("nope", ColumnStatistics.unknown(42));
        assertThatThrownBy(() -> table.statistics().commit(new Statistics(latest.id(), 0, 3L, null, unknownColumn)))
                .hasMessageContaining("'nope'").hasMessageContaining(table.location().toString());
        Map<String, ColumnStatistics> badMin = Map.of("b", new ColumnStatistics(1, null, "ten", null, null, null, null));
        assertThatThrownBy(() -> table.statistics().commit(new Statistics(latest.id(), 0, 3L, null, badMin)))
                .hasMessageContaining("'ten'");
        assertThatThrownBy(() -> table.statistics().commit(new Statistics(99, 0, 3L, null, Map.of())))
                .hasMessageContaining("99");
        assertThat(table.latestSnapshot().orElseThrow().id()).isEqualTo(latest.id());
        File statistics = dir.resolve("db.db").resolve("t").resolve("statistics").toFile();
        assertThat(statistics.list() == null ? new String[0] : statistics.list()).isEmpty();
    }

    private static Object minOf(DataField field) {
        return extreme(field, true);
    }

    private static Object maxOf(DataField field) {
        return extreme(field, false);
    }

    /** The smallest or largest non-null value of the column in {@link #rows()}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object extreme(DataField field, boolean smallest) {
        int index = TYPE.fieldNames().indexOf(field.name());
        List<Comparable> values = new ArrayList<>();
        for (GenericRow r : rows()) {
            Object v = io.strata.data.RowValues.get(r, index, field.type());
            if (v != null) {
                values.add((Comparable) v);
            }
        }
        values.sort(null);
        return smallest ? values.get(0) : values.get(values.size() - 1);
    }
}
