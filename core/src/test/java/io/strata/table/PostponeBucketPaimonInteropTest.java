package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.manifest.ManifestEntry;
import io.strata.oracle.PaimonOracle;
import io.strata.schema.Schema;
import io.strata.table.store.TableStore;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Postpone-bucket tables ({@code bucket = -2}, Paimon 1.1+) with Apache Paimon 1.4.2 as the oracle. Strata reads
 * what Paimon reads (rows in real buckets, each partition with its own bucket count), not the rows still waiting
 * in {@code bucket-postpone}; it writes into each partition's real buckets as Paimon's batch writes do (the
 * partition's count, else {@code postpone.default-bucket-num}), so that Paimon's writes of the same keys land in
 * the same buckets; and its compaction moves the waiting rows into their buckets as Paimon's postpone compaction
 * does, the later record of a key winning.
 */
class PostponeBucketPaimonInteropTest {

    @TempDir
    Path warehouse;

    static final RowType TYPE = new RowType(List.of(
            new DataField(0, "p", DataTypes.STRING().withNullable(false)),
            new DataField(1, "id", DataTypes.INT().withNullable(false)),
            new DataField(2, "name", DataTypes.STRING())));

    static GenericRow row(RowKind kind, String p, int id, String name) {
        GenericRow r = GenericRow.of(Utf8String.fromString(p), id, Utf8String.fromString(name));
        r.setKind(kind);
        return r;
    }

    private static GenericRow insert(String p, int id, String name) {
        return row(RowKind.INSERT, p, id, name);
    }

    /** Each partition's bucket count, as the live files of the latest snapshot record it; -2 for waiting files. */
    private static Map<String, Integer> bucketCounts(Table table) throws Exception {
        TableStore store = TableStore.of(table);
        Map<String, Integer> counts = new TreeMap<>();
        for (ManifestEntry e : store.snapshotFiles().liveEntries(store.snapshotManager().latestSnapshot().orElseThrow(),
                null)) {
            String key = store.paths().partitionPath(e.partition()) + (e.postponed() ? "/postponed" : "");
            Integer previous = counts.put(key, e.totalBuckets());
            assertThat(previous).as("files of %s", key).isIn(null, e.totalBuckets());
        }
        return counts;
    }

    @Test
    void strataWritesIntoEachPartitionsBucketsAndMovesTheWaitingRows() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"),
                    Map.of("bucket", "-2", "file.format", "parquet", "postpone.default-bucket-num", "3"));
            // Partition a in 2 buckets, b in 4: the batch writes Flink makes; then an update of a.
            paimon.writePostponeTableIntoBuckets("db", "t", List.of(insert("a", 1, "one"), insert("a", 2, "two"),
                    insert("a", 3, "three")), 2);
            paimon.writePostponeTableIntoBuckets("db", "t", List.of(insert("b", 1, "uno"), insert("b", 2, "dos")), 4);
            paimon.writePostponeTableIntoBuckets("db", "t", List.of(row(RowKind.UPDATE_AFTER, "a", 2, "two'")), 2);
            // Streaming writes: their rows wait in bucket-postpone (partition w has no bucket yet), unseen by reads.
            paimon.write("db", "t", List.of(insert("a", 9, "waiting"), row(RowKind.DELETE, "a", 1, "one"),
                    insert("w", 1, "w-first")));
            paimon.write("db", "t", List.of(row(RowKind.UPDATE_AFTER, "a", 9, "waited"), insert("w", 1, "w-last"),
                    insert("w", 2, "w2")));
            assertThat(paimon.tablePath("db", "t").resolve("p=w").resolve("bucket-postpone")).isDirectory();

            Table table = Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(paimon.tablePath("db", "t").toUri()));
            List<String> paimonRows = TestRows.formatAll(paimon.readAll("db", "t"), TYPE);
            assertThat(paimonRows).containsExactly("[a, 1, one]", "[a, 2, two']", "[a, 3, three]", "[b, 1, uno]",
                    "[b, 2, dos]");
            assertThat(TestRows.readAll(table)).isEqualTo(paimonRows);

            // Strata writes: into a's 2 buckets, and a new partition c gets postpone.default-bucket-num = 3.
            try (BatchWrite write = table.newBatchWrite()) {
                write.write(insert("a", 3, "three-s"));
                write.write(insert("c", 1, "c1"));
                write.write(insert("c", 2, "c2"));
                write.write(insert("c", 3, "c3"));
                write.commit();
            }
            assertThat(bucketCounts(table)).containsEntry("p=a", 2).containsEntry("p=b", 4).containsEntry("p=c", 3)
                    .containsEntry("p=a/postponed", -2).containsEntry("p=w/postponed", -2);
            assertThat(TestRows.formatAll(paimon.readAll("db", "t"), TYPE)).as("Paimon reads Strata's write")
                    .isEqualTo(TestRows.readAll(table))
                    .contains("[a, 3, three-s]", "[c, 1, c1]", "[c, 2, c2]", "[c, 3, c3]");
            // Paimon's own batch writes of the same keys: had Strata picked other buckets, a key would read twice.
            paimon.writePostponeTableIntoBuckets("db", "t", List.of(insert("a", 3, "three-p")), 2);
            paimon.writePostponeTableIntoBuckets("db", "t", List.of(insert("c", 1, "c1-p"), insert("c", 2, "c2-p"),
                    insert("c", 3, "c3-p")), 3);
            assertThat(TestRows.formatAll(paimon.readAll("db", "t"), TYPE)).containsExactly("[a, 1, one]",
                    "[a, 2, two']", "[a, 3, three-p]", "[b, 1, uno]", "[b, 2, dos]", "[c, 1, c1-p]", "[c, 2, c2-p]",
                    "[c, 3, c3-p]");

            // Strata's compaction: the waiting rows go to their buckets (w gets the default 3), later records win.
            TableCompaction.Result result = table.newCompaction().full().run();
            assertThat(result.snapshotId()).isPositive();
            assertThat(bucketCounts(table)).isEqualTo(Map.of("p=a", 2, "p=b", 4, "p=c", 3, "p=w", 3));
            List<String> moved = TestRows.formatAll(paimon.readAll("db", "t"), TYPE);
            assertThat(moved).as("Paimon reads the moved rows").containsExactly("[a, 2, two']", "[a, 3, three-p]",
                    "[a, 9, waited]", "[b, 1, uno]", "[b, 2, dos]", "[c, 1, c1-p]", "[c, 2, c2-p]", "[c, 3, c3-p]",
                    "[w, 1, w-last]", "[w, 2, w2]");
            assertThat(TestRows.readAll(table)).isEqualTo(moved);
            // And Paimon's writes of moved keys land beside them, in the same buckets.
            paimon.writePostponeTableIntoBuckets("db", "t", List.of(insert("w", 2, "w2-p")), 3);
            paimon.writePostponeTableIntoBuckets("db", "t", List.of(insert("a", 9, "9-p")), 2);
            assertThat(TestRows.formatAll(paimon.readAll("db", "t"), TYPE)).contains("[w, 2, w2-p]", "[a, 9, 9-p]")
                    .doesNotContain("[w, 2, w2]", "[a, 9, waited]");

            // Nothing waits any more: a compaction finds nothing to move.
            paimon.write("db", "t", List.of(insert("b", 7, "late")));
            long before = table.latestSnapshot().orElseThrow().id();
            assertThat(TestRows.readAll(table)).doesNotContain("[b, 7, late]");
            table.newCompaction().policy().run();
            assertThat(table.latestSnapshot().orElseThrow().id()).isGreaterThan(before);
            assertThat(TestRows.formatAll(paimon.readAll("db", "t"), TYPE)).contains("[b, 7, late]")
                    .isEqualTo(TestRows.readAll(table));
            assertThat(bucketCounts(table)).doesNotContainKey("p=b/postponed").containsEntry("p=b", 4);
        }
    }

    /**
     * {@code postpone.batch-write-fixed-bucket = false}: Strata's batch writes leave their rows waiting in
     * {@code bucket-postpone} as Paimon's writers do (Avro primary-key files, unsorted, named with the writer's
     * commit user and write id, which Paimon's postpone compaction parses), invisible until a compaction moves
     * them; Strata's compaction replays Paimon's and Strata's waiting files in the order they were written.
     */
    @Test
    void batchWritesIntoThePostponeBucketWaitForTheCompaction() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"),
                    Map.of("bucket", "-2", "postpone.batch-write-fixed-bucket", "false"));
            paimon.write("db", "t", List.of(insert("a", 1, "one"), insert("a", 2, "two")));
            Table table = Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(paimon.tablePath("db", "t").toUri()));
            try (BatchWrite write = table.newBatchWrite()) {
                write.write(insert("a", 2, "two-s"));
                write.write(insert("b", 1, "b-s"));
                write.delete(insert("a", 1, "one"));
                write.commit();
            }
            assertThat(bucketCounts(table)).isEqualTo(Map.of("p=a/postponed", -2, "p=b/postponed", -2));
            try (Stream<Path> files = Files.list(paimon.tablePath("db", "t").resolve("p=b").resolve("bucket-postpone"))) {
                assertThat(files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("data-")).toList())
                        .singleElement().asString().matches("data--u-[0-9a-f-]+-s-[0-9]+-w-[0-9a-f-]+-[0-9]+\\.avro");
            }
            assertThat(paimon.readAll("db", "t")).isEmpty();
            assertThat(TestRows.readAll(table)).isEmpty();
            paimon.write("db", "t", List.of(insert("b", 1, "b-p")));

            table.newCompaction().full().run();
            assertThat(bucketCounts(table)).isEqualTo(Map.of("p=a", 1, "p=b", 1));
            assertThat(TestRows.formatAll(paimon.readAll("db", "t"), TYPE))
                    .containsExactly("[a, 2, two-s]", "[b, 1, b-p]").isEqualTo(TestRows.readAll(table));
        }
    }

    @Test
    void badPostponeTablesAreRefusedAndKeepTheirData() throws Exception {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()));
        catalog.createDatabase("db", true);
        assertThatThrownBy(() -> catalog.createTable(Identifier.of("db", "append"), Schema.newBuilder()
                .column("id", DataTypes.INT()).option("bucket", "-2").build(), false))
                .hasMessageContaining("'bucket'").hasMessageContaining("primary-key");
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            // A partition whose files disagree on its bucket count: Strata cannot tell where a key belongs.
            paimon.createTable("db", "mixed", TYPE, List.of("p"), List.of("p", "id"), Map.of("bucket", "-2"));
            paimon.writePostponeTableIntoBuckets("db", "mixed", List.of(insert("x", 1, "one")), 2);
            paimon.writePostponeTableIntoBuckets("db", "mixed", List.of(insert("x", 2, "two")), 3);
            Table mixed = Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(paimon.tablePath("db", "mixed").toUri()));
            long mixedBefore = mixed.latestSnapshot().orElseThrow().id();
            assertThatThrownBy(() -> {
                try (BatchWrite write = mixed.newBatchWrite()) {
                    write.write(insert("x", 3, "three"));
                    write.commit();
                }
            }).hasMessageContaining("p=x").hasMessageContaining("2 and for 3 buckets");
            assertThat(mixed.latestSnapshot().orElseThrow().id()).isEqualTo(mixedBefore);
            assertThat(TestRows.readAll(mixed)).containsExactly("[x, 1, one]", "[x, 2, two]");
        }
    }
}
