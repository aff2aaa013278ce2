package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.snapshot.CommitKind;
import io.strata.snapshot.Snapshot;
import io.strata.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The four outcomes of a commit under injected faults, on a file system that renames atomically without
 * a lock (HDFS semantics) and on an object store under a commit lock: a rename that took effect and then
 * threw is recognised as landed; if the snapshot cannot be read back either, the outcome is unknown and
 * nothing is removed, after which the table reads completely and a replay is recognised; a rename that
 * failed before taking effect fails the commit and removes its files.
 */
class CommitOutcomeTest {

    /** Where the table lives and how its commits are made atomic. */
    enum Store {
        /** Atomic rename that refuses an existing target; no lock. */
        HDFS_LIKE(HdfsLikeFileSystem.SCHEME, Map.of()),
        /** Copy-then-delete rename that overwrites; commits under a lock. */
        OBJECT_STORE(ObjectStoreFileSystem.SCHEME, Map.of(TestCommitHookProvider.LOCK_OPTION, "jvm"));

        final String scheme;
        final Map<String, String> options;

        Store(String scheme, Map<String, String> options) {
            this.scheme = scheme;
            this.options = options;
        }
    }

    @TempDir
    Path dir;

    @AfterEach
    void reset() {
        ObjectStoreFileSystem.reset();
        TestCommitHookProvider.reset();
    }

    private Table table(Store store) {
        return table(store, Map.of());
    }

    private Table table(Store store, Map<String, String> options) {
        Configuration conf = HdfsLikeFileSystem.register(ObjectStoreFileSystem.register(new Configuration()));
        FileSystemCatalog catalog = new FileSystemCatalog(new FileIO(conf),
                new org.apache.hadoop.fs.Path(store.scheme + "://" + dir));
        catalog.createDatabase("db", true);
        Schema.Builder schema = Schema.newBuilder()
                .column("k", DataTypes.INT())
                .column("v", DataTypes.STRING())
                .primaryKey("k")
                .option("bucket", "2")
                .option("file.format", "orc")
                .option("commit.max-retry-wait", "20 ms");
        store.options.forEach(schema::option);
        options.forEach(schema::option);
        return catalog.createTable(Identifier.of("db", "t"), schema.build(), false);
    }

    /** The table with rows 1 to 10 committed as snapshot 1 by commit user "job". */
    private Table tableWithOneCommit(Store store) {
        Table table = table(store);
        try (StreamWrite w = table.newStreamWrite("job")) {
            writeRows(w, 1, 10);
            w.commit(1);
        }
        return table;
    }

    private static void writeRows(StreamWrite w, int from, int to) {
        for (int k = from; k <= to; k++) {
            w.write(GenericRow.of(k, Utf8String.fromString("v" + k)));
        }
    }

    private static List<String> rows(int from, int to) {
        return java.util.stream.IntStream.rangeClosed(from, to).mapToObj(k -> "[" + k + ", v" + k + "]").toList();
    }

    private TreeSet<String> files() throws Exception {
        try (Stream<Path> all = Files.walk(dir)) {
            TreeSet<String> names = new TreeSet<>();
            all.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString())
                    .filter(n -> !n.contains("/.") && !n.endsWith("LATEST") && !n.endsWith("EARLIEST"))
                    .forEach(names::add);
            return names;
        }
    }

    @ParameterizedTest
    @EnumSource(Store.class)
    void aRenameThatTookEffectAndThenThrewIsRecognisedAsLanded(Store store) throws Exception {
        Table table = table(store);
        try (StreamWrite w = table.newStreamWrite("job")) {
            writeRows(w, 1, 10);
            assertThat(w.commit(1)).isEqualTo(1);
            writeRows(w, 11, 20);
            RenameFaults.failAfterRenamesOnto("snapshot-", 1);
            assertThat(w.commit(2)).as("the snapshot read back is ours: the commit landed").isEqualTo(2);
            writeRows(w, 21, 30);
            assertThat(w.commit(3)).as("the write goes on").isEqualTo(3);
        }
        assertThat(table.snapshots().listIds()).containsExactly(1L, 2L, 3L);
        assertThat(TestRows.readAll(table)).containsExactlyInAnyOrderElementsOf(rows(1, 30));
    }

    @ParameterizedTest
    @EnumSource(Store.class)
    void whenTheSnapshotCannotBeReadBackTheOutcomeIsUnknownAndNothingIsRemoved(Store store) throws Exception {
        Table table = tableWithOneCommit(store);
        TreeSet<String> before = files();
        try (StreamWrite w = table.newStreamWrite("job")) {
            writeRows(w, 11, 20);
            RenameFaults.failAfterRenamesOnto("snapshot-", 1);
            // Every read-back fails: the file system is still unreachable when the writer looks.
            RenameFaults.failReadsOf("snapshot-2", 3);
            assertThatThrownBy(() -> w.commit(2)).isInstanceOfSatisfying(CommitStateUnknownException.class, e -> {
                assertThat(e.table()).isEqualTo(table.location());
                assertThat(e.commitUser()).isEqualTo("job");
                assertThat(e.commitIdentifier()).isEqualTo(2);
                assertThat(e.commitKind()).isEqualTo(CommitKind.APPEND);
                assertThat(e.snapshotId()).isEqualTo(2);
            }).hasMessageContaining("commit user 'job' and commit identifier 2")
                    .hasMessageContaining("Nothing was cleaned up")
                    .hasMessageContaining("Injected failure after renaming onto");
            assertThatThrownBy(() -> w.write(GenericRow.of(99, Utf8String.fromString("x"))))
                    .as("a write whose commit is unknown must be opened again").isInstanceOf(IllegalStateException.class);
        }
        TreeSet<String> after = files();
        assertThat(after).as("nothing the commit wrote was removed").containsAll(before);
        assertThat(after.stream().filter(n -> n.contains("bucket-") && !before.contains(n)))
                .as("the commit's data files").isNotEmpty();
        // The rename had taken effect: the table reads completely, the commit's rows included.
        Snapshot landed = table.latestSnapshot().orElseThrow();
        assertThat(landed.id()).isEqualTo(2);
        assertThat(TestRows.readAll(table)).containsExactlyInAnyOrderElementsOf(rows(1, 20));
        // A new write of the same commit user finds the identifier landed; replaying it changes nothing.
        try (StreamWrite again = table.newStreamWrite("job")) {
            assertThat(again.lastCommittedIdentifier()).hasValue(2);
            writeRows(again, 11, 20);
            assertThat(again.commit(2)).as("a replay of a landed commit").isEqualTo(-1);
            writeRows(again, 21, 30);
            assertThat(again.commit(3)).isEqualTo(3);
        }
        assertThat(table.snapshots().listIds()).containsExactly(1L, 2L, 3L);
        assertThat(TestRows.readAll(table)).containsExactlyInAnyOrderElementsOf(rows(1, 30));
    }

    /**
     * The commit's APPEND snapshot ends unknown (it did land), so its COMPACT snapshot is never attempted:
     * the flushed files stay, the full compaction's outputs, which nothing references, are removed.
     */
    @ParameterizedTest
    @EnumSource(Store.class)
    void anUnknownAppendKeepsItsFilesAndRemovesTheCompactionThatNeverCommitted(Store store) throws Exception {
        // The second commit of the write compacts fully.
        Table table = table(store, Map.of("full-compaction.delta-commits", "2"));
        try (StreamWrite w = table.newStreamWrite("job")) {
            writeRows(w, 1, 10);
            w.commit(1);
            writeRows(w, 11, 20);
            RenameFaults.failAfterRenamesOnto("snapshot-", 1);
            RenameFaults.failReadsOf("snapshot-2", 3);
            assertThatThrownBy(() -> w.commit(2)).isInstanceOf(CommitStateUnknownException.class);
        }
        Snapshot landed = table.latestSnapshot().orElseThrow();
        assertThat(landed.id()).isEqualTo(2);
        assertThat(landed.commitKind()).isEqualTo(CommitKind.APPEND);
        Set<String> referenced = new HashSet<>();
        for (long id : table.snapshots().listIds()) {
            CompactionTest.liveFiles(table, table.snapshots().snapshot(id))
                    .forEach(e -> referenced.add(e.file().fileName()));
        }
        assertThat(files().stream().filter(n -> n.contains("bucket-")).map(n -> n.substring(n.lastIndexOf('/') + 1)))
                .as("every data file on disk is referenced by a snapshot").allMatch(referenced::contains);
        assertThat(TestRows.readAll(table)).containsExactlyInAnyOrderElementsOf(rows(1, 20));
    }

    @ParameterizedTest
    @EnumSource(Store.class)
    void aRenameThatFailedBeforeTakingEffectFailsTheCommitAndRemovesItsFiles(Store store) throws Exception {
        Table table = tableWithOneCommit(store);
        TreeSet<String> before = files();
        try (StreamWrite w = table.newStreamWrite("job")) {
            writeRows(w, 11, 20);
            RenameFaults.failBeforeRenamesOnto("snapshot-", 1);
            assertThatThrownBy(() -> w.commit(2)).isInstanceOf(CommitFailedException.class)
                    .isNotInstanceOf(CommitConflictException.class)
                    .hasMessageContaining("Commit to table " + table.location() + " failed and changed nothing")
                    .hasMessageContaining("Injected failure before renaming onto");
        }
        assertThat(files()).as("every file the commit wrote was removed").isEqualTo(before);
        assertThat(table.snapshots().listIds()).containsExactly(1L);
        assertThat(TestRows.readAll(table)).containsExactlyInAnyOrderElementsOf(rows(1, 10));
        try (StreamWrite again = table.newStreamWrite("job")) {
            assertThat(again.lastCommittedIdentifier()).hasValue(1);
            writeRows(again, 11, 20);
            assertThat(again.commit(2)).as("the retry lands").isEqualTo(2);
        }
        assertThat(TestRows.readAll(table)).containsExactlyInAnyOrderElementsOf(rows(1, 20));
    }

    @ParameterizedTest
    @EnumSource(Store.class)
    void aCompactionWhoseOutcomeIsUnknownKeepsItsFiles(Store store) throws Exception {
        Table table = table(store);
        for (int c = 0; c < 3; c++) {
            try (BatchWrite w = table.newBatchWrite()) {
                for (int k = 1 + 10 * c; k <= 10 * (c + 1); k++) {
                    w.write(GenericRow.of(k, Utf8String.fromString("v" + k)));
                }
                w.commit();
            }
        }
        RenameFaults.failAfterRenamesOnto("snapshot-", 1);
        RenameFaults.failReadsOf("snapshot-4", 3);
        assertThatThrownBy(table::compactFull).isInstanceOfSatisfying(CommitStateUnknownException.class,
                e -> assertThat(e.commitKind()).isEqualTo(CommitKind.COMPACT));
        assertThat(table.latestSnapshot().orElseThrow().commitKind()).isEqualTo(CommitKind.COMPACT);
        assertThat(TestRows.readAll(table)).as("the COMPACT snapshot's files are all there")
                .containsExactlyInAnyOrderElementsOf(rows(1, 30));
    }
}
