package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.ManifestEntry;
import io.strata.oracle.PaimonOracle;
import io.strata.oracle.PaimonTypes;
import io.strata.oracle.PaimonValues;
import io.strata.predicate.LeafPredicate;
import io.strata.predicate.Predicate;
import io.strata.predicate.PredicateBuilder;
import io.strata.schema.Schema;
import io.strata.snapshot.ColumnStatistics;
import io.strata.snapshot.Snapshot;
import io.strata.table.store.TableStore;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.table.source.ReadBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Paimon 1.4.2's metadata statistics options ({@code metadata.stats-mode}, {@code fields.<column>.stats-mode},
 * {@code metadata.stats-dense-store}, {@code metadata.stats-keep-first-n-columns}, and for primary-key tables
 * {@code metadata.stats-mode.per.level} and {@code changelog-file.stats-mode}), both ways: the same rows written
 * by Paimon into one table and by Strata into another, with the same options, give data files (and compaction
 * outputs and changelog files) whose key statistics, value statistics and {@code _VALUE_STATS_COLS} are equal;
 * on both tables Strata's scans with a filter plan every file holding a matching row and exactly the files
 * Paimon's plan (for IS NULL possibly fewer: Paimon keeps a file with a null count of 0 when it has no range),
 * so truncated string maxima are rounded up and missing statistics rule out nothing; both read the rows that
 * match. Column statistics from data files report no range that may be a cut bound.
 */
class StatsModesPaimonInteropTest {

    private static final RowType TYPE = new RowType(List.of(
            new DataField(0, "id", DataTypes.INT().withNullable(false)),
            new DataField(1, "s", DataTypes.STRING()),
            new DataField(2, "v", DataTypes.BIGINT()),
            new DataField(3, "x", DataTypes.STRING())));

    private static final PredicateBuilder FILTERS = new PredicateBuilder(TYPE);

    @TempDir
    Path warehouse;

    static Stream<Arguments> scenarios() {
        return Stream.of(
                Arguments.of("append none", "orc", false, Map.of("metadata.stats-mode", "none"), List.of()),
                Arguments.of("append none, not dense", "parquet", false,
                        Map.of("metadata.stats-mode", "NONE", "metadata.stats-dense-store", "false"), null),
                Arguments.of("append counts, x full", "parquet", false, Map.of("metadata.stats-mode", "counts",
                        "fields.x.stats-mode", "full"), null),
                Arguments.of("append truncate(4)", "orc", false, Map.of("metadata.stats-mode", "truncate(4)"), null),
                Arguments.of("append full, first 2 columns, x truncate(2)", "parquet", false, Map.of(
                        "metadata.stats-mode", "full", "metadata.stats-keep-first-n-columns", "2",
                        "fields.x.stats-mode", "truncate(2)"), List.of("id", "s", "x")),
                Arguments.of("pk none", "parquet", true, Map.of("metadata.stats-mode", "none"), List.of()),
                Arguments.of("pk truncate(4), first column, s none", "orc", true, Map.of("metadata.stats-mode",
                        "Truncate(4)", "metadata.stats-keep-first-n-columns", "1", "fields.s.stats-mode", "none"),
                        List.of("id")),
                Arguments.of("pk per level, changelog, not dense", "parquet", true, Map.of("metadata.stats-mode",
                        "counts", "metadata.stats-mode.per.level", "0:none,5:full", "changelog-producer", "input",
                        "changelog-file.stats-mode", "truncate(3)", "metadata.stats-dense-store", "false"), null));
    }

    private static Utf8String str(String s) {
        return Utf8String.fromString(s);
    }

    /**
     * Three commits with disjoint ranges of id and s: s starts "aaaa-", "aaab-", "aaac-" (longer than any truncate
     * length, so truncate(4) rounds a file's maximum up to the next file's prefix); v is null in the last commit;
     * a primary-key table's last commit also updates ids 0-2.
     */
    private static List<List<GenericRow>> commits(boolean primaryKey) {
        List<List<GenericRow>> commits = new ArrayList<>();
        String[] prefixes = {"aaaa-", "aaab-", "aaac-"};
        for (int c = 0; c < 3; c++) {
            List<GenericRow> rows = new ArrayList<>();
            for (int i = 0; i < (c == 2 ? 5 : 10); i++) {
                int id = c * 10 + i;
                String s = id == 15 ? null : prefixes[c] + String.format("%03d", id) + "-a-tail-longer-than-sixteen";
                rows.add(GenericRow.of(id, s == null ? null : str(s), c == 2 ? null : 100L + id, str("x" + id)));
            }
            if (primaryKey && c == 2) {
                for (int id = 0; id < 3; id++) {
                    GenericRow update = GenericRow.of(id, str("aaac-upd-" + id), null, str("y" + id));
                    update.setKind(RowKind.UPDATE_AFTER);
                    rows.add(update);
                }
            }
            commits.add(rows);
        }
        return commits;
    }

    /** Filters, each with the same condition in Paimon's terms. */
    private static Map<Predicate, org.apache.paimon.predicate.Predicate> filters() {
        Map<Predicate, org.apache.paimon.predicate.Predicate> out = new LinkedHashMap<>();
        for (Predicate p : List.of(
                FILTERS.lessThan("id", 10),
                FILTERS.equal("s", str("aaab-012-a-tail-longer-than-sixteen")),
                FILTERS.greaterThan("s", str("aaab-zzz")),
                FILTERS.isNull("v"),
                FILTERS.isNotNull("v"),
                FILTERS.equal("x", str("x3")),
                PredicateBuilder.and(FILTERS.greaterThan("id", 5), FILTERS.lessThan("v", 105L)))) {
            out.put(p, toPaimon(p));
        }
        return out;
    }

    private static org.apache.paimon.predicate.Predicate toPaimon(Predicate p) {
        org.apache.paimon.predicate.PredicateBuilder b =
                new org.apache.paimon.predicate.PredicateBuilder(PaimonTypes.toPaimon(TYPE));
        if (p instanceof LeafPredicate leaf) {
            Object literal = leaf.literals().isEmpty() ? null : PaimonValues.toPaimon(leaf.literals().get(0), leaf.type());
            return switch (leaf.function()) {
                case EQUAL -> b.equal(leaf.index(), literal);
                case LESS_THAN -> b.lessThan(leaf.index(), literal);
                case GREATER_THAN -> b.greaterThan(leaf.index(), literal);
                case IS_NULL -> b.isNull(leaf.index());
                case IS_NOT_NULL -> b.isNotNull(leaf.index());
                default -> throw new IllegalArgumentException(p.toString());
            };
        }
        io.strata.predicate.CompoundPredicate and = (io.strata.predicate.CompoundPredicate) p;
        return org.apache.paimon.predicate.PredicateBuilder.and(
                and.children().stream().map(StatsModesPaimonInteropTest::toPaimon).toList());
    }

    @ParameterizedTest(name = "{0} ({1})")
    @MethodSource("scenarios")
    void strataWritesTheStatisticsPaimonWritesAndBothSkipTheSameFiles(String name, String format, boolean primaryKey,
            Map<String, String> statsOptions, List<String> valueStatsCols) throws Exception {
        Map<String, String> options = new LinkedHashMap<>(statsOptions);
        options.put("file.format", format);
        options.put("bucket", "1");
        if (!primaryKey) {
            options.put("bucket-key", "id");
        }
        List<String> keys = primaryKey ? List.of("id") : List.of();
        Table strata = createStrataTable(options, primaryKey);
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "p", TYPE, List.of(), keys, options);
            for (List<GenericRow> commit : commits(primaryKey)) {
                paimon.write("db", "p", commit);
                try (BatchWrite w = strata.newBatchWrite()) {
                    for (GenericRow row : commit) {
                        w.write(row);
                    }
                    w.commit();
                }
            }
            Table paimonTable = LifecycleTables.load(paimon.tablePath("db", "p"));
            assertSameStatistics(dataFiles(paimonTable), dataFiles(strata), name + ": data files");
            assertThat(dataFiles(strata).get(0).valueStatsCols()).as(name).isEqualTo(valueStatsCols);
            if (options.containsKey("changelog-producer")) {
                assertSameStatistics(changelogFiles(paimonTable), changelogFiles(strata), name + ": changelog files");
            }
            List<List<GenericRow>> fileRows = commits(primaryKey);
            assertSkipsOnlyWhatStatisticsRuleOut(paimon, "p", paimonTable, fileRows, false, name + ": Paimon's table");
            assertSkipsOnlyWhatStatisticsRuleOut(paimon, "s", strata, fileRows, true, name + ": Strata's table");

            // Compaction outputs: Paimon compacts its table, Strata its own.
            paimon.compact("db", "p");
            strata.compactFull();
            List<DataFileMeta> compacted = dataFiles(strata);
            assertThat(compacted).hasSize(1);
            assertSameStatistics(dataFiles(LifecycleTables.load(paimon.tablePath("db", "p"))), compacted,
                    name + ": compacted files");
        }
    }

    /**
     * Column ranges from data files never report a bound as a value: a string column some file kept in
     * truncate(N) with a value of N characters or more has no range; missing statistics leave ranges and null
     * counts unknown.
     */
    @Test
    void columnStatisticsFromDataFilesReportNoCutOrMissingRange() throws Exception {
        Map<String, String> base = Map.of("file.format", "orc", "bucket", "1", "bucket-key", "id");
        Map<String, Map<String, String>> tables = new LinkedHashMap<>();
        tables.put("t4", Map.of("metadata.stats-mode", "truncate(4)"));
        tables.put("full", Map.of("metadata.stats-mode", "full"));
        tables.put("none", Map.of("metadata.stats-mode", "none", "fields.x.stats-mode", "full"));
        Map<String, Map<String, ColumnStatistics>> columns = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, String>> t : tables.entrySet()) {
            Map<String, String> options = new LinkedHashMap<>(base);
            options.putAll(t.getValue());
            Table table = createStrataTable(t.getKey(), options, false);
            for (List<GenericRow> commit : commits(false)) {
                try (BatchWrite w = table.newBatchWrite()) {
                    for (GenericRow row : commit) {
                        w.write(row);
                    }
                    w.commit();
                }
            }
            columns.put(t.getKey(), table.statistics().fromDataFiles(table.latestSnapshot().orElseThrow()).columns());
        }
        // truncate(4): s is cut (no range), x ("x0" to "x24") and numbers are whole.
        assertThat(columns.get("t4").get("s").min()).isNull();
        assertThat(columns.get("t4").get("s").max()).isNull();
        assertThat(columns.get("t4").get("s").nullCount()).isEqualTo(1L);
        assertThat(columns.get("t4").get("x").min()).isEqualTo("x0");
        assertThat(columns.get("t4").get("x").max()).isEqualTo("x9");
        assertThat(columns.get("t4").get("id").max()).isEqualTo("24");
        // full: the whole strings.
        assertThat(columns.get("full").get("s").min()).isEqualTo("aaaa-000-a-tail-longer-than-sixteen");
        assertThat(columns.get("full").get("s").max()).isEqualTo("aaac-024-a-tail-longer-than-sixteen");
        // none: nothing known but for x.
        assertThat(columns.get("none").get("s").min()).isNull();
        assertThat(columns.get("none").get("s").nullCount()).isNull();
        assertThat(columns.get("none").get("id").max()).isNull();
        assertThat(columns.get("none").get("x").max()).isEqualTo("x9");
    }

    private Table createStrataTable(Map<String, String> options, boolean primaryKey) {
        return createStrataTable("s", options, primaryKey);
    }

    private Table createStrataTable(String name, Map<String, String> options, boolean primaryKey) {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()));
        catalog.createDatabase("db", true);
        Schema.Builder schema = Schema.newBuilder();
        for (DataField f : TYPE.fields()) {
            schema.column(f.name(), f.type());
        }
        if (primaryKey) {
            schema.primaryKey("id");
        }
        schema.options(options);
        return catalog.createTable(Identifier.of("db", name), schema.build(), false);
    }

    /** Live data files of the latest snapshot, oldest first. */
    private static List<DataFileMeta> dataFiles(Table table) throws Exception {
        List<DataFileMeta> out = new ArrayList<>();
        for (ManifestEntry e : TableStore.of(table).snapshotFiles().liveEntries(table.latestSnapshot().orElseThrow(), null)) {
            out.add(e.file());
        }
        out.sort(Comparator.comparingLong(DataFileMeta::minSequenceNumber));
        return out;
    }

    /** Changelog files of every snapshot, in snapshot order. */
    private static List<DataFileMeta> changelogFiles(Table table) throws Exception {
        List<DataFileMeta> out = new ArrayList<>();
        long latest = table.latestSnapshot().orElseThrow().id();
        for (long id = 1; id <= latest; id++) {
            Snapshot snapshot = table.snapshots().snapshot(id);
            for (ManifestEntry e : ChangelogFiles.entries(table, snapshot)) {
                out.add(e.file());
            }
        }
        assertThat(out).isNotEmpty();
        return out;
    }

    private static void assertSameStatistics(List<DataFileMeta> paimon, List<DataFileMeta> strata, String what) {
        assertThat(strata).as(what).hasSameSizeAs(paimon);
        for (int i = 0; i < paimon.size(); i++) {
            DataFileMeta p = paimon.get(i);
            DataFileMeta s = strata.get(i);
            String file = what + " #" + i;
            assertThat(s.rowCount()).as(file).isEqualTo(p.rowCount());
            assertThat(s.level()).as(file).isEqualTo(p.level());
            assertThat(s.valueStatsCols()).as(file + " value stats columns").isEqualTo(p.valueStatsCols());
            assertThat(s.keyStats()).as(file + " key stats").isEqualTo(p.keyStats());
            assertThat(s.valueStats()).as(file + " value stats").isEqualTo(p.valueStats());
        }
    }

    /**
     * For each filter: Strata's plan of {@code table} holds every file that has a matching row ({@code fileRows}:
     * the rows of each data file, oldest first) and exactly the files Paimon's plan holds, but for IS NULL, where
     * Strata may skip more (with a null count but no range, Paimon keeps a file even when its null count is 0);
     * Strata reads the matching rows and, if {@code paimonReads}, so does Paimon with the same filter.
     */
    private static void assertSkipsOnlyWhatStatisticsRuleOut(PaimonOracle paimon, String name, Table table,
            List<List<GenericRow>> fileRows, boolean paimonReads, String what) throws Exception {
        Table fresh = LifecycleTables.load(LifecycleTables.local(table));
        List<DataFileMeta> files = dataFiles(fresh);
        assertThat(files).as(what).hasSameSizeAs(fileRows);
        List<GenericRow> all = paimon.readAll("db", name);
        for (Map.Entry<Predicate, org.apache.paimon.predicate.Predicate> f : filters().entrySet()) {
            String as = what + ", filter " + f.getKey();
            Plan plan = fresh.newScan().filter(f.getKey()).plan();
            TreeSet<String> strataFiles = new TreeSet<>();
            plan.splits().forEach(split -> split.files().forEach(file -> strataFiles.add(file.fileName())));
            TreeSet<String> matching = new TreeSet<>();
            for (int i = 0; i < files.size(); i++) {
                if (fileRows.get(i).stream().anyMatch(f.getKey()::test)) {
                    matching.add(files.get(i).fileName());
                }
            }
            ReadBuilder read = paimon.table("db", name).newReadBuilder().withFilter(f.getValue());
            List<org.apache.paimon.table.source.Split> paimonSplits = read.newScan().plan().splits();
            TreeSet<String> paimonFiles = new TreeSet<>();
            paimonSplits.forEach(split -> ((DataSplit) split).dataFiles().forEach(file -> paimonFiles.add(file.fileName())));
            assertThat(strataFiles).as(as + ": planned files").containsAll(matching);
            if (f.getKey() instanceof LeafPredicate leaf && leaf.function() == io.strata.predicate.LeafFunction.IS_NULL) {
                assertThat(paimonFiles).as(as + ": Paimon's planned files").containsAll(strataFiles);
            } else {
                assertThat(strataFiles).as(as + ": planned files").isEqualTo(paimonFiles);
            }

            List<String> expected = TestRows.formatAll(all.stream().filter(f.getKey()::test).toList(), TYPE);
            assertThat(TestRows.readAll(fresh, plan)).as(as + ": Strata's rows").isEqualTo(expected);
            if (paimonReads) {
                List<GenericRow> paimonRows = new ArrayList<>();
                try (RecordReader<InternalRow> reader = read.newRead().createReader(paimonSplits)) {
                    reader.forEachRemaining(row -> paimonRows.add(PaimonValues.toStrataRow(row, PaimonTypes.toPaimon(TYPE))));
                }
                assertThat(TestRows.formatAll(paimonRows.stream().filter(f.getKey()::test).toList(), TYPE))
                        .as(as + ": Paimon's rows").isEqualTo(expected);
            }
        }
    }
}
