package io.strata.table;

import static io.strata.table.IncrementalReadPaimonInteropTest.row;
import static io.strata.table.PaimonVersionMatrixTest.load;
import static io.strata.table.PaimonVersionMatrixTest.strataWrite;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.oracle.versions.OracleEngine;
import io.strata.oracle.versions.PaimonReleases;
import io.strata.schema.Schema;
import io.strata.schema.SchemaChange;
import io.strata.table.store.TableStore;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Interop both ways with older Apache Paimon releases, each in a class loader of its own
 * ({@link PaimonReleases}; the releases of {@code strata.paimon.matrix} as in {@link PaimonVersionMatrixTest}: 1.2.0
 * in the default build, 1.2.0, 1.3.1 and 1.4.2 in the full matrix), for what changes a table over time: the merge
 * engines partial-update, aggregation and first-row; the changelog producers input and full-compaction, read in
 * batches and as a stream; schema evolution by the release and by Strata; snapshot expiration with tags and
 * changelogs kept longer than snapshots, by either side. The release writes, Strata reads the same rows and writes
 * on top, the release reads that and writes and compacts on top, Strata reads and compacts, the release reads again.
 */
class PaimonVersionMatrixChangesTest {

    @TempDir
    Path warehouse;

    static Stream<String> releases() {
        return PaimonReleases.matrix().stream();
    }

    static Stream<Arguments> releasesAndEngines() {
        return cross(List.of("partial-update", "partial-update-sequence-group", "aggregation", "first-row"));
    }

    static Stream<Arguments> releasesAndProducers() {
        return cross(List.of("input", "full-compaction"));
    }

    private static Stream<Arguments> cross(List<String> kinds) {
        List<Arguments> out = new ArrayList<>();
        for (String version : PaimonReleases.matrix()) {
            for (String kind : kinds) {
                out.add(Arguments.of(version, kind));
            }
        }
        return out.stream();
    }

    /**
     * Avro data files across the release: a table with Avro at level 0 and Parquet above
     * ({@code file.format.per.level}), written, compacted and read by the release and by Strata in turn; every
     * state reads alike (the release's Avro files by Strata's reader, Strata's by the release's).
     */
    @ParameterizedTest(name = "Paimon {0}")
    @MethodSource("releases")
    void avroFilesAndPerLevelFormatsAcrossTheRelease(String version) throws Exception {
        RowType type = AvroPaimonInteropTest.tableType();
        List<List<GenericRow>> history = PaimonInteropTest.history(type, true, true, version.hashCode(), 4);
        try (OracleEngine paimon = PaimonReleases.open(version, warehouse)) {
            paimon.createTable("db", "t", type, List.of("p"), List.of("p", "k"),
                    Map.of("bucket", "1", "file.format", "parquet", "file.format.per.level", "0:avro"));
            paimon.write("db", "t", history.get(0));
            Table table = load(paimon, "t");
            assertThat(TestRows.readAll(table)).as("Strata reads Paimon %s's Avro files", version)
                    .isEqualTo(paimonRows(paimon, type));
            strataWrite(table, history.get(1));
            assertThat(paimonRows(paimon, type)).as("Paimon %s reads Strata's Avro files", version)
                    .isEqualTo(TestRows.readAll(table));
            paimon.write("db", "t", history.get(2));
            paimon.compact("db", "t");
            assertThat(TestRows.readAll(table)).isEqualTo(paimonRows(paimon, type));
            strataWrite(table, history.get(3));
            table.compactFull();
            assertThat(paimonRows(paimon, type)).isEqualTo(TestRows.readAll(table));
        }
    }

    static Stream<Arguments> releasesAndStatsModes() {
        return cross(List.of("none", "counts", "truncate(4)", "full-sparse"));
    }

    /**
     * Statistics modes across the release: a table whose files keep no, counted, truncated or (sparsely stored) full
     * statistics, written by the release and by Strata in turn; a filtered Strata scan over both engines' files
     * returns exactly the matching rows (it may skip only files whose kept statistics rule them out), and the
     * release reads what Strata reads.
     */
    @ParameterizedTest(name = "Paimon {0}, {1}")
    @MethodSource("releasesAndStatsModes")
    void statisticsModesOfTheReleaseAndOfStrataFilterAlike(String version, String mode) throws Exception {
        RowType type = new RowType(List.of(new DataField(0, "k", DataTypes.INT().withNullable(false)),
                new DataField(1, "name", DataTypes.STRING())));
        Map<String, String> options = new HashMap<>(Map.of("bucket", "1"));
        if (mode.equals("full-sparse")) {
            options.putAll(Map.of("metadata.stats-mode", "full", "metadata.stats-dense-store", "false",
                    "fields.k.stats-mode", "none"));
        } else {
            options.put("metadata.stats-mode", mode);
        }
        try (OracleEngine paimon = PaimonReleases.open(version, warehouse)) {
            paimon.createTable("db", "t", type, List.of(), List.of("k"), options);
            List<GenericRow> theirs = new ArrayList<>();
            for (int k = 0; k < 6; k++) {
                theirs.add(GenericRow.of(k, Utf8String.fromString("paimon-" + "abcdef".charAt(k) + "-long-name")));
            }
            paimon.write("db", "t", theirs);
            Table table = load(paimon, "t");
            strataWrite(table, List.of(GenericRow.of(10, Utf8String.fromString("strata-zzz")),
                    GenericRow.of(11, Utf8String.fromString("paimon-c-long-name-too"))));
            for (String name : List.of("paimon-c-long-name", "strata-zzz", "paimon-c-long-name-too", "absent")) {
                io.strata.predicate.Predicate filter = new io.strata.predicate.PredicateBuilder(type)
                        .equal("name", Utf8String.fromString(name));
                List<String> matching = TestRows.readAll(table).stream().filter(r -> r.endsWith(", " + name + "]")).toList();
                List<String> read = TestRows.readAll(table, table.newScan().filter(filter).plan()).stream()
                        .filter(r -> r.endsWith(", " + name + "]")).toList();
                assertThat(read).as("Strata's filtered scan for %s (%s, Paimon %s)", name, mode, version)
                        .isEqualTo(matching);
            }
            table.compactFull();
            assertThat(paimonRows(paimon, type)).as("Paimon %s reads Strata's files (%s)", version, mode)
                    .hasSize(8).isEqualTo(TestRows.readAll(table));
        }
    }

    /** The release's merged read of table {@code t}, formatted and sorted as {@link TestRows} formats Strata's. */
    private static List<String> paimonRows(OracleEngine paimon, RowType type) {
        return TestRows.formatAll(paimon.readAll("db", "t"), type);
    }

    /** {@link ChangelogWorkload}'s options of the engine, with a sequence group or more aggregate functions. */
    private static Map<String, String> engineOptions(String engine) {
        Map<String, String> options = new HashMap<>();
        switch (engine) {
            // v and n change only with a ts at least the stored one, whatever order the rows come in.
            case "partial-update-sequence-group" -> options.putAll(Map.of("merge-engine", "partial-update",
                    "fields.ts.sequence-group", "v,n"));
            case "aggregation" -> {
                options.putAll(ChangelogWorkload.engineOptions(engine));
                options.put("fields.ts.aggregate-function", "max");
                options.put("fields.v.aggregate-function", "last_non_null_value");
            }
            default -> options.putAll(ChangelogWorkload.engineOptions(engine));
        }
        options.put("bucket", "2");
        options.put("file.format", engine.startsWith("partial-update") ? "orc" : "parquet");
        return options;
    }

    /**
     * Five commits of {@link ChangelogWorkload} for the engine. With a sequence group a delete retracts the group's
     * fields instead of the row, and only if its sequence value is not older than the stored one: the workload's
     * deletes get ts 50, in the middle of its sequence values, so that some retract and some lose.
     */
    private static List<List<GenericRow>> engineHistory(String engine, long seed) {
        boolean sequenceGroup = engine.equals("partial-update-sequence-group");
        ChangelogWorkload workload = new ChangelogWorkload(sequenceGroup ? "partial-update" : engine, seed, 30);
        List<List<GenericRow>> commits = new ArrayList<>();
        for (int c = 0; c < 5; c++) {
            List<GenericRow> rows = workload.nextCommit(30);
            if (sequenceGroup) {
                rows.stream().filter(r -> r.kind() == RowKind.DELETE).forEach(r -> r.set(3, 50));
            }
            commits.add(rows);
        }
        return commits;
    }

    /**
     * Partial-update (plain, removing a row on delete; and with a sequence group, whose deletes retract the group's
     * fields), aggregation (sum, max and last_non_null_value) and first-row tables merge alike in the release and in
     * Strata: each reads the other's writes, the release's compaction and Strata's, as the same rows.
     */
    @ParameterizedTest(name = "Paimon {0}, {1}")
    @MethodSource("releasesAndEngines")
    void mergeEnginesMergeAlikeAcrossTheRelease(String version, String engine) throws Exception {
        RowType type = ChangelogWorkload.TYPE;
        List<List<GenericRow>> history = engineHistory(engine, version.hashCode() + engine.hashCode());
        try (OracleEngine paimon = PaimonReleases.open(version, warehouse)) {
            paimon.createTable("db", "t", type, List.of(), List.of("k"), engineOptions(engine));
            paimon.write("db", "t", history.get(0));
            paimon.write("db", "t", history.get(1));
            Table table = load(paimon, "t");
            assertThat(TestRows.readAll(table)).as("Strata reads Paimon %s", version)
                    .isEqualTo(paimonRows(paimon, type)).isNotEmpty();
            strataWrite(table, history.get(2));
            assertThat(paimonRows(paimon, type)).as("Paimon %s reads Strata's write", version)
                    .isEqualTo(TestRows.readAll(table));
            paimon.write("db", "t", history.get(3));
            paimon.compact("db", "t");
            assertThat(TestRows.readAll(table)).as("Strata reads Paimon %s's write and compaction", version)
                    .isEqualTo(paimonRows(paimon, type));
            strataWrite(table, history.get(4));
            table.compactFull();
            assertThat(paimonRows(paimon, type)).as("Paimon %s reads Strata's write and compaction", version)
                    .isEqualTo(TestRows.readAll(table)).isNotEmpty();
        }
    }

    /**
     * The changelog producers input and full-compaction over commits (and, for full-compaction, the full compactions
     * that make its changelog) of the release and Strata in turn: the release's {@code incremental-between} read of
     * every single snapshot and of the whole history equals Strata's incremental read, and a Strata stream that
     * follows the table while both write reads what the release's stream from the same snapshot reads.
     */
    @ParameterizedTest(name = "Paimon {0}, changelog-producer {1}")
    @MethodSource("releasesAndProducers")
    void changelogsOfTheReleaseAndOfStrataReadAlikeInBatchesAndStreams(String version, String producer)
            throws Exception {
        RowType type = IncrementalReadPaimonInteropTest.TYPE;
        List<List<GenericRow>> history = IncrementalReadPaimonInteropTest.history();
        boolean fullCompaction = producer.equals("full-compaction");
        try (OracleEngine paimon = PaimonReleases.open(version, warehouse)) {
            paimon.createTable("db", "t", type, List.of("p"), List.of("p", "id"),
                    IncrementalReadPaimonInteropTest.pkOptions(producer));
            paimon.write("db", "t", history.get(0));
            Table table = load(paimon, "t");
            List<String> streamed = new ArrayList<>();
            try (ChangeStream stream = table.newStreamScan().fromSnapshot(1).open()) {
                ChangeRows.drain(table, stream, streamed);
                List<List<GenericRow>> more = List.of(history.get(1), history.get(2), history.get(3),
                        List.of(row(RowKind.INSERT, 10, "f10"), row(RowKind.DELETE, 2, null)));
                for (int c = 0; c < more.size(); c++) {
                    if (c % 2 == 0) {
                        strataWrite(table, more.get(c));
                        if (fullCompaction) {
                            table.compactFull();
                        }
                    } else {
                        paimon.write("db", "t", more.get(c));
                        if (fullCompaction) {
                            paimon.compact("db", "t");
                        }
                        ChangeRows.drain(table, stream, streamed);
                    }
                }
            }
            long latest = table.snapshots().latestSnapshotId();
            for (long from = 0; from < latest; from++) {
                for (long to : from == 0 ? List.of(1L, latest) : List.of(from + 1)) {
                    Map<String, String> read = Map.of("incremental-between", from + "," + to);
                    assertThat(ChangeRows.read(table, table.newIncrementalScan().withOptions(read).plan()))
                            .as("Strata and Paimon %s read %s", version, read)
                            .isEqualTo(ChangelogFiles.multiset(paimon.readChanges("db", "t", read), type));
                }
            }
            List<String> all = ChangeRows.read(table, table.newIncrementalScan().between(0, latest).plan());
            assertThat(all).anyMatch(r -> r.startsWith("-D")).anyMatch(r -> r.startsWith("+I"));
            if (fullCompaction) {
                assertThat(all).as("full compactions: updates as -U/+U").anyMatch(r -> r.startsWith("-U"));
            }
            streamed.sort(null);
            assertThat(streamed).as("Strata's stream and Paimon %s's from snapshot 1", version).isEqualTo(all)
                    .isEqualTo(ChangelogFiles.multiset(paimon.readStream("db", "t",
                            Map.of("scan.mode", "from-snapshot", "scan.snapshot-id", "1")), type));
        }
    }

    /** A row of the evolved tables: k, qty, remark (note before the rename), added; gone only before its drop. */
    private static GenericRow evolved(int k, Object qty, String remark, Double added) {
        return GenericRow.of(k, qty, remark == null ? null : Utf8String.fromString(remark), added);
    }

    private static final RowType FIRST_SCHEMA = new RowType(List.of(
            new DataField(0, "k", DataTypes.INT().withNullable(false)), new DataField(1, "qty", DataTypes.INT()),
            new DataField(2, "note", DataTypes.STRING()), new DataField(3, "gone", DataTypes.STRING())));

    private static List<GenericRow> firstSchemaRows(int from, int to, String tag) {
        List<GenericRow> rows = new ArrayList<>();
        for (int k = from; k < to; k++) {
            rows.add(GenericRow.of(k, k * 10, Utf8String.fromString(tag + k), Utf8String.fromString("g" + k)));
        }
        return rows;
    }

    /** The last schema: qty widened to BIGINT, note renamed to remark, gone dropped, added appended. */
    private static final List<SchemaChange> EVOLUTION = List.of(SchemaChange.updateColumnType("qty", DataTypes.BIGINT()),
            SchemaChange.renameColumn("note", "remark"), SchemaChange.dropColumn("gone"));

    /**
     * The release evolves a table (adds a column, then widens INT to BIGINT, renames and drops columns and switches
     * ORC to Parquet), writing after each change: Strata reads every file through the latest schema as the release
     * does, writes rows of that schema, and the release reads them; after the release's and Strata's compactions
     * both still read the same rows.
     */
    @ParameterizedTest(name = "Paimon {0}")
    @MethodSource("releases")
    void theReleaseEvolvesTheSchemaStrataReadsEveryFileAndWritesTheLatest(String version) throws Exception {
        try (OracleEngine paimon = PaimonReleases.open(version, warehouse)) {
            paimon.createTable("db", "t", FIRST_SCHEMA, List.of(), List.of("k"),
                    Map.of("bucket", "2", "file.format", "orc"));
            paimon.write("db", "t", firstSchemaRows(0, 10, "n"));
            paimon.alterTable("db", "t", List.of(SchemaChange.addColumn("added", DataTypes.DOUBLE())));
            List<GenericRow> withAdded = new ArrayList<>();
            for (int k = 5; k < 12; k++) {
                withAdded.add(GenericRow.of(k, k * 100, Utf8String.fromString("m" + k), Utf8String.fromString("h" + k),
                        k + 0.5));
            }
            paimon.write("db", "t", withAdded);
            List<SchemaChange> changes = new ArrayList<>(EVOLUTION);
            changes.add(SchemaChange.setOption("file.format", "parquet"));
            paimon.alterTable("db", "t", changes);
            // A quantity past INT: only the widened column holds it.
            paimon.write("db", "t", List.of(evolved(10, 5_000_000_010L, "r10", 1.5), evolved(14, 14L, "r14", null)));

            RowType latest = paimon.rowType("db", "t");
            assertThat(latest.fieldNames()).containsExactly("k", "qty", "remark", "added");
            Table table = load(paimon, "t");
            assertThat(table.schema().rowType()).isEqualTo(latest);
            assertThat(TestRows.readAll(table)).as("Strata reads Paimon %s's files of three schemas", version)
                    .isEqualTo(paimonRows(paimon, latest)).hasSize(13).contains("[10, 5000000010, r10, 1.5]",
                            "[0, 0, n0, null]", "[7, 700, m7, 7.5]");
            strataWrite(table, List.of(evolved(0, 6_000_000_000L, "s0", 0.25), evolved(20, -1L, null, 2.0)));
            assertThat(paimonRows(paimon, latest)).as("Paimon %s reads Strata's write", version)
                    .isEqualTo(TestRows.readAll(table)).contains("[0, 6000000000, s0, 0.25]");
            paimon.compact("db", "t");
            assertThat(TestRows.readAll(table)).isEqualTo(paimonRows(paimon, latest));
            strataWrite(table, List.of(evolved(5, 55L, "s5", null)));
            table.compactFull();
            assertThat(paimonRows(paimon, latest)).as("Paimon %s reads Strata's compaction", version)
                    .isEqualTo(TestRows.readAll(table)).hasSize(14);
        }
    }

    /**
     * Strata evolves a table both engines wrote (adds a column, widens INT to BIGINT, renames and drops columns,
     * switches Parquet to ORC): the release reads the schema Strata wrote, reads every file through it as Strata
     * does, writes rows of it that Strata reads, and after both engines' compactions they still read the same rows.
     */
    @ParameterizedTest(name = "Paimon {0}")
    @MethodSource("releases")
    void strataEvolvesTheSchemaTheReleaseReadsEveryFileAndWritesTheLatest(String version) throws Exception {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), LifecycleTables.hadoop(warehouse));
        catalog.createDatabase("db", true);
        Identifier id = Identifier.of("db", "t");
        Schema.Builder schema = Schema.newBuilder();
        FIRST_SCHEMA.fields().forEach(f -> schema.column(f.name(), f.type()));
        Table table = catalog.createTable(id, schema.primaryKey("k").option("bucket", "2")
                .option("file.format", "parquet").build(), false);
        try (OracleEngine paimon = PaimonReleases.open(version, warehouse)) {
            strataWrite(table, firstSchemaRows(0, 8, "n"));
            paimon.write("db", "t", firstSchemaRows(6, 12, "p"));
            List<SchemaChange> changes = new ArrayList<>(EVOLUTION);
            changes.add(SchemaChange.addColumn("added", DataTypes.DOUBLE()));
            changes.add(SchemaChange.setOption("file.format", "orc"));
            table = catalog.alterTable(id, changes.toArray(SchemaChange[]::new));
            RowType latest = table.schema().rowType();
            assertThat(paimon.rowType("db", "t")).isEqualTo(latest);
            assertThat(paimonRows(paimon, latest)).as("Paimon %s reads both engines' files through Strata's schema",
                    version).isEqualTo(TestRows.readAll(table)).contains("[0, 0, n0, null]", "[7, 70, p7, null]");
            strataWrite(table, List.of(evolved(3, 5_000_000_003L, "s3", 3.5), evolved(30, 30L, null, null)));
            assertThat(paimonRows(paimon, latest)).as("Paimon %s reads Strata's write", version)
                    .isEqualTo(TestRows.readAll(table)).contains("[3, 5000000003, s3, 3.5]");
            paimon.write("db", "t", List.of(evolved(4, 7_000_000_004L, "p4", 4.5), evolved(31, 31L, "p31", null)));
            paimon.compact("db", "t");
            assertThat(TestRows.readAll(table)).as("Strata reads Paimon %s's write and compaction", version)
                    .isEqualTo(paimonRows(paimon, latest)).contains("[4, 7000000004, p4, 4.5]").hasSize(14);
            table.compactFull();
            assertThat(paimonRows(paimon, latest)).isEqualTo(TestRows.readAll(table));
        }
    }

    /**
     * Strata expires the snapshots of a table the release wrote, keeping changelogs longer than snapshots
     * ({@link ChangelogRetentionPaimonInteropTest#options}): the release still reads the latest snapshot, a tag of
     * its own and one of Strata's, and streams the expired snapshots' changes from the kept changelogs; then the
     * release writes and expires by the same options, and Strata reads what it left.
     */
    @ParameterizedTest(name = "Paimon {0}")
    @MethodSource("releases")
    void strataExpiresTheReleasesSnapshotsTheReleaseReadsTagsAndKeptChangelogs(String version) throws Exception {
        RowType type = IncrementalReadPaimonInteropTest.TYPE;
        try (OracleEngine paimon = PaimonReleases.open(version, warehouse)) {
            paimon.createTable("db", "t", type, List.of("p"), List.of("p", "id"),
                    ChangelogRetentionPaimonInteropTest.options("input"));
            IncrementalReadPaimonInteropTest.history().forEach(rows -> paimon.write("db", "t", rows));
            paimon.createTag("db", "t", "paimon-2", 2);
            Table table = load(paimon, "t");
            table.tags().create("strata-3", 3);
            paimon.write("db", "t", List.of(row(RowKind.INSERT, 20, "g"), row(RowKind.DELETE, 9, null)));
            paimon.write("db", "t", List.of(row(RowKind.UPDATE_AFTER, 20, "h"), row(RowKind.INSERT, 21, "h")));
            long latest = table.snapshots().latestSnapshotId();
            Map<String, String> fromKept = Map.of("scan.mode", "from-snapshot", "scan.snapshot-id",
                    Long.toString(latest - 3));
            List<String> changes = ChangelogFiles.multiset(paimon.readStream("db", "t", fromKept), type);
            Map<String, List<String>> tags = new TreeMap<>();
            for (String tag : List.of("paimon-2", "strata-3")) {
                tags.put(tag, TestRows.formatAll(paimon.readChanges("db", "t", Map.of("scan.tag-name", tag)), type));
            }
            List<String> rows = paimonRows(paimon, type);

            assertThat(table.expireSnapshots().commit().changelogIds()).isNotEmpty();
            assertThat(table.snapshots().listIds()).containsExactly(latest - 1, latest);
            assertThat(TableStore.of(table).changelogManager().listIds()).containsExactly(latest - 3, latest - 2);
            assertThat(paimonRows(paimon, type)).as("Paimon %s reads the latest snapshot", version).isEqualTo(rows)
                    .isEqualTo(TestRows.readAll(table));
            for (String tag : tags.keySet()) {
                assertThat(TestRows.formatAll(paimon.readChanges("db", "t", Map.of("scan.tag-name", tag)), type))
                        .as("Paimon %s reads tag %s", version, tag).isEqualTo(tags.get(tag)).isNotEmpty()
                        .isEqualTo(LifecycleTables.rowsOfTag(table, tag));
            }
            assertThat(ChangelogFiles.multiset(paimon.readStream("db", "t", fromKept), type))
                    .as("Paimon %s streams the kept changelogs", version).isEqualTo(changes).isNotEmpty()
                    .isEqualTo(ChangeRows.read(table, table.newIncrementalScan().between(latest - 4, latest).plan()));

            paimon.write("db", "t", List.of(row(RowKind.INSERT, 30, "i")));
            paimon.write("db", "t", List.of(row(RowKind.DELETE, 21, null)));
            assertThat(paimon.expireSnapshots("db", "t", Map.of())).isEqualTo(2);
            assertThat(table.snapshots().listIds()).containsExactly(latest + 1, latest + 2);
            assertThat(TestRows.readAll(table)).isEqualTo(paimonRows(paimon, type));
            assertThat(LifecycleTables.rowsOfTag(table, "paimon-2")).isEqualTo(tags.get("paimon-2"));
            assertThat(ChangeRows.read(table, table.newIncrementalScan().between(latest - 2, latest + 2).plan()))
                    .as("Strata reads the changelogs Paimon %s kept", version)
                    .isEqualTo(ChangelogFiles.multiset(paimon.readStream("db", "t", Map.of("scan.mode", "from-snapshot",
                            "scan.snapshot-id", Long.toString(latest - 1))), type))
                    .contains("+I[p0, 30, i]", "-D[p1, 21, null]");
            assertThat(LifecycleTables.orphans(table)).isEmpty();
        }
    }

    /**
     * The release expires the snapshots and changelogs of a table Strata wrote and tagged (a tag of each engine), as
     * the table's options say: Strata reads the snapshots left, both tags and the changes of the kept changelogs as
     * before, finds no orphan file, and its next commit reads in the release.
     */
    @ParameterizedTest(name = "Paimon {0}")
    @MethodSource("releases")
    void theReleaseExpiresStrataSnapshotsStrataReadsTagsAndKeptChangelogs(String version) throws Exception {
        List<String> options = new ArrayList<>();
        ChangelogRetentionPaimonInteropTest.options("input").forEach((k, v) -> {
            options.add(k);
            options.add(v);
        });
        Table table = LifecyclePaimonInteropTest.strataHistory(warehouse, options.toArray(String[]::new));
        table.tags().create("strata-2", 2);
        long latest = table.snapshots().latestSnapshotId();
        try (OracleEngine paimon = PaimonReleases.open(version, warehouse)) {
            paimon.createTag("db", "t", "paimon-5", 5);
            Map<Long, List<String>> before = LifecycleTables.allSnapshots(table);
            List<String> changes = ChangeRows.read(table, table.newIncrementalScan().between(latest - 4, latest).plan());
            assertThat(changes).isEqualTo(ChangelogFiles.multiset(paimon.readStream("db", "t", Map.of("scan.mode",
                    "from-snapshot", "scan.snapshot-id", Long.toString(latest - 3))), table.schema().rowType()));

            assertThat(paimon.expireSnapshots("db", "t", Map.of())).isEqualTo((int) latest - 2);
            assertThat(table.snapshots().listIds()).containsExactly(latest - 1, latest);
            assertThat(TableStore.of(table).changelogManager().listIds()).containsExactly(latest - 3, latest - 2);
            for (long id = latest - 1; id <= latest; id++) {
                assertThat(LifecycleTables.rowsAt(table, id)).isEqualTo(before.get(id));
            }
            assertThat(LifecycleTables.rowsOfTag(table, "strata-2")).isEqualTo(before.get(2L)).isNotEmpty();
            assertThat(LifecycleTables.rowsOfTag(table, "paimon-5")).isEqualTo(before.get(5L)).isNotEmpty();
            assertThat(ChangeRows.read(table, table.newIncrementalScan().between(latest - 4, latest).plan()))
                    .as("Strata reads the changelogs Paimon %s kept", version).isEqualTo(changes).isNotEmpty();
            assertThat(LifecycleTables.orphans(table)).as("no orphan after Paimon %s's expiration", version).isEmpty();
            LifecycleTables.commit(table, 7);
            assertThat(paimonRows(paimon, table.schema().rowType())).isEqualTo(TestRows.readAll(table));
        }
    }
}
