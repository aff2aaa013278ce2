package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.manifest.DeletionVector;
import io.strata.manifest.DeletionVectorIndexFile;
import io.strata.manifest.IndexFileMeta;
import io.strata.manifest.IndexManifestEntry;
import io.strata.manifest.ManifestEntry;
import io.strata.schema.Schema;
import io.strata.snapshot.Snapshot;
import io.strata.table.store.SnapshotFiles;
import io.strata.table.store.TableStore;
import io.strata.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Deletion vectors on write ({@code deletion-vectors.enabled}): compactions bring level 0 up, mark the
 * replaced rows of the files they leave alone, and drop the vectors of the files they rewrite, so that
 * every key has exactly one visible row above level 0. Each test checks the deletion-vector table
 * against a model or against the same writes to a table without vectors (read merged).
 */
class DeletionVectorWriteTest {

    @TempDir
    Path dir;

    private FileSystemCatalog catalog;

    private FileSystemCatalog catalog() {
        if (catalog == null) {
            catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
            catalog.createDatabase("db", true);
        }
        return catalog;
    }

    private Table create(String name, boolean partitioned, String... options) {
        Schema.Builder b = Schema.newBuilder()
                .column("p", DataTypes.STRING())
                .column("id", DataTypes.INT())
                .column("name", DataTypes.STRING())
                .column("amount", DataTypes.BIGINT());
        if (partitioned) {
            b.partitionKeys("p");
        }
        b.primaryKey("p", "id");
        for (int i = 0; i < options.length; i += 2) {
            b.option(options[i], options[i + 1]);
        }
        return catalog().createTable(Identifier.of("db", name), b.build(), false);
    }

    private static GenericRow row(RowKind kind, String p, int id, String name, Long amount) {
        return GenericRow.ofKind(kind, Utf8String.fromString(p), id, name == null ? null : Utf8String.fromString(name), amount);
    }

    private static List<ManifestEntry> live(Table table) throws Exception {
        return TableStore.of(table).snapshotFiles().liveEntries(table.latestSnapshot().orElseThrow(), null);
    }

    /** Every row above level 0 that no vector deletes, as "key" strings: must hold each key once. */
    private static long visibleRowsAboveLevel0(Table table) throws Exception {
        Snapshot latest = table.latestSnapshot().orElseThrow();
        Map<SnapshotFiles.BucketKey, List<IndexManifestEntry>> index = TableStore.of(table).snapshotFiles().deletionIndexFiles(latest);
        DeletionVectorIndexFile files = new DeletionVectorIndexFile(table.fileIO(), TableStore.of(table).paths().indexDirectory());
        Map<String, DeletionVector> vectors = new LinkedHashMap<>();
        for (List<IndexManifestEntry> entries : index.values()) {
            for (IndexManifestEntry e : entries) {
                vectors.putAll(files.read(e.indexFile()));
            }
        }
        long rows = 0;
        for (ManifestEntry e : live(table)) {
            if (e.file().level() > 0) {
                DeletionVector dv = vectors.get(e.file().fileName());
                rows += e.file().rowCount() - (dv == null ? 0 : dv.cardinality());
            }
        }
        return rows;
    }

    @Test
    void aKeyUpdatedManyTimesThenDeletedAndInsertedAgainLivesOnce() throws Exception {
        Table table = create("t", false, "bucket", "1", "file.format", "orc", "deletion-vectors.enabled", "true");
        Map<String, GenericRow> model = new TreeMap<>();
        try (StreamWrite w = table.newStreamWrite("dv-writer")) {
            // Enough rows that a one-row update is far below the size amplification that forces a full compaction
            // (the small files of the updates are mostly ORC metadata: 3000 rows were too few once Strata's ORC
            // files carried value digests).
            for (int id = 0; id < 10000; id++) {
                w.write(row(RowKind.INSERT, "a", id, "v0", (long) id));
                model.put("a/" + id, row(RowKind.INSERT, "a", id, "v0", (long) id));
            }
            w.commit(1);
            for (int c = 2; c <= 25; c++) {
                GenericRow r = row(RowKind.UPDATE_AFTER, "a", 7, "v" + c, (long) c);
                w.write(r);
                model.put("a/7", row(RowKind.INSERT, "a", 7, "v" + c, (long) c));
                if (c % 3 == 0) {
                    w.write(row(RowKind.INSERT, "a", 5000 + c, "n" + c, null));
                    model.put("a/" + (5000 + c), row(RowKind.INSERT, "a", 5000 + c, "n" + c, null));
                }
                w.commit(c);
                assertThat(TestRows.readAll(table)).as("after commit %d", c)
                        .isEqualTo(TestRows.formatAll(new ArrayList<>(model.values()), table.schema().rowType()));
                assertThat(live(table)).as("no level-0 file is left by a commit").allSatisfy(
                        e -> assertThat(e.file().level()).isPositive());
                assertThat(visibleRowsAboveLevel0(table)).isEqualTo(model.size());
            }
            w.write(row(RowKind.DELETE, "a", 7, null, null));
            model.remove("a/7");
            w.commit(26);
            assertThat(TestRows.readAll(table)).isEqualTo(TestRows.formatAll(new ArrayList<>(model.values()),
                    table.schema().rowType()));
            assertThat(visibleRowsAboveLevel0(table)).isEqualTo(model.size());
            w.write(row(RowKind.INSERT, "a", 7, "back", 77L));
            model.put("a/7", row(RowKind.INSERT, "a", 7, "back", 77L));
            w.commit(27);
        }
        assertThat(TestRows.readAll(table)).isEqualTo(TestRows.formatAll(new ArrayList<>(model.values()),
                table.schema().rowType()));
        assertThat(visibleRowsAboveLevel0(table)).isEqualTo(model.size());
        assertThat(table.latestSnapshot().orElseThrow().indexManifest()).as("vectors were written").isNotNull();

        // A full compaction rewrites every file: no vector is left, and neither is an index manifest.
        table.compactFull();
        assertThat(table.latestSnapshot().orElseThrow().indexManifest()).isNull();
        assertThat(TestRows.readAll(table)).isEqualTo(TestRows.formatAll(new ArrayList<>(model.values()),
                table.schema().rowType()));
    }

    /**
     * The same random upserts and deletes go to a table with deletion vectors and to one without (read
     * merged): both read the same after every commit, for every merge engine vectors allow, over many
     * buckets, with batch writes, stream writes, policy and full compactions.
     */
    @ParameterizedTest
    @CsvSource({
        "deduplicate,orc,true",
        "deduplicate,parquet,false",
        "partial-update,parquet,true",
        "aggregation,orc,false",
        "deduplicate-seq,parquet,true",
        "deduplicate-lookup,orc,false"})
    void readsTheSameAsMergedReadsOfATableWithoutVectors(String variant, String format, boolean partitioned)
            throws Exception {
        List<String> options = new ArrayList<>(List.of("bucket", "4", "file.format", format,
                "num-sorted-run.compaction-trigger", "2", "num-sorted-run.stop-trigger", "3",
                "target-file-size", "4 kb"));
        switch (variant) {
            case "partial-update" -> options.addAll(List.of("merge-engine", "partial-update"));
            case "aggregation" -> options.addAll(List.of("merge-engine", "aggregation",
                    "fields.amount.aggregate-function", "sum"));
            case "deduplicate-seq" -> options.addAll(List.of("sequence.field", "amount"));
            case "deduplicate-lookup" -> options.addAll(List.of("changelog-producer", "lookup"));
            default -> { }
        }
        Table plain = create("plain", partitioned, options.toArray(String[]::new));
        options.addAll(List.of("deletion-vectors.enabled", "true"));
        Table dv = create("dv", partitioned, options.toArray(String[]::new));
        boolean deletes = !variant.equals("aggregation") && !variant.equals("partial-update");
        Random random = new Random(variant.hashCode());
        StreamWrite plainStream = plain.newStreamWrite("s");
        StreamWrite dvStream = dv.newStreamWrite("s");
        try {
            for (int c = 1; c <= 14; c++) {
                List<GenericRow> rows = new ArrayList<>();
                for (int i = 0; i < 80; i++) {
                    String p = "p" + random.nextInt(2);
                    int id = random.nextInt(60);
                    if (deletes && random.nextInt(6) == 0) {
                        rows.add(row(RowKind.DELETE, p, id, null, null));
                    } else {
                        rows.add(row(RowKind.INSERT, p, id, random.nextInt(4) == 0 ? null : "c" + c + "-" + i,
                                random.nextInt(5) == 0 ? null : (long) random.nextInt(1000)));
                    }
                }
                if (c <= 8) {
                    rows.forEach(plainStream::write);
                    rows.forEach(dvStream::write);
                    plainStream.commit(c);
                    dvStream.commit(c);
                    if (c == 8) {
                        plainStream.close();
                        dvStream.close();
                    }
                } else {
                    // Batch writes compact level 0 up too; between them, policy compactions of some levels.
                    try (BatchWrite a = plain.newBatchWrite(); BatchWrite b = dv.newBatchWrite()) {
                        rows.forEach(a::write);
                        rows.forEach(b::write);
                        a.commit();
                        b.commit();
                    }
                    if (c % 2 == 0) {
                        dv.newCompaction().policy().run();
                    }
                }
                List<String> expected = TestRows.readAll(plain);
                assertThat(TestRows.readAll(dv)).as("commit %d", c).isEqualTo(expected);
                assertThat(visibleRowsAboveLevel0(dv)).as("commit %d", c).isEqualTo(expected.size());
            }
        } finally {
            plainStream.close();
            dvStream.close();
        }
        assertThat(dv.latestSnapshot().orElseThrow().indexManifest()).isNotNull();
        dv.compactFull();
        assertThat(TestRows.readAll(dv)).isEqualTo(TestRows.readAll(plain));
    }

    @Test
    void theIndexFileFormatRoundTrips() throws Exception {
        FileIO io = FileIO.local();
        DeletionVectorIndexFile file = new DeletionVectorIndexFile(io, new org.apache.hadoop.fs.Path(dir.toUri()));
        Map<String, DeletionVector> vectors = new LinkedHashMap<>();
        vectors.put("data-a-0.orc", DeletionVector.of(0, 1, 2, 1000, 65536, 70000));
        DeletionVector dense = DeletionVector.empty();
        for (int i = 0; i < 200_000; i += 2) {
            dense.delete(i);
        }
        vectors.put("data-a-1.parquet", dense);
        vectors.put("data-a-2.orc", DeletionVector.of(Integer.MAX_VALUE));
        IndexFileMeta meta = file.write(vectors);
        assertThat(meta.indexType()).isEqualTo(IndexFileMeta.DELETION_VECTORS);
        assertThat(meta.rowCount()).isEqualTo(3);
        assertThat(file.read(meta)).isEqualTo(vectors);
        assertThat(meta.dvRanges().get("data-a-1.parquet").cardinality()).isEqualTo(100_000L);
    }

    @Test
    void combinationsPaimonRefusesAreRefusedNamingTheOptions() {
        assertThatThrownBy(() -> create("fc", false, "bucket", "1", "deletion-vectors.enabled", "true",
                "changelog-producer", "full-compaction"))
                .hasMessageContaining("'changelog-producer' = 'full-compaction'")
                .hasMessageContaining("deletion-vectors.enabled");
        assertThatThrownBy(() -> create("fr", false, "bucket", "1", "deletion-vectors.enabled", "true",
                "merge-engine", "first-row"))
                .hasMessageContaining("'merge-engine' = 'first-row'")
                .hasMessageContaining("deletion-vectors.enabled");
        assertThatThrownBy(() -> create("b64", false, "bucket", "1", "deletion-vectors.enabled", "true",
                "deletion-vectors.bitmap64", "true"))
                .hasMessageContaining("deletion-vectors.bitmap64");
    }
}
