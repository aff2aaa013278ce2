package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.Decimal;
import io.strata.data.GenericArray;
import io.strata.data.GenericMap;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.MultisetType;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Hive's vectorized reads of Strata tables, on Tez and MapReduce: the plan uses
 * {@link io.strata.hive.StrataInputFormat} as a vectorized input format (batches filled by the connector,
 * not rows copied by Hive), and every query returns what the row-mode read returns: every type, splits that need a merge and splits that do not
 * (compacted primary-key buckets, append buckets, deletion vectors), Hive partition columns, and more rows
 * than one batch holds.
 */
class VectorizedReadIT {

    private static final int APPEND_ROWS = 2500;
    private static EmbeddedHive hive;
    private static Table merged;

    @BeforeAll
    static void writeTables() {
        hive = SyncedTables.get();
        java.nio.file.Path warehouse = hive.newDirectory("vectorized");
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new Path(warehouse.toUri()));
        catalog.createDatabase("db", true);
        for (String format : List.of("orc", "parquet")) {
            // Two commits over the same keys: the bucket holds two overlapping runs and reads merged.
            Table pending = typesTable(catalog, "types_" + format, format);
            writeTypes(pending);
            register("vec_types_" + format, pending);
            // The same rows, fully compacted: one sorted run, read without a merge.
            Table compacted = typesTable(catalog, "types_compacted_" + format, format);
            writeTypes(compacted);
            compacted.compactFull();
            register("vec_types_compacted_" + format, compacted);
            if (format.equals("orc")) {
                merged = pending;
            }
        }
        Table append = catalog.createTable(Identifier.of("db", "events"), Schema.newBuilder()
                .column("id", DataTypes.BIGINT())
                .column("g", DataTypes.INT())
                .column("amount", DataTypes.DECIMAL(12, 2))
                .column("note", DataTypes.STRING())
                .option("bucket", "-1")
                .option("file.format", "parquet")
                .build(), false);
        for (int commit = 0; commit < 2; commit++) {
            try (BatchWrite w = append.newBatchWrite()) {
                for (int i = 0; i < APPEND_ROWS; i++) {
                    long id = commit * (long) APPEND_ROWS + i;
                    w.write(GenericRow.of(id, (int) (id % 7), Decimal.fromUnscaledLong(id * 3, 12, 2),
                            id % 5 == 0 ? null : Utf8String.fromString("n" + id)));
                }
                w.commit();
            }
        }
        register("vec_events", append);
        register("vec_paimon_dv", FixtureTables.copy("pk_parquet_dv", warehouse));
        // One commit of inserts and of deletes of keys that were never written: one sorted run per bucket whose
        // files hold retractions, read without a merge, the retractions left out of Hive's batches.
        Table retractions = catalog.createTable(Identifier.of("db", "retractions"), Schema.newBuilder()
                .column("id", DataTypes.BIGINT())
                .column("amount", DataTypes.DECIMAL(12, 2))
                .column("name", DataTypes.STRING())
                .primaryKey("id")
                .option("bucket", "1")
                .option("file.format", "orc")
                .build(), false);
        try (BatchWrite w = retractions.newBatchWrite()) {
            for (long id = 0; id < 4000; id++) {
                if (id % 4 == 3) {
                    w.delete(GenericRow.ofKind(RowKind.DELETE, id, null, null));
                } else {
                    w.write(GenericRow.of(id, Decimal.fromUnscaledLong(id, 12, 2), Utf8String.fromString("n" + id)));
                }
            }
            w.commit();
        }
        register("vec_retractions", retractions);
        // Deletion vectors written by Strata: every commit compacts level 0 up and marks the replaced rows.
        Table vectors = catalog.createTable(Identifier.of("db", "vectors"), Schema.newBuilder()
                .column("id", DataTypes.BIGINT())
                .column("v", DataTypes.INT())
                .column("name", DataTypes.STRING())
                .primaryKey("id")
                .option("bucket", "2")
                .option("file.format", "orc")
                .option("deletion-vectors.enabled", "true")
                .build(), false);
        for (int commit = 0; commit < 3; commit++) {
            try (BatchWrite w = vectors.newBatchWrite()) {
                for (long id = 0; id < 3000; id++) {
                    if (commit == 0) {
                        w.write(GenericRow.of(id, 0, Utf8String.fromString("n" + id)));
                    } else if (commit == 1 && id % 3 == 0) {
                        w.write(GenericRow.of(id, 1, Utf8String.fromString("u" + id)));
                    } else if (commit == 2 && id % 10 == 0) {
                        w.delete(GenericRow.ofKind(RowKind.DELETE, id, null, null));
                    }
                }
                w.commit();
            }
        }
        register("vec_strata_dv", vectors);
    }

    private static Table typesTable(FileSystemCatalog catalog, String name, String format) {
        return catalog.createTable(Identifier.of("db", name), Schema.newBuilder()
                .column("id", DataTypes.INT())
                .column("b", DataTypes.BOOLEAN())
                .column("ti", DataTypes.TINYINT())
                .column("si", DataTypes.SMALLINT())
                .column("l", DataTypes.BIGINT())
                .column("f", DataTypes.FLOAT())
                .column("d", DataTypes.DOUBLE())
                .column("dc", DataTypes.DECIMAL(10, 2))
                .column("big", DataTypes.DECIMAL(38, 10))
                .column("ch", DataTypes.CHAR(6))
                .column("vc", DataTypes.VARCHAR(20))
                .column("s", DataTypes.STRING())
                .column("bin", DataTypes.BYTES())
                .column("dt", DataTypes.DATE())
                .column("t", DataTypes.TIME(3))
                .column("ts", DataTypes.TIMESTAMP(3))
                .column("ts9", DataTypes.TIMESTAMP(9))
                .column("arr", DataTypes.ARRAY(DataTypes.STRING()))
                .column("m", DataTypes.MAP(DataTypes.STRING().withNullable(false), DataTypes.BIGINT()))
                .column("ms", new MultisetType(DataTypes.INT(), true))
                .column("r", DataTypes.ROW(new DataField(0, "a", DataTypes.INT()),
                        new DataField(1, "b", DataTypes.ARRAY(DataTypes.INT()))))
                .primaryKey("id")
                .option("bucket", "2")
                .option("file.format", format)
                .build(), false);
    }

    /** 1,500 keys, then a second commit that updates every third key, deletes every seventh and nulls some. */
    private static void writeTypes(Table table) {
        for (int commit = 0; commit < 2; commit++) {
            try (BatchWrite w = table.newBatchWrite()) {
                for (int id = 0; id < 1500; id++) {
                    if (commit == 1 && id % 7 == 0) {
                        w.delete(GenericRow.ofKind(RowKind.DELETE, id, null, null, null, null, null, null, null, null,
                                null, null, null, null, null, null, null, null, null, null, null, null));
                    } else if (commit == 0 || id % 3 == 0) {
                        w.write(commit == 1 && id % 2 == 0 ? nulls(id) : values(id, commit));
                    }
                }
                w.commit();
            }
        }
    }

    private static GenericRow values(int id, int version) {
        int v = id + version * 10_000;
        return GenericRow.of(id, v % 2 == 0, (byte) (v % 100), (short) (v % 30_000), v * 1_000_003L, v / 8f, v / 3.0,
                Decimal.fromUnscaledLong(v * 101L, 10, 2),
                Decimal.fromBigDecimal(new BigDecimal("12345678901234567890." + (1_000_000_000 + v)), 38, 10),
                Utf8String.fromString("c" + (v % 10)), Utf8String.fromString("varchar " + v),
                Utf8String.fromString("string \u00e9 " + v), new byte[] {(byte) v, 0, (byte) (v >> 8)},
                18_000 + v % 1000, (v % 86_400) * 1000 + 123,
                Timestamp.fromLocalDateTime(LocalDateTime.of(2024, 1, 1, 0, 0).plusSeconds(v).plusNanos(456_000_000)),
                Timestamp.fromLocalDateTime(LocalDateTime.of(1969, 12, 31, 23, 59).plusSeconds(v).plusNanos(123_456_789)),
                new GenericArray(new Object[] {Utf8String.fromString("a" + v), null, Utf8String.fromString("")}),
                new GenericMap(new GenericArray(new Object[] {Utf8String.fromString("k" + v)}), new GenericArray(new Object[] {(long) v})),
                new GenericMap(new GenericArray(new Object[] {v % 4}), new GenericArray(new Object[] {2})),
                GenericRow.of(v, new GenericArray(new Object[] {v, v + 1})));
    }

    private static GenericRow nulls(int id) {
        return GenericRow.of(id, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null);
    }

    private static void register(String name, Table table) {
        hive.query("CREATE EXTERNAL TABLE strata_it." + name + " STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + table.location() + "'");
    }

    /**
     * The query's rows on both engines vectorized (and, with the full matrix, on rows too:
     * {@link ExecutionMode#vectorizedComparison()}), after checking that each vectorized plan read Strata through
     * its vectorized input format and that all modes agree.
     */
    private static List<String> sameInEveryMode(String sql) {
        List<String> first = null;
        for (ExecutionMode mode : ExecutionMode.vectorizedComparison()) {
            List<String> rows = hive.query(mode, sql);
            PlanAssert.assertThatPlan(hive.lastPlan()).assertStrataScan(mode);
            if (first == null) {
                first = rows;
            } else {
                assertThat(rows).as("rows of %s on %s", sql, mode).containsExactlyInAnyOrderElementsOf(first);
            }
        }
        return first;
    }

    @ParameterizedTest
    @ValueSource(strings = {"vec_types_orc", "vec_types_compacted_orc", "vec_types_parquet", "vec_types_compacted_parquet"})
    void everyFlatTypeReadsTheSameVectorized(String table) {
        List<String> rows = sameInEveryMode("SELECT id, b, ti, si, l, f, d, dc, big, ch, vc, s, hex(bin), dt, t, ts, ts9"
                + " FROM strata_it." + table);
        // 1,500 keys, every seventh deleted by the second commit.
        assertThat(rows).hasSize(1500 - 215);
        // Key 3 was updated by the second commit (values of version 1), key 2 was not; CHAR(6) prints padded.
        assertThat(rows).contains(String.join("\t", "3", "false", "3", "10003", "10003030009", "1250.375",
                "3334.3333333333335", "10103.03", "12345678901234567890.1000010003", "c3    ", "varchar 10003",
                "string \u00e9 10003", "130027", "2019-04-17", "02:46:43.123", "2024-01-01 02:46:43.456",
                "1970-01-01 02:45:43.123456789"));
        assertThat(rows).contains(String.join("\t", "2", "true", "2", "2", "2000006", "0.25", "0.6666666666666666",
                "2.02", "12345678901234567890.1000000002", "c2    ", "varchar 2", "string \u00e9 2", "020000",
                "2019-04-16", "00:00:02.123", "2024-01-01 00:00:02.456", "1969-12-31 23:59:02.123456789"));
        assertThat(rows).contains("6\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL");
    }

    @ParameterizedTest
    @ValueSource(strings = {"vec_types_orc", "vec_types_compacted_parquet"})
    void nestedTypesReadTheSameVectorized(String table) {
        List<String> rows = sameInEveryMode("SELECT id, arr, m, ms, r, size(arr), r.b[1] FROM strata_it." + table);
        assertThat(rows).hasSize(1285).contains(
                "3\t[\"a10003\",null,\"\"]\t{\"k10003\":10003}\t{3:2}\t{\"a\":10003,\"b\":[10003,10004]}\t3\t10004");
    }

    @Test
    void aggregatesOverMergedAndCompactedSplitsAgree() {
        String sums = "SELECT count(*), sum(l), sum(dc), count(s), max(ts), min(dt) FROM strata_it.";
        List<String> pending = sameInEveryMode(sums + "vec_types_orc");
        assertThat(pending).isEqualTo(sameInEveryMode(sums + "vec_types_compacted_orc"))
                .isEqualTo(sameInEveryMode(sums + "vec_types_parquet"));
        assertThat(pending.get(0)).startsWith("1285\t");
        assertThat(sameInEveryMode("SELECT ch, count(*) FROM strata_it.vec_types_compacted_parquet GROUP BY ch"))
                .contains("c3    \t129", "NULL\t214");
    }

    @Test
    void appendTableSpanningSeveralBatches() {
        assertThat(sameInEveryMode("SELECT count(*), count(note), sum(amount), max(id) FROM strata_it.vec_events"))
                .containsExactly("5000\t4000\t374925.00\t4999");
        assertThat(sameInEveryMode("SELECT g, count(*), sum(id) FROM strata_it.vec_events WHERE id >= 1024 AND id < 3000"
                + " GROUP BY g")).hasSize(7);
        assertThat(sameInEveryMode("SELECT id, note FROM strata_it.vec_events WHERE id IN (0, 1023, 1024, 2500, 4999)"))
                .containsExactlyInAnyOrder("0\tNULL", "1023\tn1023", "1024\tn1024", "2500\tNULL", "4999\tn4999");
    }

    @Test
    void retractionsOfASortedRunAreLeftOutOfTheBatches() {
        // 3,000 live keys: 0..3999 without every fourth; sum(id) = 7,998,000 - (3 + 7 + ... + 3999) = 5,997,000.
        assertThat(sameInEveryMode("SELECT count(*), sum(id), sum(amount), count(name), max(name) FROM strata_it.vec_retractions"))
                .containsExactly("3000\t5997000\t59970.00\t3000\tn998");
        assertThat(sameInEveryMode("SELECT id, name FROM strata_it.vec_retractions WHERE id BETWEEN 1022 AND 1028"))
                .containsExactlyInAnyOrder("1022\tn1022", "1024\tn1024", "1025\tn1025", "1026\tn1026", "1028\tn1028");
    }

    @Test
    void strataDeletionVectorTable() {
        // 3,000 keys; every third updated to v = 1; every tenth deleted: 2,700 left, 900 of them updated.
        assertThat(sameInEveryMode("SELECT count(*), sum(v), count(DISTINCT name) FROM strata_it.vec_strata_dv"))
                .containsExactly("2700\t900\t2700");
        assertThat(sameInEveryMode("SELECT id, v, name FROM strata_it.vec_strata_dv WHERE id IN (0, 3, 4, 30)"))
                .containsExactlyInAnyOrder("3\t1\tu3", "4\t0\tn4");
    }

    @Test
    void paimonDeletionVectorTable() {
        List<String> rows = sameInEveryMode("SELECT * FROM strata_it.vec_paimon_dv");
        assertThat(rows).isNotEmpty();
        assertThat(sameInEveryMode("SELECT count(*) FROM strata_it.vec_paimon_dv")).containsExactly(String.valueOf(rows.size()));
    }

    @Test
    void hivePartitionColumnsOfASyncedTable() {
        List<String> rows = sameInEveryMode("SELECT dt, id, v FROM synced.events WHERE dt >= '2024-01-02'");
        assertThat(rows).containsExactlyInAnyOrderElementsOf(
                SyncedTables.appendRows.stream().filter(r -> r.compareTo("2024-01-02") >= 0).toList());
        assertThat(sameInEveryMode("SELECT dt, count(*) FROM synced.orders GROUP BY dt"))
                .containsExactlyInAnyOrder("2024-01-01\t9", "2024-01-02\t10", "2024-01-03\t10");
    }

    @Test
    void projectionOfOneColumnAndOfNone() {
        assertThat(sameInEveryMode("SELECT count(*) FROM strata_it.vec_types_compacted_orc")).containsExactly("1285");
        List<String> ids = sameInEveryMode("SELECT id FROM strata_it.vec_types_orc WHERE id < 10");
        List<String> expected = new ArrayList<>();
        for (int id = 0; id < 10; id++) {
            if (id % 7 != 0) {
                expected.add(String.valueOf(id));
            }
        }
        assertThat(ids).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(merged.newScan().plan().splits()).hasSize(2);
    }
}
