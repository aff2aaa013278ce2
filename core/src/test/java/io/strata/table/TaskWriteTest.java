package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.oracle.PaimonOracle;
import io.strata.schema.Schema;
import io.strata.snapshot.CommitKind;
import io.strata.snapshot.Snapshot;
import io.strata.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A distributed write: several tasks write with their own {@link TableWrite}, ship what they wrote as
 * {@link CommitMessageCodec} bytes, and one {@link TableCommit} commits it all as one snapshot; what
 * fails removes every file the tasks wrote, and a replayed commit is not applied twice.
 */
class TaskWriteTest {

    private static final int TASKS = 3;

    @TempDir
    Path dir;

    @AfterEach
    void reset() {
        RenameFaults.reset();
    }

    /** p (partition: one per task, so the tasks write disjoint buckets), k, v; two buckets. */
    private Table table(String scheme, boolean primaryKey, Map<String, String> options) {
        Configuration conf = HdfsLikeFileSystem.register(new Configuration());
        FileSystemCatalog catalog = new FileSystemCatalog(new FileIO(conf),
                new org.apache.hadoop.fs.Path(scheme == null ? dir.toUri().toString() : scheme + "://" + dir));
        catalog.createDatabase("db", true);
        Schema.Builder schema = Schema.newBuilder()
                .column("p", DataTypes.STRING().withNullable(false))
                .column("k", DataTypes.INT().withNullable(false))
                .column("v", DataTypes.STRING())
                .partitionKeys("p")
                .option("bucket", "2")
                .option("file.format", "orc")
                .option("commit.max-retry-wait", "20 ms");
        if (primaryKey) {
            schema.primaryKey("p", "k");
        } else {
            schema.option("bucket-key", "k");
        }
        options.forEach(schema::option);
        return catalog.createTable(Identifier.of("db", "t"), schema.build(), false);
    }

    private Table table(boolean primaryKey) {
        return table(null, primaryKey, Map.of());
    }

    private static GenericRow row(int task, int k, String v) {
        return GenericRow.of(Utf8String.fromString("t" + task), k, Utf8String.fromString(v));
    }

    private static String formatted(int task, int k, String v) {
        return "[t" + task + ", " + k + ", " + v + "]";
    }

    /** Task {@code task}: keys 1 to 10 of its partition, deleting key 1 on primary-key tables; its messages as bytes. */
    private static byte[] runTask(Table table, int task, boolean primaryKey) {
        try (TableWrite w = table.newTableWrite()) {
            for (int k = 1; k <= 10; k++) {
                w.write(row(task, k, "new" + k));
            }
            if (primaryKey) {
                w.delete(row(task, 1, "ignored"));
            }
            return CommitMessageCodec.encode(w.prepareCommit());
        }
    }

    private List<CommitMessage> runTasks(Table table, boolean primaryKey) {
        List<CommitMessage> all = new ArrayList<>();
        for (int task = 0; task < TASKS; task++) {
            all.addAll(CommitMessageCodec.decode(runTask(table, task, primaryKey)));
        }
        return all;
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

    @ParameterizedTest(name = "primaryKey={0}")
    @ValueSource(booleans = {true, false})
    void threeTasksCommitOnceAsOneAppendSnapshotThatPaimonReadsToo(boolean primaryKey) throws Exception {
        Table table = table(primaryKey);
        try (BatchWrite w = table.newBatchWrite()) {
            for (int task = 0; task < TASKS; task++) {
                for (int k = 1; k <= 5; k++) {
                    w.write(row(task, k, "old" + k));
                }
            }
            assertThat(w.commit()).isEqualTo(1);
        }
        List<CommitMessage> messages = runTasks(table, primaryKey);
        Set<String> buckets = new HashSet<>();
        for (CommitMessage m : messages) {
            assertThat(buckets.add(m.partition() + "/" + m.bucket())).as("one message per bucket, no two tasks share one")
                    .isTrue();
            assertThat(m.totalBuckets()).isEqualTo(2);
        }
        assertThat(messages).hasSizeGreaterThanOrEqualTo(TASKS);
        assertThat(table.snapshots().listIds()).as("nothing is committed by the tasks").containsExactly(1L);

        try (TableCommit commit = table.newCommit("job-1")) {
            assertThat(commit.commit(messages)).isEqualTo(2);
        }
        assertThat(table.snapshots().listIds()).containsExactly(1L, 2L);
        Snapshot snapshot = table.latestSnapshot().orElseThrow();
        assertThat(snapshot.commitKind()).isEqualTo(CommitKind.APPEND);
        assertThat(snapshot.commitUser()).isEqualTo("job-1");

        TreeMap<String, String> expected = new TreeMap<>();
        List<String> expectedRows = new ArrayList<>();
        for (int task = 0; task < TASKS; task++) {
            for (int k = 1; k <= 10; k++) {
                if (primaryKey) {
                    if (k > 1) {
                        expected.put("t" + task + "/" + k, formatted(task, k, "new" + k));
                    }
                } else {
                    expectedRows.add(formatted(task, k, "new" + k));
                    if (k <= 5) {
                        expectedRows.add(formatted(task, k, "old" + k));
                    }
                }
            }
        }
        if (primaryKey) {
            expectedRows.addAll(expected.values());
        }
        List<String> strata = TestRows.readAll(table);
        assertThat(strata).containsExactlyInAnyOrderElementsOf(expectedRows);
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            assertThat(TestRows.formatAll(paimon.readAll("db", "t"), table.schema().rowType()))
                    .as("Paimon reads what the tasks wrote").isEqualTo(strata);
        }
    }

    /**
     * An UPDATE rewritten as deletes plus inserts: one task deletes each key's old row, another writes its new
     * row, in one commit, in either order of creation. The replacing write's rows win key by key; a key only
     * deleted stays deleted; Paimon reads the same.
     */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aReplacingWriteWinsOverThePlainWritesOfItsCommit(boolean replacingFirst) throws Exception {
        Table table = table(true);
        try (TableWrite w = table.newTableWrite()) {
            for (int k = 1; k <= 6; k++) {
                w.write(row(0, k, "old" + k));
            }
            try (TableCommit commit = table.newCommit("load")) {
                commit.commit(w.prepareCommit());
            }
        }
        List<CommitMessage> messages = new ArrayList<>();
        TableWrite deletes = replacingFirst ? null : table.newTableWrite();
        try (TableWrite inserts = table.newReplacingWrite()) {
            if (deletes == null) {
                deletes = table.newTableWrite();
            }
            // Deletes of keys that do not exist first: the plain write's sequence numbers run ahead of the
            // replacing write's, so without the replacing write's gap its deletes would win.
            for (int k = 100; k < 200; k++) {
                deletes.delete(row(0, k, "none"));
            }
            for (int k = 1; k <= 6; k++) {
                deletes.delete(row(0, k, "old" + k));
            }
            for (int k = 1; k <= 4; k++) {
                inserts.write(row(0, k, "new" + k));
            }
            messages.addAll(inserts.prepareCommit());
            messages.addAll(deletes.prepareCommit());
        } finally {
            deletes.close();
        }
        try (TableCommit commit = table.newCommit("update")) {
            commit.commit(messages);
        }
        List<String> expected = List.of(formatted(0, 1, "new1"), formatted(0, 2, "new2"), formatted(0, 3, "new3"),
                formatted(0, 4, "new4"));
        assertThat(TestRows.readAll(table)).containsExactlyInAnyOrderElementsOf(expected);
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            assertThat(TestRows.formatAll(paimon.readAll("db", "t"), table.schema().rowType()))
                    .containsExactlyInAnyOrderElementsOf(expected);
        }
        // A later plain write still wins over the replaced rows: sequence numbers keep growing from the highest.
        try (TableWrite w = table.newTableWrite(); TableCommit commit = table.newCommit("later")) {
            w.write(row(0, 1, "later1"));
            commit.commit(w.prepareCommit());
        }
        assertThat(TestRows.readAll(table)).contains(formatted(0, 1, "later1")).doesNotContain(formatted(0, 1, "new1"));
    }

    /**
     * An UPDATE on tables whose reads or changelog need level 0 empty (deletion vectors, the lookup changelog
     * producer): its delete task and its insert
     * task write one bucket without compacting, and the commit compacts their level 0 once, in a COMPACT
     * snapshot after the APPEND one. Each task compacting by itself would replace the bucket's deletion-vector
     * index twice in one commit.
     */
    @ParameterizedTest
    @ValueSource(strings = {"deletion-vectors.enabled=true", "changelog-producer=lookup"})
    void uncompactedWritesOfOneBucketAreCompactedOnceByTheirCommit(String option) throws Exception {
        String[] keyValue = option.split("=");
        Table table = table(null, true, Map.of(keyValue[0], keyValue[1]));
        try (TableWrite w = table.newTableWrite(); TableCommit commit = table.newCommit("load")) {
            for (int k = 1; k <= 6; k++) {
                w.write(row(0, k, "old" + k));
            }
            commit.commit(w.prepareCommit());
        }
        long before = table.latestSnapshot().orElseThrow().id();
        List<CommitMessage> messages = new ArrayList<>();
        try (TableWrite deletes = table.newUncompactedWrite(); TableWrite inserts = table.newUncompactedReplacingWrite()) {
            for (int k = 1; k <= 3; k++) {
                deletes.delete(row(0, k, "old" + k));
            }
            inserts.write(row(0, 1, "new1"));
            inserts.write(row(0, 7, "new7"));
            messages.addAll(deletes.prepareCommit());
            messages.addAll(inserts.prepareCommit());
        }
        // Nothing was compacted by the tasks: every file they hand out is a new level-0 file.
        for (CommitMessage message : messages) {
            assertThat(CommitMessageFiles.of(message).compactAfter()).isEmpty();
            assertThat(CommitMessageFiles.of(message).newFiles()).allMatch(f -> f.level() == 0);
        }
        long last;
        try (TableCommit commit = table.newCommit("update")) {
            last = commit.commit(messages);
        }
        Table reloaded = Tables.load(table.fileIO(), table.location());
        assertThat(reloaded.snapshots().latestSnapshotId()).isEqualTo(before + 2);
        assertThat(reloaded.snapshots().snapshot(before + 1).commitKind()).isEqualTo(CommitKind.APPEND);
        assertThat(reloaded.snapshots().snapshot(before + 2).commitKind()).isEqualTo(CommitKind.COMPACT);
        assertThat(last).isEqualTo(before + 2);
        List<String> expected = List.of(formatted(0, 1, "new1"), formatted(0, 4, "old4"), formatted(0, 5, "old5"),
                formatted(0, 6, "old6"), formatted(0, 7, "new7"));
        assertThat(TestRows.readAll(reloaded)).containsExactlyInAnyOrderElementsOf(expected);
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            assertThat(TestRows.formatAll(paimon.readAll("db", "t"), table.schema().rowType()))
                    .containsExactlyInAnyOrderElementsOf(expected);
        }
    }

    @Test
    void messagesHoldingNothingCommitNothing() throws Exception {
        Table table = table(true);
        List<CommitMessage> messages;
        try (TableWrite w = table.newTableWrite()) {
            messages = w.prepareCommit();
        }
        assertThat(messages).isEmpty();
        assertThat(CommitMessageCodec.decode(CommitMessageCodec.encode(messages))).isEmpty();
        try (TableCommit commit = table.newCommit("job-1")) {
            assertThat(commit.commit(messages)).isEqualTo(-1);
        }
        assertThat(table.latestSnapshot()).isEmpty();
    }

    @Test
    void aFailedCommitLeavesNoDataFileAndChangesNothing() throws Exception {
        Table table = table(HdfsLikeFileSystem.SCHEME, true, Map.of());
        List<CommitMessage> messages = runTasks(table, true);
        assertThat(dataFiles()).isNotEmpty();
        RenameFaults.failBeforeRenamesOnto("snapshot-", 1);
        try (TableCommit commit = table.newCommit("job-1")) {
            assertThatThrownBy(() -> commit.commit(messages)).isInstanceOf(CommitFailedException.class)
                    .hasMessageContaining("Commit to table " + table.location() + " failed and changed nothing")
                    .hasMessageContaining("Injected failure before renaming onto");
        }
        assertThat(dataFiles()).as("every file the messages name was removed").isEmpty();
        assertThat(table.latestSnapshot()).isEmpty();
    }

    /** The rows land, their compaction does not: only the compaction's outputs go, the commit returns the APPEND. */
    @Test
    void aCompactionThatFailsAfterTheRowsLandedRemovesOnlyItsOutputs() throws Exception {
        Table table = table(HdfsLikeFileSystem.SCHEME, true, Map.of("full-compaction.delta-commits", "1"));
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(row(0, 1, "old"));
            assertThat(w.commit()).as("APPEND 1, COMPACT 2").isEqualTo(2);
        }
        List<CommitMessage> messages = runTasks(table, true);
        assertThat(messages).anyMatch(m -> !CommitMessageFiles.of(m).compactAfter().isEmpty());
        RenameFaults.failBeforeRenamesOnto("snapshot-4", 1);
        try (TableCommit commit = table.newCommit("job-1")) {
            assertThat(commit.commit(messages)).as("the APPEND snapshot").isEqualTo(3);
        }
        assertThat(table.snapshots().listIds()).containsExactly(1L, 2L, 3L);
        Set<String> referenced = new HashSet<>();
        for (long id : table.snapshots().listIds()) {
            CompactionTest.liveFiles(table, table.snapshots().snapshot(id))
                    .forEach(e -> referenced.add(e.file().fileName()));
        }
        List<String> onDisk = dataFiles().stream().map(n -> n.substring(n.lastIndexOf('/') + 1)).toList();
        assertThat(onDisk).as("every data file left is referenced").allMatch(referenced::contains);
        for (CommitMessage m : messages) {
            assertThat(onDisk).as("the flushed files stay")
                    .containsAll(CommitMessageFiles.of(m).newFiles().stream().map(f -> f.fileName()).toList());
        }
        List<String> expected = new ArrayList<>();
        for (int task = 0; task < TASKS; task++) {
            for (int k = 2; k <= 10; k++) {
                expected.add(formatted(task, k, "new" + k));
            }
        }
        assertThat(TestRows.readAll(table)).containsExactlyInAnyOrderElementsOf(expected);
    }

    @ParameterizedTest(name = "primaryKey={0}")
    @ValueSource(booleans = {true, false})
    void abortRemovesEveryFileTheMessagesName(boolean primaryKey) throws Exception {
        // A full compaction at every commit: the messages name compaction outputs too.
        Table table = table(null, primaryKey, primaryKey ? Map.of("full-compaction.delta-commits", "1") : Map.of());
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(row(0, 1, "old"));
            w.commit();
        }
        TreeSet<String> committed = dataFiles();
        List<CommitMessage> messages = runTasks(table, primaryKey);
        assertThat(dataFiles()).hasSizeGreaterThan(committed.size());
        if (primaryKey) {
            assertThat(messages).anyMatch(m -> !CommitMessageFiles.of(m).compactAfter().isEmpty());
        }
        try (TableCommit commit = table.newCommit("job-1")) {
            commit.abort(messages);
        }
        assertThat(dataFiles()).as("only the committed files are left").isEqualTo(committed);
        assertThat(TestRows.readAll(table)).containsExactly(formatted(0, 1, "old"));
    }

    @ParameterizedTest(name = "primaryKey={0}")
    @ValueSource(booleans = {true, false})
    void closingWithoutPrepareCommitLeavesNoFile(boolean primaryKey) throws Exception {
        // Small unspillable write buffers: primary-key rows are flushed to files while written.
        Table table = table(null, primaryKey, Map.of("write-buffer-size", "1 kb", "write-buffer-spillable", "false"));
        try (TableWrite w = table.newTableWrite()) {
            for (int k = 1; k <= 500; k++) {
                w.write(row(k % TASKS, k, "value-" + k));
            }
            assertThat(dataFiles()).as("the write made files").isNotEmpty();
        }
        assertThat(dataFiles()).isEmpty();
        assertThat(table.latestSnapshot()).isEmpty();
    }

    /**
     * A write that takes each key once: distinct keys are written as by any task write; a key written twice
     * fails, named, whether both records are in memory or in two spilled runs (a 1 kb buffer that must not
     * spill: the unique-key write spills anyway, so the records still meet), and nothing is left behind.
     */
    @ParameterizedTest(name = "smallBuffer={0}")
    @ValueSource(booleans = {false, true})
    void aUniqueKeyWriteRefusesAKeyWrittenTwice(boolean smallBuffer) throws Exception {
        Map<String, String> options = smallBuffer
                ? Map.of("write-buffer-size", "1 kb", "write-buffer-spillable", "false") : Map.of();
        Table table = table(null, true, options);
        List<CommitMessage> messages;
        try (TableWrite w = table.newUniqueKeyWrite("MERGE into db.t: two rows with key")) {
            for (int k = 1; k <= 300; k++) {
                w.write(row(0, k, "v" + k));
            }
            messages = w.prepareCommit();
        }
        try (TableCommit commit = table.newCommit("job-1")) {
            commit.commit(messages);
        }
        assertThat(TestRows.readAll(table)).hasSize(300).contains(formatted(0, 7, "v7"));
        TreeSet<String> committed = dataFiles();

        try (TableWrite w = table.newUniqueKeyWrite("MERGE into db.t: two rows with key")) {
            assertThatThrownBy(() -> {
                for (int k = 1; k <= 300; k++) {
                    w.write(row(1, k, "new" + k));
                }
                w.write(row(1, 250, "again"));
                w.prepareCommit();
            }).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("MERGE into db.t: two rows with key k=250");
        }
        assertThat(dataFiles()).as("the failed write left no file").isEqualTo(committed);
        assertThat(TestRows.readAll(table)).hasSize(300);
    }

    @Test
    void aUniqueKeyWriteNeedsAPrimaryKey() {
        Table table = table(false);
        assertThatThrownBy(() -> table.newUniqueKeyWrite("x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Table " + table.location() + " has no primary key");
    }

    @Test
    void aFinishedWriteCannotBeUsedAgain() {
        Table table = table(true);
        try (TableWrite w = table.newTableWrite()) {
            w.write(row(0, 1, "a"));
            w.prepareCommit();
            assertThatThrownBy(() -> w.write(row(0, 2, "b"))).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("already prepared for commit");
            assertThatThrownBy(w::prepareCommit).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void decodingBadBytesFailsSayingWhatIsWrong() {
        Table table = table(true);
        byte[] bytes = runTask(table, 0, true);
        assertThat(CommitMessageCodec.decode(bytes)).hasSizeGreaterThan(0);
        assertThat(CommitMessageCodec.encode(CommitMessageCodec.decode(bytes))).isEqualTo(bytes);

        for (int length : new int[] {1, 3, 5, 20, bytes.length / 2, bytes.length - 1}) {
            byte[] truncated = Arrays.copyOf(bytes, length);
            assertThatThrownBy(() -> CommitMessageCodec.decode(truncated)).as("cut at %d", length)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("Encoded commit messages are truncated (" + length + " bytes");
        }
        byte[] trailing = Arrays.copyOf(bytes, bytes.length + 2);
        assertThatThrownBy(() -> CommitMessageCodec.decode(trailing)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("corrupt").hasMessageContaining("2 trailing bytes");
        assertThatThrownBy(() -> CommitMessageCodec.decode(new byte[0])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("empty");
        byte[] otherVersion = bytes.clone();
        otherVersion[0] = 9;
        assertThatThrownBy(() -> CommitMessageCodec.decode(otherVersion)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Unknown commit message encoding version 9");
        byte[] garbage = new byte[64];
        new java.util.Random(7).nextBytes(garbage);
        garbage[0] = 1;
        assertThatThrownBy(() -> CommitMessageCodec.decode(garbage)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Encoded commit messages are");
        byte[] hugeCount = {1, 0x7f, -1, -1, -1};
        assertThatThrownBy(() -> CommitMessageCodec.decode(hugeCount)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("truncated");
    }

    @Test
    void aReplayedCommitOfTheSameCommitUserIsNotAppliedTwice() throws Exception {
        Table table = table(false);
        List<CommitMessage> messages = runTasks(table, false);
        byte[] shipped = CommitMessageCodec.encode(messages);
        try (TableCommit commit = table.newCommit("job-1")) {
            assertThat(commit.commit(messages)).isEqualTo(1);
        }
        List<String> rows = TestRows.readAll(table);
        assertThat(rows).hasSize(TASKS * 10);
        TreeSet<String> files = dataFiles();
        // The job's driver restarts and commits the same messages again.
        try (TableCommit again = table.newCommit("job-1")) {
            assertThat(again.commit(CommitMessageCodec.decode(shipped))).as("already landed").isEqualTo(-1);
        }
        assertThat(table.snapshots().listIds()).containsExactly(1L);
        assertThat(TestRows.readAll(table)).isEqualTo(rows);
        assertThat(dataFiles()).as("the landed commit's files are kept").isEqualTo(files);
        // Another job commits as usual.
        try (TableCommit other = table.newCommit("job-2")) {
            assertThat(other.commit(CommitMessageCodec.decode(runTask(table, 0, false)))).isEqualTo(2);
        }
        assertThat(TestRows.readAll(table)).hasSize(TASKS * 10 + 10);
    }
}
