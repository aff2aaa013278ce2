package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.CloseableIterator;
import io.strata.data.Decimal;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.TableRead;
import io.strata.types.DataTypes;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every column type Hive pushes a filter on prunes files: an append table of four files (one per commit,
 * each holding a disjoint range of every column) is queried through HiveQL with a selective WHERE per type.
 * The filter Hive compiled for the query is planned by {@link StrataInputFormat} to count the files it
 * would open (one, versus four for a full scan), and the query's rows are exactly those core's own read
 * selects. Timestamps run in a UTC and a Los Angeles session. Every test runs on each mode of {@link ExecutionMode#matrix()}:
 * the filters are compiled for that engine, and a test's queries run as ONE statement (a UNION ALL of one
 * tagged SELECT per filter: one Tez DAG or one MapReduce job), so the matrix costs a job per test and mode.
 */
class PushdownTypesIT {

    private static final int GROUPS = 4;
    private static final int ROWS_PER_GROUP = 5;

    private static EmbeddedHive hive;
    private static Table table;
    private static List<Row> rows;

    @BeforeAll
    static void writeOneFilePerGroup() throws Exception {
        hive = EmbeddedHive.get();
        java.nio.file.Path warehouse = hive.newDirectory("strata-pushdown");
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new Path(warehouse.toUri()));
        catalog.createDatabase("db", true);
        table = catalog.createTable(Identifier.of("db", "typed"), Schema.newBuilder()
                .column("id", DataTypes.INT())
                .column("b", DataTypes.BOOLEAN())
                .column("ti", DataTypes.TINYINT())
                .column("si", DataTypes.SMALLINT())
                .column("bi", DataTypes.BIGINT())
                .column("f", DataTypes.FLOAT())
                .column("d", DataTypes.DOUBLE())
                .column("amount", DataTypes.DECIMAL(10, 2))
                .column("c", DataTypes.CHAR(5))
                .column("vc", DataTypes.VARCHAR(10))
                .column("day", DataTypes.DATE())
                .column("ts", DataTypes.TIMESTAMP(6))
                .column("ltz", DataTypes.TIMESTAMP_LTZ(6))
                .build(), false);
        for (int g = 0; g < GROUPS; g++) {
            try (BatchWrite w = table.newBatchWrite()) {
                for (int k = 0; k < ROWS_PER_GROUP; k++) {
                    w.write(row(g, k));
                }
                w.commit();
            }
        }
        rows = coreRows();
        hive.query("CREATE EXTERNAL TABLE strata_it.pushdown_typed STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + table.location() + "'");
    }

    /** Group g holds values that no other group's range covers, in every column. */
    private static GenericRow row(int g, int k) {
        return GenericRow.of(
                g * 100 + k,
                g == 1,
                (byte) (g * 10 + k),
                (short) (g * 1000 + k),
                g * 1_000_000_000_000L + k,
                k == 4 ? Float.parseFloat(g + ".1") : g + k * 0.25f,
                g + k * 0.25,
                Decimal.fromBigDecimal(BigDecimal.valueOf(g * 1000 + k, 2), 10, 2),
                // CHAR values as core stores them: some bare, some padded.
                Utf8String.fromString((char) ('a' + g) + String.valueOf(k) + (k % 2 == 0 ? "" : "   ")),
                Utf8String.fromString("v" + g + "-" + k),
                (int) LocalDate.of(2024, 1, 1).plusDays(g * 30L + k).toEpochDay(),
                Timestamp.fromLocalDateTime(LocalDateTime.of(2024, 3, 9, 0, 0).plusDays(g).plusHours(k * 5).plusNanos(123_000)),
                Timestamp.fromInstant(Instant.parse("2024-06-01T19:00:00Z").plusSeconds((g - 1) * 86_400L + k * 3_600L)));
    }

    private static List<Row> coreRows() throws Exception {
        Plan plan = table.newScan().plan();
        TableRead read = table.newRead(plan);
        List<Row> all = new ArrayList<>();
        for (Split split : plan.splits()) {
            try (CloseableIterator<Row> it = read.open(split)) {
                while (it.hasNext()) {
                    Row r = it.next();
                    all.add(GenericRow.of(r.getInt(0), r.getBoolean(1), r.getByte(2), r.getShort(3), r.getLong(4),
                            r.getFloat(5), r.getDouble(6), r.getDecimal(7, 10, 2), r.getString(8).copy(),
                            r.getString(9).copy(), r.getInt(10), r.getTimestamp(11, 6), r.getTimestamp(12, 6)));
                }
            }
        }
        return all;
    }

    @AfterEach
    void resetZone() {
        hive.query("SET hive.local.time.zone=UTC");
    }

    /** The ids core's rows have where {@code keep} holds, as Hive prints them. */
    private static List<String> coreIds(Predicate<Row> keep) {
        return rows.stream().filter(keep).map(r -> String.valueOf(r.getInt(0))).toList();
    }

    /**
     * The filters of one test, run in one mode: each must select at least one of core's rows, plan the given
     * number of files when Hive compiles it for the mode's engine (checked in the modes without
     * vectorization), and, in {@link #run()}, return exactly the rows core's read selects.
     */
    private static final class Checks {
        private final ExecutionMode mode;
        private final List<String> wheres = new ArrayList<>();
        private final List<String> expected = new ArrayList<>();

        Checks(ExecutionMode mode) {
            this.mode = mode;
        }

        void check(String where, Predicate<Row> keep, int files) throws Exception {
            List<String> ids = coreIds(keep);
            assertThat(ids).as("rows core selects for %s", where).isNotEmpty();
            String sql = "SELECT id FROM strata_it.pushdown_typed WHERE " + where;
            if (!mode.vectorized()) {
                // The filter Hive compiles depends on the engine, not on vectorization: once per engine.
                assertThat(PlannedFiles.count(hive, table, mode, sql)).as("files planned for %s on %s", sql, mode).isEqualTo(files);
            }
            int tag = wheres.size();
            wheres.add(where);
            ids.forEach(id -> expected.add(tag + "\t" + id));
        }

        /** Runs every filter in one statement, tagged by its position, and compares with core's rows. */
        void run() {
            List<String> selects = new ArrayList<>();
            for (int i = 0; i < wheres.size(); i++) {
                selects.add("SELECT " + i + " AS q, id FROM strata_it.pushdown_typed WHERE " + wheres.get(i));
            }
            String sql = String.join(" UNION ALL ", selects);
            assertThat(hive.query(mode, sql)).as("%s on %s", wheres, mode).containsExactlyInAnyOrderElementsOf(expected);
            wheres.clear();
            expected.clear();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void aFullScanPlansEveryFile(ExecutionMode mode) throws Exception {
        assertThat(PlannedFiles.count(hive, table, mode, "SELECT id FROM strata_it.pushdown_typed")).isEqualTo(GROUPS);
        assertThat(hive.query(mode, "SELECT count(*) FROM strata_it.pushdown_typed")).containsExactly(String.valueOf(rows.size()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void integersAndBooleans(ExecutionMode mode) throws Exception {
        Checks checks = new Checks(mode);
        // Hive hands a storage handler only a function as filter, never a bare column: "b = true" becomes "b"
        // and is not pushed. Inside an AND it is.
        checks.check("b = true", r -> r.getBoolean(1), GROUPS);
        checks.check("b AND id >= 0", r -> r.getBoolean(1), 1);
        checks.check("NOT b AND id < 200", r -> !r.getBoolean(1) && r.getInt(0) < 200, 1);
        checks.check("ti = 21", r -> r.getByte(2) == 21, 1);
        checks.check("ti >= 30", r -> r.getByte(2) >= 30, 1);
        // An int literal makes Hive cast the column (not pushable): the literals are SMALLINT.
        checks.check("si BETWEEN 2000S AND 2004S", r -> r.getShort(3) >= 2000 && r.getShort(3) <= 2004, 1);
        checks.check("bi IN (1000000000003, 3000000000000)", r -> r.getLong(4) == 1_000_000_000_003L || r.getLong(4) == 3_000_000_000_000L, 2);
        checks.check("id < 100", r -> r.getInt(0) < 100, 1);
        checks.run();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void floatsAndDoubles(ExecutionMode mode) throws Exception {
        Checks checks = new Checks(mode);
        checks.check("f = 2.5", r -> r.getFloat(5) == 2.5f, 1);
        checks.check("f > 3.05", r -> r.getFloat(5) > 3.05, 1);
        // 0.1 has no exact float: Hive's comparison decides, no file holding a candidate may be skipped.
        checks.check("f = CAST(1.1 AS FLOAT)", r -> r.getFloat(5) == 1.1f, 1);
        checks.check("f < 0.3", r -> r.getFloat(5) < 0.3, 1);
        checks.check("d = 2.75", r -> r.getDouble(6) == 2.75, 1);
        checks.check("d <= 0.0", r -> r.getDouble(6) <= 0.0, 1);
        checks.run();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void decimals(ExecutionMode mode) throws Exception {
        Checks checks = new Checks(mode);
        checks.check("amount = 20.03", r -> r.getDecimal(7, 10, 2).toBigDecimal().compareTo(new BigDecimal("20.03")) == 0, 1);
        checks.check("amount < 0.035", r -> r.getDecimal(7, 10, 2).toBigDecimal().compareTo(new BigDecimal("0.035")) < 0, 1);
        checks.check("amount > 30.015", r -> r.getDecimal(7, 10, 2).toBigDecimal().compareTo(new BigDecimal("30.015")) > 0, 1);
        checks.run();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void charWithAndWithoutPaddingAndVarchar(ExecutionMode mode) throws Exception {
        Checks checks = new Checks(mode);
        checks.check("c = 'b1'", r -> r.getString(8).toString().trim().equals("b1"), 1);
        checks.check("c = 'b2'", r -> r.getString(8).toString().trim().equals("b2"), 1);
        checks.check("c < 'a3'", r -> r.getString(8).toString().trim().compareTo("a3") < 0, 1);
        checks.check("c >= 'd1'", r -> r.getString(8).toString().trim().compareTo("d1") >= 0, 1);
        checks.check("vc = 'v2-3'", r -> r.getString(9).toString().equals("v2-3"), 1);
        checks.check("vc > 'v3'", r -> r.getString(9).toString().compareTo("v3") > 0, 1);
        checks.run();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void dates(ExecutionMode mode) throws Exception {
        Checks checks = new Checks(mode);
        LocalDate feb = LocalDate.of(2024, 1, 31);
        checks.check("day = DATE '2024-01-31'", r -> r.getInt(10) == feb.toEpochDay(), 1);
        checks.check("day < '2024-01-03'", r -> r.getInt(10) < LocalDate.of(2024, 1, 3).toEpochDay(), 1);
        checks.run();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void timestampsAreWallClockTimesInEverySessionZone(ExecutionMode mode) throws Exception {
        Checks checks = new Checks(mode);
        LocalDateTime at = LocalDateTime.of(2024, 3, 10, 10, 0, 0, 123_000);
        for (String zone : new String[] {"UTC", "America/Los_Angeles"}) {
            hive.query("SET hive.local.time.zone=" + zone);
            checks.check("ts = '2024-03-10 10:00:00.000123'", r -> r.getTimestamp(11, 6).toLocalDateTime().equals(at), 1);
            // 2024-03-10 02:30 does not exist in Los Angeles; a TIMESTAMP has no zone, so it still prunes.
            checks.check("ts < '2024-03-10 02:30:00'", r -> r.getTimestamp(11, 6).toLocalDateTime()
                    .isBefore(LocalDateTime.of(2024, 3, 10, 2, 30)), 2);
            checks.check("ts >= '2024-03-12 00:00:00'", r -> !r.getTimestamp(11, 6).toLocalDateTime()
                    .isBefore(LocalDateTime.of(2024, 3, 12, 0, 0)), 1);
            checks.run();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void localTimeZoneTimestampsAreInstantsInTheSessionZone(ExecutionMode mode) throws Exception {
        Checks checks = new Checks(mode);
        Instant noonInLosAngeles = Instant.parse("2024-06-01T19:00:00Z");
        hive.query("SET hive.local.time.zone=UTC");
        checks.check("ltz = '2024-06-01 19:00:00'", r -> r.getTimestamp(12, 6).toInstant().equals(noonInLosAngeles), 1);
        checks.run();
        hive.query("SET hive.local.time.zone=America/Los_Angeles");
        checks.check("ltz = '2024-06-01 12:00:00'", r -> r.getTimestamp(12, 6).toInstant().equals(noonInLosAngeles), 1);
        checks.check("ltz < '2024-05-31 16:00:00'", r -> r.getTimestamp(12, 6).toInstant()
                .isBefore(Instant.parse("2024-05-31T23:00:00Z")), 1);
        checks.run();
    }

    /**
     * The JVM itself in Los Angeles (the failsafe JVM runs in UTC), with the session zone left to it:
     * Hive turns LTZ literals into java.sql.Timestamp through the JVM zone, TIMESTAMP literals through UTC.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void timestampsWithTheJvmInLosAngeles(ExecutionMode mode) throws Exception {
        Checks checks = new Checks(mode);
        java.util.TimeZone jvm = java.util.TimeZone.getDefault();
        try {
            java.util.TimeZone.setDefault(java.util.TimeZone.getTimeZone("America/Los_Angeles"));
            hive.query("SET hive.local.time.zone=LOCAL");
            // Literals no other test uses: Hive caches SearchArguments by expression text, and the cached
            // java.sql.Timestamp of an LTZ literal holds the JVM zone it was made in.
            LocalDateTime at = LocalDateTime.of(2024, 3, 10, 5, 0, 0, 123_000);
            checks.check("ts = '2024-03-10 05:00:00.000123'", r -> r.getTimestamp(11, 6).toLocalDateTime().equals(at), 1);
            checks.check("ts >= '2024-03-12 05:00:00'", r -> !r.getTimestamp(11, 6).toLocalDateTime()
                    .isBefore(LocalDateTime.of(2024, 3, 12, 5, 0)), 1);
            Instant oneInLosAngeles = Instant.parse("2024-06-01T20:00:00Z");
            checks.check("ltz = '2024-06-01 13:00:00'", r -> r.getTimestamp(12, 6).toInstant().equals(oneInLosAngeles), 1);
            checks.run();
        } finally {
            java.util.TimeZone.setDefault(jvm);
        }
    }

}
