package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.oracle.PaimonOracle;
import io.strata.schema.SchemaChange;
import io.strata.schema.SchemaManager;
import io.strata.snapshot.CommitKind;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Partition expiration ({@code partition.expiration-time}) with Apache Paimon 1.4.2 as the oracle: on twin tables
 * with the same partitions, Strata's expiration drops exactly the partitions Paimon's drops, with the same
 * options (time pattern, formatter, max number); Paimon reads what Strata left; commits expire when the check
 * interval says; unparsable partitions stay; bad options are refused naming them.
 */
class PartitionExpirationPaimonInteropTest {

    @TempDir
    Path warehouse;

    private static final RowType TYPE = new RowType(List.of(
            new DataField(0, "dt", DataTypes.STRING().withNullable(false)),
            new DataField(1, "h", DataTypes.INT().withNullable(false)),
            new DataField(2, "id", DataTypes.INT().withNullable(false)),
            new DataField(3, "v", DataTypes.STRING())));

    private Table load(PaimonOracle paimon, String table) {
        return Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(paimon.tablePath("db", table).toUri()));
    }

    /** Rows in partitions of the last {@code days} days (today first) at hours 0 and 12, and one unparsable. */
    private static List<GenericRow> rows(String format, int days) {
        List<GenericRow> rows = new ArrayList<>();
        LocalDate today = LocalDate.now();
        for (int d = 0; d < days; d++) {
            String dt = today.minusDays(d).format(DateTimeFormatter.ofPattern(format));
            for (int h : new int[] {0, 12}) {
                rows.add(GenericRow.of(Utf8String.fromString(dt), h, d * 100 + h, Utf8String.fromString("d" + d)));
            }
        }
        rows.add(GenericRow.of(Utf8String.fromString("unknown"), 0, -1, Utf8String.fromString("x")));
        return rows;
    }

    private static TreeSet<String> partitions(PaimonOracle paimon, String table) {
        TreeSet<String> out = new TreeSet<>();
        for (GenericRow r : paimon.readAll("db", table)) {
            out.add(r.getString(0) + "/" + r.getInt(1));
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "yyyy-MM-dd|2 d||",
            "yyyyMMdd|3 d|yyyyMMdd|",
            "yyyyMMdd|36 h|yyyyMMdd HH|$dt $h",
            "yyyy-MM-dd|1 d||max-num"})
    void strataExpiresThePartitionsPaimonExpires(String format, String time, String formatter, String extra)
            throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            Map<String, String> options = new HashMap<>(Map.of("partition.expiration-time", time,
                    "partition.expiration-check-interval", "0 s"));
            if (formatter != null) {
                options.put("partition.timestamp-formatter", formatter);
            }
            if ("$dt $h".equals(extra)) {
                options.put("partition.timestamp-pattern", "$dt $h");
                options.put("partition.timestamp-formatter", "yyyyMMdd H");
            }
            if ("max-num".equals(extra)) {
                options.put("partition.expiration-max-num", "3");
                options.put("partition.expiration-batch-size", "2");
            }
            for (String t : List.of("twin", "t")) {
                paimon.createTable("db", t, TYPE, List.of("dt", "h"), List.of("dt", "h", "id"),
                        Map.of("bucket", "1", "file.format", "orc"));
                paimon.write("db", t, rows(format, 6));
                // The expiration options only now, so that no commit expired anything before the comparison.
                SchemaManager schemas = new SchemaManager(FileIO.local(),
                        new org.apache.hadoop.fs.Path(paimon.tablePath("db", t).toUri()));
                schemas.commitChanges(options.entrySet().stream()
                        .map(e -> SchemaChange.setOption(e.getKey(), e.getValue())).toArray(SchemaChange[]::new));
            }
            TreeSet<String> before = partitions(paimon, "t");
            org.apache.paimon.table.FileStoreTable twin = (org.apache.paimon.table.FileStoreTable) paimon.table("db", "twin");
            List<Map<String, String>> paimonExpired = twin.store().newPartitionExpire("oracle", twin).expire(1L);
            Table table = load(paimon, "t");
            long snapshotBefore = table.latestSnapshot().orElseThrow().id();
            assertThat(table.expirePartitions().plan()).as("the plan changes nothing").isEqualTo(paimonExpired);
            assertThat(load(paimon, "t").latestSnapshot().orElseThrow().id()).isEqualTo(snapshotBefore);
            List<Map<String, String>> strataExpired = table.expirePartitions().commit();
            assertThat(strataExpired).isNotEmpty().isEqualTo(paimonExpired);
            assertThat(partitions(paimon, "t")).isEqualTo(partitions(paimon, "twin")).contains("unknown/0")
                    .isNotEqualTo(before);
            assertThat(TestRows.readAll(table)).hasSize(paimon.readAll("db", "twin").size());
            Table reloaded = load(paimon, "t");
            int batches = "max-num".equals(extra) ? 2 : 1;
            assertThat(reloaded.latestSnapshot().orElseThrow().id()).isEqualTo(snapshotBefore + batches);
            assertThat(reloaded.latestSnapshot().orElseThrow().commitKind()).isEqualTo(CommitKind.OVERWRITE);
            assertThat(table.expirePartitions().commit()).as("nothing left to expire").isEqualTo("max-num".equals(extra)
                    ? twin.store().newPartitionExpire("oracle", twin).expire(2L) : List.of());
        }
    }

    @Test
    void commitsExpireWhenTheCheckIntervalPassedAndUpdateTimeUsesTheNewestFile() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "t", TYPE, List.of("dt", "h"), List.of("dt", "h", "id"), Map.of("bucket", "1",
                    "partition.expiration-time", "2 d", "partition.expiration-check-interval", "1 h"));
            paimon.write("db", "t", rows("yyyy-MM-dd", 5));
            ManualClock clock = ManualClock.at(java.time.Instant.now());
            Table table = clock.drive(load(paimon, "t"));
            try (BatchWrite write = table.newBatchWrite()) {
                write.write(GenericRow.of(Utf8String.fromString(LocalDate.now().toString()), 1, 1, null));
                write.commit();
            }
            // The first check of a process waits up to the interval (at random, as Paimon's writers): none yet.
            assertThat(partitions(paimon, "t")).hasSize(5 * 2 + 2);
            clock.advance(Duration.ofMinutes(61));
            try (BatchWrite write = table.newBatchWrite()) {
                write.write(GenericRow.of(Utf8String.fromString(LocalDate.now().toString()), 1, 2, null));
                write.commit();
            }
            // Now (one hour later on the table's clock): days 3 and 4 back are past 2 days; day 2 back, at
            // midnight, is too once the clock passed that midnight plus 2 days: compare with the time itself.
            TreeSet<String> left = partitions(paimon, "t");
            assertThat(left).contains("unknown/0", LocalDate.now() + "/1")
                    .doesNotContain(LocalDate.now().minusDays(3) + "/0", LocalDate.now().minusDays(4) + "/12");
            assertThat(load(paimon, "t").latestSnapshot().orElseThrow().commitKind()).isEqualTo(CommitKind.OVERWRITE);

            // update-time: every partition's newest file is older than 1 ms ten days from now.
            Map<String, String> options = new HashMap<>(table.schema().options());
            paimon.createTable("db", "u", TYPE, List.of("dt", "h"), List.of("dt", "h", "id"), Map.of("bucket", "1",
                    "partition.expiration-time", "1 d", "partition.expiration-strategy", "update-time"));
            paimon.write("db", "u", rows("yyyy-MM-dd", 2));
            Table updated = ManualClock.at(java.time.Instant.now().plus(Duration.ofDays(10))).drive(load(paimon, "u"));
            assertThat(updated.expirePartitions().commit()).hasSize(5);
            assertThat(paimon.readAll("db", "u")).isEmpty();
            assertThat(options).containsKey("partition.expiration-time");
        }
    }

    @Test
    void aStrictTimestampFormatRefusesPartitionsThatNameNoTime() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "t", TYPE, List.of("dt", "h"), List.of("dt", "h", "id"), Map.of("bucket", "1",
                    "partition.timestamp-formatter", "yyyyMMdd", "partition.timestamp-format.strict", "true"));
            Table table = load(paimon, "t");
            try (BatchWrite write = table.newBatchWrite()) {
                write.write(GenericRow.of(Utf8String.fromString("20261201"), 0, 1, null));
                write.commit();
            }
            try (BatchWrite write = table.newBatchWrite()) {
                write.write(GenericRow.of(Utf8String.fromString("20261202"), 0, 2, null));
                assertThatThrownBy(() -> write.write(GenericRow.of(Utf8String.fromString("2026-12-02"), 0, 3, null)))
                        .hasMessageContaining("dt=2026-12-02/h=0").hasMessageContaining("partition.timestamp-format.strict");
            }
            assertThat(TestRows.readAll(load(paimon, "t"))).containsExactly("[20261201, 0, 1, null]");
        }
    }

    @Test
    void badExpirationOptionsAreRefusedNamingThem() {
        for (String[] bad : new String[][] {{"partition.expiration-time", "soon"},
                {"partition.expiration-strategy", "whenever"}, {"partition.expiration-max-num", "0"},
                {"partition.expiration-batch-size", "-1"}}) {
            assertThatThrownBy(() -> io.strata.schema.TableOptions.validateForRead(Map.of(bad[0], bad[1])))
                    .as(bad[0]).hasMessageContaining(bad[0]).hasMessageContaining(bad[1]);
        }
        assertThatThrownBy(() -> new io.strata.table.lifecycle.PartitionTimeExtractor(null, "yyyy-MM-dd qq {"))
                .hasMessageContaining("partition.timestamp-formatter");
    }
}
