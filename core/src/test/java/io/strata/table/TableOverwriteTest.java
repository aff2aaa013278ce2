package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.manifest.IndexManifestEntry;
import io.strata.manifest.ManifestEntry;
import io.strata.oracle.PaimonOracle;
import io.strata.schema.Schema;
import io.strata.snapshot.CommitKind;
import io.strata.snapshot.Snapshot;
import io.strata.table.store.TableStore;
import io.strata.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * INSERT OVERWRITE through the distributed write: tasks write with {@link Table#newOverwriteWrite()}, the
 * job commits with {@link TableCommit#overwrite}, one OVERWRITE snapshot that replaces partitions (dynamic
 * or static) or an unpartitioned table, and that Paimon reads as its own overwrite.
 */
class TableOverwriteTest {

    @TempDir
    Path dir;

    @AfterEach
    void reset() {
        RenameFaults.reset();
        ObjectStoreFileSystem.reset();
        TestCommitHookProvider.reset();
    }

    private FileSystemCatalog catalog(String scheme) {
        Configuration conf = HdfsLikeFileSystem.register(ObjectStoreFileSystem.register(new Configuration()));
        FileSystemCatalog catalog = new FileSystemCatalog(new FileIO(conf),
                new org.apache.hadoop.fs.Path(scheme == null ? dir.toUri().toString() : scheme + "://" + dir));
        catalog.createDatabase("db", true);
        return catalog;
    }

    /** p (partition), k, v; primary key (p, k); two buckets. */
    private Table partitioned(String scheme, Map<String, String> options) {
        Schema.Builder schema = Schema.newBuilder()
                .column("p", DataTypes.STRING().withNullable(false))
                .column("k", DataTypes.INT().withNullable(false))
                .column("v", DataTypes.STRING())
                .partitionKeys("p")
                .primaryKey("p", "k")
                .option("bucket", "2")
                .option("file.format", "orc")
                .option("commit.max-retry-wait", "20 ms");
        options.forEach(schema::option);
        return catalog(scheme).createTable(Identifier.of("db", "t"), schema.build(), false);
    }

    private Table partitioned() {
        return partitioned(null, Map.of());
    }

    /** k, v; an append table without partitions or buckets. */
    private Table unpartitionedAppend() {
        Schema schema = Schema.newBuilder()
                .column("k", DataTypes.INT())
                .column("v", DataTypes.STRING())
                .option("file.format", "parquet")
                .build();
        return catalog(null).createTable(Identifier.of("db", "t"), schema, false);
    }

    private static GenericRow row(String p, int k, String v) {
        return GenericRow.of(Utf8String.fromString(p), k, Utf8String.fromString(v));
    }

    private static GenericRow row(int k, String v) {
        return GenericRow.of(k, Utf8String.fromString(v));
    }

    private static String formatted(String p, int k, String v) {
        return "[" + p + ", " + k + ", " + v + "]";
    }

    /** Keys {@code from..to} of each partition with value {@code v}, committed by a batch write. */
    private static void batch(Table table, List<String> partitions, int from, int to, String v) {
        try (BatchWrite w = table.newBatchWrite()) {
            for (String p : partitions) {
                for (int k = from; k <= to; k++) {
                    w.write(row(p, k, v));
                }
            }
            w.commit();
        }
    }

    /** One overwrite task per partition writing keys {@code from..to}; their messages as shipped bytes decode them. */
    private static List<CommitMessage> overwriteTasks(Table table, List<String> partitions, int from, int to, String v) {
        List<CommitMessage> all = new ArrayList<>();
        for (String p : partitions) {
            try (TableWrite w = table.newOverwriteWrite()) {
                for (int k = from; k <= to; k++) {
                    w.write(row(p, k, v));
                }
                all.addAll(CommitMessageCodec.decode(CommitMessageCodec.encode(w.prepareCommit())));
            }
        }
        return all;
    }

    /** The rows expected: {@code from..to} of each partition with value {@code v}, added to {@code model}. */
    private static void put(TreeMap<String, String> model, List<String> partitions, int from, int to, String v) {
        for (String p : partitions) {
            for (int k = from; k <= to; k++) {
                model.put(p + "/" + k, formatted(p, k, v));
            }
        }
    }

    private static void removePartition(TreeMap<String, String> model, String p) {
        model.keySet().removeIf(key -> key.startsWith(p + "/"));
    }

    /** Strata and Paimon both read exactly the model. */
    private void assertReads(Table table, TreeMap<String, String> model) throws Exception {
        List<String> expected = new ArrayList<>(model.values());
        expected.sort(null);
        assertReads(table, expected);
    }

    private void assertReads(Table table, List<String> expected) throws Exception {
        List<String> strata = TestRows.readAll(table);
        assertThat(strata).containsExactlyInAnyOrderElementsOf(expected);
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            assertThat(TestRows.formatAll(paimon.readAll("db", "t"), table.schema().rowType()))
                    .as("Paimon reads the same rows").isEqualTo(strata);
        }
    }

    /** The commit kind Paimon sees for the table's latest snapshot. */
    private String paimonLatestKind() {
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            org.apache.paimon.table.FileStoreTable t = (org.apache.paimon.table.FileStoreTable) paimon.table("db", "t");
            return t.snapshotManager().latestSnapshot().commitKind().name();
        }
    }

    /** The commit kind Paimon sees for a snapshot of the table. */
    private String paimonKind(long id) {
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            org.apache.paimon.table.FileStoreTable t = (org.apache.paimon.table.FileStoreTable) paimon.table("db", "t");
            return t.snapshotManager().snapshot(id).commitKind().name();
        }
    }

    /** The data files under the table's bucket directories. */
    private TreeSet<String> dataFiles() throws Exception {
        try (Stream<Path> all = Files.walk(dir)) {
            TreeSet<String> names = new TreeSet<>();
            all.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString())
                    .filter(n -> n.contains("bucket-") && !n.contains("/."))
                    .forEach(names::add);
            return names;
        }
    }

    @Test
    void aDynamicOverwriteReplacesOnlyTheWrittenPartitionsAndLaterWritesReadRight() throws Exception {
        Table table = partitioned();
        batch(table, List.of("a", "b", "c"), 1, 5, "old");
        TreeMap<String, String> model = new TreeMap<>();
        put(model, List.of("a", "b", "c"), 1, 5, "old");

        List<CommitMessage> messages = overwriteTasks(table, List.of("a", "b"), 3, 7, "new");
        try (TableCommit commit = table.newCommit("overwrite-1")) {
            assertThat(commit.overwrite(messages, Map.of())).isEqualTo(2);
        }
        Snapshot snapshot = table.latestSnapshot().orElseThrow();
        assertThat(snapshot.commitKind()).isEqualTo(CommitKind.OVERWRITE);
        assertThat(snapshot.commitUser()).isEqualTo("overwrite-1");
        assertThat(snapshot.totalRecordCount()).isEqualTo(15L);
        assertThat(paimonLatestKind()).isEqualTo("OVERWRITE");
        removePartition(model, "a");
        removePartition(model, "b");
        put(model, List.of("a", "b"), 3, 7, "new");
        assertReads(table, model);
        for (ManifestEntry e : CompactionTest.liveFiles(table, snapshot)) {
            if (!TableStore.of(table).paths().partitionPath(e.partition()).equals("p=c")) {
                assertThat(e.file().minSequenceNumber()).as("an overwrite's buckets number from 0").isZero();
            }
        }

        // A normal commit and a Paimon write on top.
        batch(table, List.of("a", "c"), 5, 6, "later");
        put(model, List.of("a", "c"), 5, 6, "later");
        assertReads(table, model);
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            paimon.write("db", "t", List.of(row("b", 7, "paimon"), row("b", 8, "paimon")));
        }
        put(model, List.of("b"), 7, 8, "paimon");
        assertReads(table, model);
        assertThat(table.compactFull()).isPositive();
        assertReads(table, model);
    }

    @Test
    void aStaticPartitionIsReplacedAndEmptiedByNoMessages() throws Exception {
        Table table = partitioned();
        batch(table, List.of("a", "b", "c"), 1, 5, "old");
        TreeMap<String, String> model = new TreeMap<>();
        put(model, List.of("a", "b", "c"), 1, 5, "old");

        try (TableCommit commit = table.newCommit("overwrite-1")) {
            assertThat(commit.overwrite(List.of(), Map.of("p", "c"))).isEqualTo(2);
        }
        assertThat(table.latestSnapshot().orElseThrow().commitKind()).isEqualTo(CommitKind.OVERWRITE);
        assertThat(paimonLatestKind()).isEqualTo("OVERWRITE");
        removePartition(model, "c");
        assertReads(table, model);

        List<CommitMessage> messages = overwriteTasks(table, List.of("a"), 9, 9, "new");
        try (TableCommit commit = table.newCommit("overwrite-2")) {
            assertThat(commit.overwrite(messages, Map.of("p", "a"))).isEqualTo(3);
        }
        removePartition(model, "a");
        put(model, List.of("a"), 9, 9, "new");
        assertReads(table, model);

        try (TableCommit commit = table.newCommit("overwrite-3")) {
            assertThat(commit.overwrite(List.of(), Map.of("p", "nothing-here"))).as("nothing to replace").isEqualTo(-1);
        }
        try (TableCommit commit = table.newCommit("overwrite-4")) {
            assertThat(commit.overwrite(List.of(), Map.of())).as("a dynamic overwrite of nothing").isEqualTo(-1);
        }
        assertThat(table.snapshots().listIds()).containsExactly(1L, 2L, 3L);
        assertReads(table, model);
    }

    @Test
    void anUnpartitionedOverwriteReplacesTheTableAndNoMessagesTruncateIt() throws Exception {
        Table table = unpartitionedAppend();
        try (BatchWrite w = table.newBatchWrite()) {
            for (int k = 1; k <= 5; k++) {
                w.write(row(k, "old"));
            }
            w.commit();
        }
        List<CommitMessage> messages = new ArrayList<>();
        try (TableWrite w = table.newOverwriteWrite()) {
            w.write(row(1, "new"));
            w.write(row(2, "new"));
            messages.addAll(w.prepareCommit());
        }
        try (TableCommit commit = table.newCommit("overwrite-1")) {
            assertThat(commit.overwrite(messages, Map.of())).isEqualTo(2);
        }
        assertThat(paimonLatestKind()).isEqualTo("OVERWRITE");
        assertReads(table, List.of("[1, new]", "[2, new]"));

        try (TableCommit commit = table.newCommit("truncate")) {
            assertThat(commit.overwrite(List.of(), Map.of())).isEqualTo(3);
        }
        Snapshot truncated = table.latestSnapshot().orElseThrow();
        assertThat(truncated.commitKind()).isEqualTo(CommitKind.OVERWRITE);
        assertThat(truncated.totalRecordCount()).isZero();
        assertThat(paimonLatestKind()).isEqualTo("OVERWRITE");
        assertReads(table, List.of());
        try (TableCommit commit = table.newCommit("truncate-again")) {
            assertThat(commit.overwrite(List.of(), Map.of())).as("nothing left to delete").isEqualTo(-1);
        }

        try (BatchWrite w = table.newBatchWrite()) {
            w.write(row(3, "later"));
            w.commit();
        }
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            paimon.write("db", "t", List.of(row(4, "paimon")));
        }
        assertReads(table, List.of("[3, later]", "[4, paimon]"));
        assertThatThrownBy(() -> {
            try (TableCommit commit = table.newCommit("bad")) {
                commit.overwrite(List.of(), Map.of("k", "1"));
            }
        }).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("column 'k' is not a partition column (partition columns: [])");
    }

    @Test
    void filesCommittedBetweenWritingAndCommittingAreReplacedToo() throws Exception {
        Table table = partitioned();
        batch(table, List.of("a", "b"), 1, 5, "old");
        List<CommitMessage> messages = overwriteTasks(table, List.of("a"), 1, 2, "new");
        // Another writer adds to both partitions, then a full compaction rewrites every file.
        batch(table, List.of("a", "b"), 6, 6, "between");
        assertThat(table.compactFull()).isEqualTo(3);
        try (TableCommit commit = table.newCommit("overwrite-1")) {
            assertThat(commit.overwrite(messages, Map.of())).isEqualTo(4);
        }
        TreeMap<String, String> model = new TreeMap<>();
        put(model, List.of("b"), 1, 5, "old");
        put(model, List.of("b"), 6, 6, "between");
        put(model, List.of("a"), 1, 2, "new");
        assertReads(table, model);
        assertThat(paimonLatestKind()).isEqualTo("OVERWRITE");
    }

    /** Another writer takes the snapshot the overwrite tries to create: the retry replaces its files too. */
    @Test
    void aRetryReplacesWhatTheWriterThatWonTheRaceAdded() throws Exception {
        Table table = partitioned(HdfsLikeFileSystem.SCHEME, Map.of());
        batch(table, List.of("a", "b"), 1, 5, "old");
        List<CommitMessage> messages = overwriteTasks(table, List.of("a"), 1, 2, "new");
        RenameFaults.runBeforeRenameOnto("snapshot-2", () -> batch(table, List.of("a", "b"), 6, 6, "raced"));
        try (TableCommit commit = table.newCommit("overwrite-1")) {
            assertThat(commit.overwrite(messages, Map.of())).isEqualTo(3);
        }
        assertThat(table.snapshots().snapshot(2).commitKind()).isEqualTo(CommitKind.APPEND);
        assertThat(table.snapshots().snapshot(3).commitKind()).isEqualTo(CommitKind.OVERWRITE);
        TreeMap<String, String> model = new TreeMap<>();
        put(model, List.of("b"), 1, 5, "old");
        put(model, List.of("b"), 6, 6, "raced");
        put(model, List.of("a"), 1, 2, "new");
        assertThat(TestRows.readAll(table)).containsExactlyInAnyOrderElementsOf(model.values());
    }

    /** A concurrent compaction rewrote the partition's files: still no conflict and no duplicate. */
    @Test
    void aCompactionThatWonTheRaceDoesNotFailTheOverwrite() throws Exception {
        Table table = partitioned(HdfsLikeFileSystem.SCHEME, Map.of());
        batch(table, List.of("a", "b"), 1, 5, "old");
        batch(table, List.of("a", "b"), 4, 6, "newer");
        List<CommitMessage> messages = overwriteTasks(table, List.of("a"), 1, 2, "new");
        RenameFaults.runBeforeRenameOnto("snapshot-3", () -> assertThat(table.compactFull()).isEqualTo(3));
        try (TableCommit commit = table.newCommit("overwrite-1")) {
            assertThat(commit.overwrite(messages, Map.of())).isEqualTo(4);
        }
        assertThat(table.snapshots().snapshot(3).commitKind()).isEqualTo(CommitKind.COMPACT);
        TreeMap<String, String> model = new TreeMap<>();
        put(model, List.of("b"), 1, 3, "old");
        put(model, List.of("b"), 4, 6, "newer");
        put(model, List.of("a"), 1, 2, "new");
        assertThat(TestRows.readAll(table)).containsExactlyInAnyOrderElementsOf(model.values());
    }

    /** The snapshot file cannot be created: the overwrite fails, the table is as it was, the tasks' files are gone. */
    @Test
    void aFailedOverwriteLeavesTheTableUnchangedAndNoNewFile() throws Exception {
        Table table = partitioned(HdfsLikeFileSystem.SCHEME, Map.of());
        batch(table, List.of("a", "b"), 1, 5, "old");
        TreeSet<String> before = dataFiles();
        List<String> rows = TestRows.readAll(table);
        List<CommitMessage> messages = overwriteTasks(table, List.of("a", "b"), 1, 2, "new");
        assertThat(dataFiles()).hasSizeGreaterThan(before.size());
        RenameFaults.failBeforeRenamesOnto("snapshot-", 1);
        try (TableCommit commit = table.newCommit("overwrite-1")) {
            assertThatThrownBy(() -> commit.overwrite(messages, Map.of())).isInstanceOf(CommitFailedException.class)
                    .hasMessageContaining("failed and changed nothing");
        }
        assertThat(table.snapshots().listIds()).containsExactly(1L);
        assertThat(dataFiles()).as("every new file was removed").isEqualTo(before);
        assertThat(TestRows.readAll(table)).isEqualTo(rows);
    }

    /** The snapshot file cannot be read back: the outcome is unknown, nothing is removed, a retry is recognised. */
    @Test
    void anUnknownOverwriteKeepsItsFilesAndItsRetryIsRecognised() throws Exception {
        Table table = partitioned(ObjectStoreFileSystem.SCHEME, Map.of(TestCommitHookProvider.LOCK_OPTION, "jvm"));
        batch(table, List.of("a", "b"), 1, 5, "old");
        List<CommitMessage> messages = overwriteTasks(table, List.of("a"), 1, 2, "new");
        TreeSet<String> written = dataFiles();
        RenameFaults.failAfterRenamesOnto("snapshot-", 1);
        RenameFaults.failReadsOf("snapshot-2", 3);
        try (TableCommit commit = table.newCommit("overwrite-1")) {
            assertThatThrownBy(() -> commit.overwrite(messages, Map.of()))
                    .isInstanceOfSatisfying(CommitStateUnknownException.class, e -> {
                        assertThat(e.commitUser()).isEqualTo("overwrite-1");
                        assertThat(e.commitKind()).isEqualTo(CommitKind.OVERWRITE);
                        assertThat(e.snapshotId()).isEqualTo(2);
                    });
        }
        assertThat(dataFiles()).as("nothing was removed").isEqualTo(written);
        try (TableCommit again = table.newCommit("overwrite-1")) {
            assertThat(again.overwrite(messages, Map.of())).as("the landed overwrite is not applied again")
                    .isEqualTo(-1);
        }
        assertThat(table.snapshots().listIds()).containsExactly(1L, 2L);
        TreeMap<String, String> model = new TreeMap<>();
        put(model, List.of("b"), 1, 5, "old");
        put(model, List.of("a"), 1, 2, "new");
        assertThat(TestRows.readAll(table)).containsExactlyInAnyOrderElementsOf(model.values());
    }

    @Test
    void aCompactionOfTheOverwriteLandsAfterIt() throws Exception {
        Table table = partitioned(null, Map.of("full-compaction.delta-commits", "1"));
        batch(table, List.of("a", "b"), 1, 5, "old");
        long before = table.latestSnapshot().orElseThrow().id();
        List<CommitMessage> messages = overwriteTasks(table, List.of("a"), 2, 3, "new");
        assertThat(messages).anyMatch(m -> !CommitMessageFiles.of(m).compactAfter().isEmpty());
        try (TableCommit commit = table.newCommit("overwrite-1")) {
            assertThat(commit.overwrite(messages, Map.of("p", "a"))).isEqualTo(before + 2);
        }
        assertThat(table.snapshots().snapshot(before + 1).commitKind()).isEqualTo(CommitKind.OVERWRITE);
        assertThat(table.snapshots().snapshot(before + 2).commitKind()).isEqualTo(CommitKind.COMPACT);
        TreeMap<String, String> model = new TreeMap<>();
        put(model, List.of("b"), 1, 5, "old");
        put(model, List.of("a"), 2, 3, "new");
        assertReads(table, model);
    }

    @Test
    void deletionVectorsOfReplacedPartitionsAreRemoved() throws Exception {
        Table table = partitioned(null, Map.of("bucket", "1", "deletion-vectors.enabled", "true"));
        TreeMap<String, String> model = new TreeMap<>();
        try (StreamWrite w = table.newStreamWrite("dv-writer")) {
            for (String p : List.of("a", "b")) {
                for (int k = 0; k < 2000; k++) {
                    w.write(row(p, k, "v0"));
                }
            }
            w.commit(1);
            for (int c = 2; c <= 4; c++) {
                for (String p : List.of("a", "b")) {
                    w.write(row(p, 7, "v" + c));
                }
                w.commit(c);
            }
        }
        put(model, List.of("a", "b"), 0, 1999, "v0");
        put(model, List.of("a", "b"), 7, 7, "v4");
        Map<String, Integer> vectors = indexFilesByPartition(table);
        assertThat(vectors).as("both partitions have vectors").containsKeys("p=a", "p=b");

        long before = table.latestSnapshot().orElseThrow().id();
        List<CommitMessage> messages = overwriteTasks(table, List.of("a"), 1, 3, "new");
        try (TableCommit commit = table.newCommit("overwrite-1")) {
            // Level 0 of a deletion-vector table is compacted up by every write: OVERWRITE, then COMPACT.
            assertThat(commit.overwrite(messages, Map.of())).isEqualTo(before + 2);
        }
        assertThat(table.snapshots().snapshot(before + 1).commitKind()).isEqualTo(CommitKind.OVERWRITE);
        assertThat(paimonKind(before + 1)).isEqualTo("OVERWRITE");
        assertThat(indexFilesByPartition(table)).as("the vectors of the replaced partition are gone")
                .isEqualTo(Map.of("p=b", vectors.get("p=b")));
        removePartition(model, "a");
        put(model, List.of("a"), 1, 3, "new");
        assertReads(table, model);
    }

    private static Map<String, Integer> indexFilesByPartition(Table table) throws Exception {
        TableStore store = TableStore.of(table);
        Map<String, Integer> count = new HashMap<>();
        for (IndexManifestEntry e : store.snapshotFiles().liveIndexEntries(table.latestSnapshot().orElseThrow())) {
            count.merge(store.paths().partitionPath(e.partition()), 1, Integer::sum);
        }
        return count;
    }

    @Test
    void aBadStaticPartitionFailsNamingTheColumn() throws Exception {
        Table table = partitioned();
        batch(table, List.of("a"), 1, 2, "old");
        List<CommitMessage> messages = overwriteTasks(table, List.of("b"), 1, 2, "new");
        try (TableCommit commit = table.newCommit("overwrite-1")) {
            assertThatThrownBy(() -> commit.overwrite(messages, Map.of("p", "a")))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("Cannot overwrite partition {p=a} of table " + table.location())
                    .hasMessageContaining("a message writes partition p=b, whose column 'p' is 'b', not 'a'");
            assertThatThrownBy(() -> commit.overwrite(messages, Map.of("k", "1")))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("column 'k' is not a partition column (partition columns: [p])");
            commit.abort(messages);
        }
        assertThat(table.snapshots().listIds()).containsExactly(1L);
        assertReads(table, List.of(formatted("a", 1, "old"), formatted("a", 2, "old")));
    }

    @Test
    void anOverwriteWriteIgnoresTheTablesFiles() throws Exception {
        Table table = partitioned();
        batch(table, List.of("a"), 1, 5, "old");
        try (TableWrite w = table.newOverwriteWrite()) {
            w.write(row("a", 1, "new"));
            w.delete(row("a", 2, "ignored"));
            List<CommitMessage> messages = w.prepareCommit();
            for (CommitMessage m : messages) {
                assertThat(CommitMessageFiles.of(m).compactBefore()).isEmpty();
                CommitMessageFiles.of(m).newFiles()
                        .forEach(f -> assertThat(f.minSequenceNumber()).as("numbered from 0").isZero());
            }
            try (TableCommit commit = table.newCommit("overwrite-1")) {
                commit.overwrite(messages, Map.of("p", "a"));
            }
        }
        assertReads(table, List.of(formatted("a", 1, "new")));
    }
}
