package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.manifest.IndexFileMeta;
import io.strata.manifest.IndexManifestEntry;
import io.strata.oracle.PaimonOracle;
import io.strata.table.store.TableStore;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Dynamic bucket mode ({@code bucket = -1} on a primary-key table, Paimon's default) with Apache Paimon 1.4.2
 * as the oracle, both ways. Each history is written twice: once by Paimon alone into a twin table (its hash
 * assigner, as Flink runs it with one assigner), once with Strata taking some of the commits. Both tables
 * must hold the same rows in the same buckets: Strata puts new keys where Paimon would, keeps known keys in
 * their bucket, and writes hash index files that Paimon's assigner reads back (a key Paimon writes later goes
 * to the bucket Strata chose, never into a second one).
 */
class DynamicBucketPaimonInteropTest {

    @TempDir
    Path warehouse;

    private static final RowType TYPE = new RowType(List.of(
            new DataField(0, "p", DataTypes.STRING().withNullable(false)),
            new DataField(1, "id", DataTypes.INT().withNullable(false)),
            new DataField(2, "name", DataTypes.STRING()),
            new DataField(3, "amount", DataTypes.BIGINT())));

    /** Commits of new keys, updates and deletes over two partitions; keys per partition exceed the target. */
    private static List<List<GenericRow>> history(long seed, int commits) {
        Random random = new Random(seed);
        List<List<GenericRow>> out = new ArrayList<>();
        Map<String, Boolean> live = new HashMap<>();
        for (int c = 0; c < commits; c++) {
            List<GenericRow> rows = new ArrayList<>();
            for (int i = 0; i < 60; i++) {
                String p = random.nextBoolean() ? "a" : "b";
                int id = random.nextInt(40 + 30 * c);
                String key = p + "/" + id;
                if (live.getOrDefault(key, false) && random.nextInt(6) == 0) {
                    rows.add(row(RowKind.DELETE, p, id, null, null));
                    live.put(key, false);
                } else {
                    rows.add(row(live.getOrDefault(key, false) ? RowKind.UPDATE_AFTER : RowKind.INSERT, p, id,
                            "c" + c + "-" + i, (long) random.nextInt(1000)));
                    live.put(key, true);
                }
            }
            out.add(rows);
        }
        return out;
    }

    private static GenericRow row(RowKind kind, String p, int id, String name, Long amount) {
        GenericRow r = GenericRow.of(Utf8String.fromString(p), id, name == null ? null : Utf8String.fromString(name),
                amount);
        r.setKind(kind);
        return r;
    }

    private static Map<String, String> options(String format, String... more) {
        Map<String, String> options = new HashMap<>(Map.of("bucket", "-1", "file.format", format,
                "dynamic-bucket.target-row-num", "12"));
        for (int i = 0; i < more.length; i += 2) {
            options.put(more[i], more[i + 1]);
        }
        return options;
    }

    private Table load(PaimonOracle paimon, String table) {
        return Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(paimon.tablePath("db", table).toUri()));
    }

    private static void strataWrite(Table table, List<GenericRow> rows) {
        try (BatchWrite write = table.newBatchWrite()) {
            rows.forEach(write::write);
            write.commit();
        }
    }

    /** Paimon's merged rows of each bucket, keys only ("p/id"), sorted: where every key lives. */
    private static Map<String, List<String>> keysByBucket(PaimonOracle paimon, String table) {
        Map<String, List<String>> out = new TreeMap<>();
        paimon.readByBucket("db", table).forEach((bucket, rows) -> out.put(bucket,
                rows.stream().map(r -> r.getString(0) + "/" + r.getInt(1)).sorted().collect(Collectors.toList())));
        return out;
    }

    @ParameterizedTest(name = "{0}, Strata writes commits {1}")
    @CsvSource({"orc, 0:2:3", "parquet, 1:3"})
    void strataAssignsBucketsAsPaimonDoesAndEachReadsTheOthersHashIndex(String format, String strataCommits)
            throws Exception {
        List<List<GenericRow>> history = history(format.hashCode() + strataCommits.hashCode(), 5);
        List<Integer> byStrata = java.util.Arrays.stream(strataCommits.split(":")).map(Integer::valueOf).toList();
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "twin", TYPE, List.of("p"), List.of("p", "id"), options(format));
            paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"), options(format));
            Table table = load(paimon, "t");
            for (int c = 0; c < history.size(); c++) {
                paimon.write("db", "twin", history.get(c));
                if (byStrata.contains(c)) {
                    strataWrite(table, history.get(c));
                } else {
                    paimon.write("db", "t", history.get(c));
                }
                List<String> expected = TestRows.formatAll(paimon.readAll("db", "twin"), TYPE);
                assertThat(TestRows.formatAll(paimon.readAll("db", "t"), TYPE)).as("Paimon's read after commit %d", c)
                        .isEqualTo(expected);
                assertThat(strataRows(table)).as("Strata's read after commit %d", c).isEqualTo(expected);
                assertThat(keysByBucket(paimon, "t")).as("the buckets of the keys after commit %d", c)
                        .isEqualTo(keysByBucket(paimon, "twin"));
            }
            // More than one bucket per partition, none above the target, each with exactly one hash index file.
            Map<String, List<String>> buckets = keysByBucket(paimon, "t");
            assertThat(buckets.keySet()).contains("a/bucket-0", "a/bucket-1", "b/bucket-0", "b/bucket-1");
            List<IndexManifestEntry> hashFiles = hashIndex(table);
            assertThat(hashFiles).hasSize(buckets.size());
            assertThat(hashFiles).allSatisfy(e -> assertThat(e.indexFile().rowCount()).isBetween(1L, 12L));
            // Compactions (Strata's, then Paimon's) keep rows, buckets and the hash index.
            table.compactFull();
            assertThat(hashIndex(table)).isEqualTo(hashFiles);
            paimon.compact("db", "t");
            assertThat(strataRows(table)).isEqualTo(TestRows.formatAll(paimon.readAll("db", "twin"), TYPE));
            assertThat(keysByBucket(paimon, "t")).isEqualTo(keysByBucket(paimon, "twin"));
        }
    }

    @Test
    void streamWritesKeepTheirAssignmentAcrossCommitsAndFilesSayNoFixedBucketCount() throws Exception {
        List<List<GenericRow>> history = history(7, 4);
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "twin", TYPE, List.of("p"), List.of("p", "id"), options("parquet"));
            paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"), options("parquet"));
            Table table = load(paimon, "t");
            try (StreamWrite write = table.newStreamWrite("dynamic-stream")) {
                for (int c = 0; c < history.size(); c++) {
                    history.get(c).forEach(write::write);
                    write.commit(c);
                    paimon.write("db", "twin", history.get(c));
                }
            }
            assertThat(strataRows(table)).isEqualTo(TestRows.formatAll(paimon.readAll("db", "twin"), TYPE));
            assertThat(keysByBucket(paimon, "t")).isEqualTo(keysByBucket(paimon, "twin"));
            TableStore store = TableStore.of(table);
            assertThat(store.snapshotFiles().liveEntries(table.latestSnapshot().orElseThrow(), null))
                    .allSatisfy(e -> assertThat(e.totalBuckets()).isEqualTo(-1));
        }
    }

    @Test
    void maxBucketsBoundsThePartitionAndAnOverwriteStartsItsIndexAfresh() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"),
                    options("orc", "dynamic-bucket.target-row-num", "5", "dynamic-bucket.max-buckets", "3"));
            Table table = load(paimon, "t");
            List<GenericRow> rows = new ArrayList<>();
            for (int id = 0; id < 40; id++) {
                rows.add(row(RowKind.INSERT, "a", id, "n" + id, (long) id));
            }
            strataWrite(table, rows);
            Map<String, List<String>> buckets = keysByBucket(paimon, "t");
            assertThat(buckets.keySet()).containsExactly("a/bucket-0", "a/bucket-1", "a/bucket-2");
            assertThat(buckets.values().stream().mapToInt(List::size).sum()).isEqualTo(40);
            // Each filled to the target first; the keys beyond 3 x 5 went to any of them.
            assertThat(buckets.values()).allSatisfy(keys -> assertThat(keys.size()).isGreaterThanOrEqualTo(5));

            // Paimon updates every key: each stays where Strata put it.
            List<GenericRow> updates = new ArrayList<>();
            for (int id = 0; id < 40; id++) {
                updates.add(row(RowKind.UPDATE_AFTER, "a", id, "u" + id, (long) -id));
            }
            paimon.write("db", "t", updates);
            assertThat(keysByBucket(paimon, "t")).isEqualTo(buckets);
            assertThat(paimon.readAll("db", "t")).hasSize(40);

            // An overwrite of the partition replaces rows and hash index: its keys fill buckets from 0 again.
            List<GenericRow> replacement = List.of(row(RowKind.INSERT, "a", 39, "x", 1L),
                    row(RowKind.INSERT, "a", 100, "y", 2L));
            TableWrite write = table.newOverwriteWrite();
            replacement.forEach(write::write);
            TableCommit commit = table.newCommit("overwrite");
            commit.overwrite(write.prepareCommit(), Map.of("p", "a"));
            assertThat(keysByBucket(paimon, "t")).isEqualTo(Map.of("a/bucket-0", List.of("a/100", "a/39")));
            assertThat(hashIndex(table)).hasSize(1).allSatisfy(e -> assertThat(e.indexFile().rowCount()).isEqualTo(2));
            // Paimon finds key 39 in bucket 0 now, not in the bucket the overwritten rows had it.
            paimon.write("db", "t", List.of(row(RowKind.UPDATE_AFTER, "a", 39, "z", 3L)));
            assertThat(TestRows.formatAll(paimon.readAll("db", "t"), TYPE)).containsExactly("[a, 100, y, 2]",
                    "[a, 39, z, 3]");
        }
    }

    @Test
    void twoWritersAssigningNewKeysToOneBucketConflictInsteadOfLosingKeys() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"), options("orc"));
            Table table = load(paimon, "t");
            strataWrite(table, List.of(row(RowKind.INSERT, "a", 1, "one", 1L)));
            // Both start from snapshot 1 and add a new key to bucket 0 of partition a.
            BatchWrite first = table.newBatchWrite();
            BatchWrite second = table.newBatchWrite();
            first.write(row(RowKind.INSERT, "a", 2, "two", 2L));
            second.write(row(RowKind.INSERT, "a", 3, "three", 3L));
            first.commit();
            assertThatThrownBy(second::commit).hasMessageContaining("key hash index of bucket 0")
                    .hasMessageContaining("one writer at a time");
            second.close();
            assertThat(TestRows.formatAll(paimon.readAll("db", "t"), TYPE)).containsExactly("[a, 1, one, 1]",
                    "[a, 2, two, 2]");

            // Two task writes of one partition in one commit: refused, nothing lands.
            TableWrite taskA = table.newTableWrite();
            TableWrite taskB = table.newTableWrite();
            taskA.write(row(RowKind.INSERT, "a", 4, "four", 4L));
            taskB.write(row(RowKind.INSERT, "a", 5, "five", 5L));
            List<CommitMessage> messages = new ArrayList<>(taskA.prepareCommit());
            messages.addAll(taskB.prepareCommit());
            long before = table.latestSnapshot().orElseThrow().id();
            assertThatThrownBy(() -> table.newCommit("tasks").commit(messages))
                    .hasMessageContaining("assigned new keys to dynamic bucket 0");
            assertThat(table.latestSnapshot().orElseThrow().id()).isEqualTo(before);
        }
    }

    @Test
    void badDynamicBucketTablesAreRefusedNamingWhatIsWrong() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            // A primary key without the partition key: Paimon's cross-partition upsert, not written by Strata.
            paimon.createTable("db", "cross", TYPE, List.of("p"), List.of("id"), options("orc"));
            assertThatThrownBy(() -> load(paimon, "cross").newBatchWrite())
                    .hasMessageContaining("lacks partition key(s) [p]").hasMessageContaining("cross-partition");
            Table table = load(paimon, "cross");
            Map<String, String> bad = new HashMap<>(table.schema().options());
            bad.put("dynamic-bucket.target-row-num", "0");
            assertThatThrownBy(() -> io.strata.schema.TableOptions.validateForWrite(bad, List.of("p", "id")))
                    .hasMessageContaining("dynamic-bucket.target-row-num");
            bad.put("dynamic-bucket.target-row-num", "10");
            bad.put("bucket-key", "id");
            assertThatThrownBy(() -> io.strata.schema.TableOptions.validateForWrite(bad, List.of("p", "id")))
                    .hasMessageContaining("'bucket-key'").hasMessageContaining("dynamic bucket mode");

            // A truncated hash index file fails the write naming it, and the table stays as it was.
            paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"), options("orc"));
            paimon.write("db", "t", List.of(row(RowKind.INSERT, "a", 1, "one", 1L), row(RowKind.INSERT, "a", 2, "two", 2L)));
            Table t = load(paimon, "t");
            IndexManifestEntry hashes = hashIndex(t).get(0);
            Path file = paimon.tablePath("db", "t").resolve("index").resolve(hashes.indexFile().fileName());
            byte[] bytes = Files.readAllBytes(file);
            Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length - 2));
            long before = t.latestSnapshot().orElseThrow().id();
            assertThatThrownBy(() -> strataWrite(t, List.of(row(RowKind.INSERT, "a", 3, "three", 3L))))
                    .hasMessageContaining(hashes.indexFile().fileName()).hasMessageContaining("truncated");
            assertThat(t.latestSnapshot().orElseThrow().id()).isEqualTo(before);
        }
    }

    private static List<IndexManifestEntry> hashIndex(Table table) throws Exception {
        TableStore store = TableStore.of(table);
        return store.snapshotFiles().liveIndexEntries(table.latestSnapshot().orElseThrow()).stream()
                .filter(e -> IndexFileMeta.HASH.equals(e.indexFile().indexType())).toList();
    }

    private static List<String> strataRows(Table table) throws Exception {
        return TestRows.readAll(table);
    }
}
