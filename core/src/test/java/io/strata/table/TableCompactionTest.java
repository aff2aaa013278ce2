package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.manifest.ManifestEntry;
import io.strata.oracle.PaimonOracle;
import io.strata.snapshot.CommitKind;
import io.strata.snapshot.Snapshot;
import io.strata.table.store.TableStore;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scoped compactions ({@link Table#newCompaction()}): a partition only, a bucket only, the universal policy;
 * buckets outside the scope keep their files, and Paimon 1.4.2 reads every result the same.
 */
class TableCompactionTest {

    @TempDir
    Path warehouse;

    private static final RowType TYPE = new RowType(List.of(
            new DataField(0, "p", DataTypes.STRING().withNullable(false)),
            new DataField(1, "id", DataTypes.INT().withNullable(false)),
            new DataField(2, "amount", DataTypes.BIGINT())));

    private static GenericRow row(String p, int id, long amount) {
        return GenericRow.ofKind(RowKind.INSERT, Utf8String.fromString(p), id, amount);
    }

    /** A table Paimon created (partitions a and b, 2 buckets), with {@code commits} batch writes of Strata. */
    private static Table writeCommits(PaimonOracle paimon, int commits, Map<String, String> extra) throws Exception {
        Map<String, String> options = new TreeMap<>(Map.of("bucket", "2", "file.format", "parquet"));
        options.putAll(extra);
        paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"), options);
        Table table = Tables.load(FileIO.local(),
                new org.apache.hadoop.fs.Path(paimon.tablePath("db", "t").toUri()));
        for (int c = 0; c < commits; c++) {
            try (BatchWrite w = table.newBatchWrite()) {
                for (int id = 0; id < 40; id++) {
                    w.write(row(id % 3 == 0 ? "b" : "a", id, c * 100L + id));
                }
                w.commit();
            }
        }
        return table;
    }

    /** Live files per "partition/bucket" as "name@level". */
    private static Map<String, Set<String>> files(Table table) throws Exception {
        Map<String, Set<String>> files = new TreeMap<>();
        Snapshot latest = table.latestSnapshot().orElseThrow();
        for (ManifestEntry e : TableStore.of(table).snapshotFiles().liveEntries(latest, null)) {
            files.computeIfAbsent(TableStore.of(table).paths().partitionPath(e.partition()) + "/" + e.bucket(), k -> new TreeSet<>())
                    .add(e.file().fileName() + "@" + e.file().level());
        }
        return files;
    }

    private static List<String> paimonRows(PaimonOracle paimon) {
        return TestRows.formatAll(paimon.readAll("db", "t"), TYPE);
    }

    @Test
    void partitionOnlyLeavesTheOtherPartitionAsItWas() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            Table table = writeCommits(paimon, 3, Map.of());
            List<String> expected = paimonRows(paimon);
            Map<String, Set<String>> before = files(table);
            List<Integer> progress = new ArrayList<>();

            TableCompaction.Result result = table.newCompaction().partition(Map.of("p", "a"))
                    .progress((done, total) -> progress.add(done)).run();

            assertThat(result.bucketsSelected()).isEqualTo(2);
            assertThat(result.bucketsCompacted()).isEqualTo(2);
            assertThat(result.filesBefore()).isEqualTo(6);
            assertThat(result.filesAfter()).isEqualTo(2);
            assertThat(progress).endsWith(2);
            assertThat(table.latestSnapshot().orElseThrow().id()).isEqualTo(result.snapshotId());
            assertThat(table.latestSnapshot().orElseThrow().commitKind()).isEqualTo(CommitKind.COMPACT);
            Map<String, Set<String>> after = files(table);
            assertThat(after.get("p=b/0")).isEqualTo(before.get("p=b/0"));
            assertThat(after.get("p=b/1")).isEqualTo(before.get("p=b/1"));
            assertThat(after.get("p=a/0")).singleElement().asString().endsWith("@5");
            assertThat(after.get("p=a/1")).singleElement().asString().endsWith("@5");
            assertThat(paimonRows(paimon)).isEqualTo(expected);
            assertThat(TestRows.readAll(table)).isEqualTo(expected);

            // Compacting the same scope again has nothing to do.
            TableCompaction.Result again = table.newCompaction().partition(Map.of("p", "a")).run();
            assertThat(again.snapshotId()).isEqualTo(-1);
            assertThat(again.bucketsCompacted()).isZero();
            assertThat(again.filesBefore()).isEqualTo(2);
        }
    }

    @Test
    void bucketOnlyLeavesTheOtherBucketsAsTheyWere() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            Table table = writeCommits(paimon, 3, Map.of());
            List<String> expected = paimonRows(paimon);
            Map<String, Set<String>> before = files(table);

            TableCompaction.Result result = table.newCompaction().bucket(1).full().run();

            assertThat(result.bucketsSelected()).isEqualTo(2);
            assertThat(result.bucketsCompacted()).isEqualTo(2);
            Map<String, Set<String>> after = files(table);
            assertThat(after.get("p=a/0")).isEqualTo(before.get("p=a/0")).hasSize(3);
            assertThat(after.get("p=b/0")).isEqualTo(before.get("p=b/0")).hasSize(3);
            assertThat(after.get("p=a/1")).hasSize(1);
            assertThat(after.get("p=b/1")).hasSize(1);
            assertThat(paimonRows(paimon)).isEqualTo(expected);

            // Partition and bucket together: one bucket.
            TableCompaction.Result one = table.newCompaction().partition(Map.of("p", "b")).bucket(0).run();
            assertThat(one.bucketsSelected()).isEqualTo(1);
            assertThat(files(table).get("p=a/0")).isEqualTo(before.get("p=a/0"));
            assertThat(files(table).get("p=b/0")).hasSize(1);
            assertThat(paimonRows(paimon)).isEqualTo(expected);
        }
    }

    @Test
    void policyPicksLikeTheWriterAndOnlyInScope() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            // Four level-0 runs per bucket, above the trigger of 3: the strategy picks a compaction.
            Table table = writeCommits(paimon, 4, Map.of("num-sorted-run.compaction-trigger", "3"));
            List<String> expected = paimonRows(paimon);
            Map<String, Set<String>> before = files(table);

            TableCompaction.Result result = table.newCompaction().policy().partition(Map.of("p", "a")).run();

            assertThat(result.snapshotId()).isPositive();
            assertThat(result.bucketsSelected()).isEqualTo(2);
            assertThat(result.bucketsCompacted()).isEqualTo(2);
            assertThat(result.filesAfter()).isLessThan(result.filesBefore());
            Map<String, Set<String>> after = files(table);
            assertThat(after.get("p=b/0")).isEqualTo(before.get("p=b/0"));
            assertThat(after.get("p=b/1")).isEqualTo(before.get("p=b/1"));
            assertThat(after.get("p=a/0")).anySatisfy(f -> assertThat(f).doesNotEndWith("@0"));
            assertThat(paimonRows(paimon)).isEqualTo(expected);
            assertThat(TestRows.readAll(table)).isEqualTo(expected);

            // Equal runs: the size amplification trigger merged each bucket into one run. A bucket the
            // strategy then leaves alone is not rewritten.
            assertThat(after.get("p=a/0")).hasSize(1);
            TableCompaction.Result nothing = table.newCompaction().policy().partition(Map.of("p", "a")).run();
            assertThat(nothing.snapshotId()).isEqualTo(-1);
            assertThat(nothing.bucketsCompacted()).isZero();
            assertThat(paimonRows(paimon)).isEqualTo(expected);
        }
    }

    /**
     * A big top-level run under three small level-0 runs: no size amplification, so the size ratio picks the
     * small runs only and writes them to the level below the big one, which keeps its file.
     */
    @Test
    void policyMergesSmallRunsAboveABigOne() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            Table table = writeCommits(paimon, 0, Map.of("bucket", "1", "num-sorted-run.compaction-trigger", "3"));
            try (BatchWrite w = table.newBatchWrite()) {
                for (int id = 0; id < 3000; id++) {
                    w.write(row("a", id, id));
                }
                w.commit();
            }
            table.compactFull();
            for (int c = 1; c <= 3; c++) {
                try (BatchWrite w = table.newBatchWrite()) {
                    for (int id = 0; id < 5; id++) {
                        w.write(row("a", id * 7 + c, -c));
                    }
                    w.commit();
                }
            }
            List<String> expected = paimonRows(paimon);
            // Paimon's default num-levels is the compaction trigger + 1: the top level is 3.
            String big = files(table).get("p=a/0").stream().filter(f -> f.endsWith("@3")).findFirst().orElseThrow();

            TableCompaction.Result result = table.newCompaction().policy().run();

            assertThat(result.filesBefore()).isEqualTo(4);
            assertThat(result.filesAfter()).isEqualTo(2);
            assertThat(files(table).get("p=a/0")).contains(big).anySatisfy(f -> assertThat(f).endsWith("@2"));
            assertThat(paimonRows(paimon)).isEqualTo(expected);
            assertThat(TestRows.readAll(table)).isEqualTo(expected);
        }
    }

    @Test
    void policyCompactionOfALookupTableCommitsItsChangelog() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            // write-only: the writes leave level 0 for the policy compaction to look up and merge.
            Table table = writeCommits(paimon, 0,
                    Map.of("bucket", "1", "changelog-producer", "lookup", "write-only", "true"));
            writeAmounts(table, 0, 4, 1);
            writeAmounts(table, 0, 2, 2);
            table.newCompaction().policy().run();
            Snapshot first = table.latestSnapshot().orElseThrow();
            assertThat(first.commitKind()).isEqualTo(CommitKind.COMPACT);
            assertThat(files(table).get("p=a/0")).noneSatisfy(f -> assertThat(f).endsWith("@0"));
            assertThat(ChangelogFiles.multiset(ChangelogFiles.read(table, first.id() - 1, first.id()), TYPE))
                    .containsExactly("+I[a, 0, 2]", "+I[a, 1, 2]", "+I[a, 2, 1]", "+I[a, 3, 1]");

            writeAmounts(table, 1, 2, 3);
            table.newCompaction().policy().run();
            Snapshot second = table.latestSnapshot().orElseThrow();
            assertThat(ChangelogFiles.multiset(ChangelogFiles.read(table, second.id() - 1, second.id()), TYPE))
                    .containsExactly("+U[a, 1, 3]", "-U[a, 1, 2]");
            assertThat(TestRows.readAll(table)).containsExactly("[a, 0, 2]", "[a, 1, 3]", "[a, 2, 1]", "[a, 3, 1]");
            assertThat(paimonRows(paimon)).isEqualTo(TestRows.readAll(table));
        }
    }

    /** One batch commit of ids {@code [from, to)} in partition a with the given amount. */
    private static void writeAmounts(Table table, int from, int to, long amount) throws Exception {
        try (BatchWrite w = table.newBatchWrite()) {
            for (int id = from; id < to; id++) {
                w.write(row("a", id, amount));
            }
            w.commit();
        }
    }

    @Test
    void partitionWithNoFilesSelectsNothing() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            Table table = writeCommits(paimon, 2, Map.of());
            long latest = table.latestSnapshot().orElseThrow().id();
            TableCompaction.Result none = table.newCompaction().partition(Map.of("p", "zzz")).run();
            assertThat(none).isEqualTo(new TableCompaction.Result(-1, 0, 0, 0, 0));
            assertThat(table.latestSnapshot().orElseThrow().id()).isEqualTo(latest);
        }
    }

    @Test
    void badScopesNameWhatIsWrong() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            Table table = writeCommits(paimon, 1, Map.of());
            assertThatThrownBy(() -> table.newCompaction().partition(Map.of("dt", "x")))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no partition key 'dt'")
                    .hasMessageContaining("its partition keys: p");
            assertThatThrownBy(() -> table.newCompaction().bucket(2))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no bucket 2")
                    .hasMessageContaining("0 to 1");
            assertThatThrownBy(() -> table.newCompaction().bucket(-1))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no bucket -1");

            paimon.createTable("db", "log", TYPE, List.of(), List.of(), Map.of("bucket", "-1"));
            Table log = Tables.load(FileIO.local(),
                    new org.apache.hadoop.fs.Path(paimon.tablePath("db", "log").toUri()));
            assertThatThrownBy(() -> log.newCompaction().policy())
                    .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("no primary key");
            assertThatThrownBy(() -> log.newCompaction().partition(Map.of("p", "a")))
                    .hasMessageContaining("it is not partitioned");
        }
    }

    /** What the tasks of a distributed compaction do: each bucket compacted apart, its split and message as bytes. */
    private static List<CommitMessage> compactApart(Table table, TableCompaction compaction) {
        List<CommitMessage> messages = new ArrayList<>();
        for (Split bucket : compaction.bucketsToCompact()) {
            Split shipped = SplitCodec.decode(SplitCodec.encode(bucket));
            messages.addAll(CommitMessageCodec.decode(CommitMessageCodec.encode(List.of(compaction.compact(shipped)))));
        }
        return messages;
    }

    @Test
    void bucketsCompactedApartThenCommittedOnceAreTheInProcessCompaction() throws Exception {
        Map<String, List<String>> inProcessLayout;
        List<String> expected;
        try (PaimonOracle paimon = new PaimonOracle(warehouse.resolve("in-process"))) {
            Table table = writeCommits(paimon, 3, Map.of());
            expected = paimonRows(paimon);
            table.compactFull();
            inProcessLayout = levels(files(table));
        }
        try (PaimonOracle paimon = new PaimonOracle(warehouse.resolve("apart"))) {
            Table table = writeCommits(paimon, 3, Map.of());
            long written = table.latestSnapshot().orElseThrow().id();
            TableCompaction compaction = table.newCompaction();
            assertThat(compaction.bucketsToCompact()).hasSize(4)
                    .allSatisfy(split -> assertThat(split.files()).hasSize(3));
            List<CommitMessage> messages = compactApart(table, compaction);
            assertThat(table.latestSnapshot().orElseThrow().id()).as("compacting commits nothing").isEqualTo(written);

            try (TableCommit commit = table.newCommit("compaction-job-1")) {
                assertThat(commit.commit(messages)).isEqualTo(written + 1);
            }
            assertThat(table.latestSnapshot().orElseThrow().commitKind()).isEqualTo(CommitKind.COMPACT);
            assertThat(levels(files(table))).isEqualTo(inProcessLayout);
            assertThat(paimonRows(paimon)).isEqualTo(expected);
            assertThat(TestRows.readAll(table)).isEqualTo(expected);
            // Nothing left to do: every message is empty, and committing them makes no snapshot.
            List<CommitMessage> again = compactApart(table, table.newCompaction());
            try (TableCommit commit = table.newCommit("compaction-job-2")) {
                assertThat(commit.commit(again)).isEqualTo(-1);
            }
        }
    }

    @Test
    void aBucketAnotherWriterCompactedMeanwhileFailsTheCommitAndTheTasksFilesGo() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            Table table = writeCommits(paimon, 3, Map.of());
            List<CommitMessage> messages = compactApart(table, table.newCompaction().partition(Map.of("p", "a")));
            List<java.nio.file.Path> written = new ArrayList<>();
            for (CommitMessage m : messages) {
                org.apache.hadoop.fs.Path dir = TableStore.of(table).paths().bucketDirectory(m.partition(), m.bucket());
                for (var f : CommitMessageFiles.of(m).compactAfter()) {
                    written.add(java.nio.file.Path.of(new org.apache.hadoop.fs.Path(dir, f.fileName()).toUri()));
                }
            }
            assertThat(written).hasSize(2).allSatisfy(f -> assertThat(f).exists());
            table.compactFull();
            long latest = table.latestSnapshot().orElseThrow().id();
            List<String> rows = paimonRows(paimon);

            try (TableCommit commit = table.newCommit("compaction-job")) {
                assertThatThrownBy(() -> commit.commit(messages)).isInstanceOf(CommitFailedException.class);
            }
            assertThat(table.latestSnapshot().orElseThrow().id()).isEqualTo(latest);
            assertThat(written).allSatisfy(f -> assertThat(f).doesNotExist());
            assertThat(paimonRows(paimon)).isEqualTo(rows);
        }
    }

    @Test
    void policyCompactionApartAndABucketOutsideTheScopeIsRefused() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            // Five sorted runs per bucket: the universal strategy (trigger 5 by default) picks them.
            Table table = writeCommits(paimon, 5, Map.of());
            List<String> expected = paimonRows(paimon);
            TableCompaction policy = table.newCompaction().policy().bucket(0);
            assertThat(policy.bucketsToCompact()).hasSize(2).allSatisfy(split -> assertThat(split.bucket()).isZero());
            List<CommitMessage> messages = compactApart(table, policy);
            try (TableCommit commit = table.newCommit("compaction-job")) {
                commit.commit(messages);
            }
            Map<String, Set<String>> after = files(table);
            assertThat(after.get("p=a/0")).hasSize(1);
            assertThat(after.get("p=a/1")).hasSize(5);
            assertThat(paimonRows(paimon)).isEqualTo(expected);

            Split bucketOne = table.newCompaction().bucketsToCompact().stream().filter(s -> s.bucket() == 1)
                    .findFirst().orElseThrow();
            assertThatThrownBy(() -> policy.compact(bucketOne))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("Bucket 1").hasMessageContaining("not selected");
        }
    }

    /** Per bucket, the levels of its files (names differ between two tables). */
    private static Map<String, List<String>> levels(Map<String, Set<String>> files) {
        Map<String, List<String>> levels = new TreeMap<>();
        files.forEach((bucket, names) -> levels.put(bucket,
                names.stream().map(n -> n.substring(n.indexOf('@'))).sorted().toList()));
        return levels;
    }
}
