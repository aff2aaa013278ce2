package io.strata.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.fs.FileIO;
import io.strata.oracle.PaimonOracle;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.paimon.Snapshot;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.BinaryRowWriter;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.RowKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Against Paimon 1.4.2 itself, at test time (Avro data files: Paimon's ORC and Parquet paths need Hadoop
 * clients the test classpath lacks, and the data format changes nothing in the metadata): tables Paimon writes now (primary key with and without
 * deletion vectors, append) are read by Strata and rewritten byte for byte; and Paimon reads the
 * manifests, manifest lists and index manifests that Strata writes, down to the rows of a snapshot
 * whose metadata Strata rewrote.
 */
class ManifestPaimonOracleTest {

    @TempDir
    Path warehouse;

    private final FileIO io = FileIO.local();

    /** Paimon's catalog on {@code <warehouse>/wh}; the tables are written through Paimon's own API below. */
    private PaimonOracle oracle;

    @BeforeEach
    void openOracle() {
        oracle = new PaimonOracle(warehouse.resolve("wh"));
    }

    @AfterEach
    void closeOracle() {
        oracle.close();
    }

    @Test
    void primaryKeyTableWithDeletionVectors() throws Exception {
        FileStoreTable table = createAndFill("pk_dv", true, Map.of("bucket", "2", "deletion-vectors.enabled", "true", "file.format", "avro"));
        assertThat(table.snapshotManager().latestSnapshot().indexManifest()).as("an index manifest").isNotNull();
        checkAgainstPaimon(table);
    }

    @Test
    void primaryKeyTableWithChangelog() throws Exception {
        checkAgainstPaimon(createAndFill("pk", true, Map.of("bucket", "2", "changelog-producer", "input", "file.format", "avro")));
    }

    @Test
    void appendTable() throws Exception {
        checkAgainstPaimon(createAndFill("append", false, Map.of("file.format", "avro")));
    }

    private void checkAgainstPaimon(FileStoreTable table) throws Exception {
        Path tableDir = Path.of(table.location().toUri());
        org.apache.hadoop.fs.Path manifestDir = new org.apache.hadoop.fs.Path(tableDir.resolve("manifest").toUri());
        rewriteEveryMetadataFileByteForByte(tableDir, manifestDir);
        paimonReadsAStrataRewrittenSnapshot(table, tableDir, manifestDir);
    }

    /** Strata reads each file Paimon wrote and writes it again: same datum bytes, same file but for sync markers. */
    private void rewriteEveryMetadataFileByteForByte(Path tableDir, org.apache.hadoop.fs.Path manifestDir) throws Exception {
        Path out = Files.createDirectories(warehouse.resolve("rewrite-" + tableDir.getFileName()));
        org.apache.hadoop.fs.Path outDir = new org.apache.hadoop.fs.Path(out.toUri());
        MetadataFileNames names = new MetadataFileNames();
        ManifestFile paimonManifests = new ManifestFile(io, manifestDir, ManifestDump.partitionType(), 8 << 20, names);
        ManifestFile strataManifests = new ManifestFile(io, outDir, ManifestDump.partitionType(), 8 << 20, names);
        ManifestList paimonLists = new ManifestList(io, manifestDir, names);
        Map<String, ManifestFileMeta> listed = new LinkedHashMap<>();
        int files = 0;
        try (var stream = Files.list(tableDir.resolve("manifest"))) {
            for (Path p : stream.sorted().toList()) {
                String name = p.getFileName().toString();
                Path rewritten;
                if (name.startsWith("manifest-list-")) {
                    List<ManifestFileMeta> metas = paimonLists.read(name);
                    metas.forEach(m -> listed.put(m.fileName(), m));
                    rewritten = out.resolve(new ManifestList(io, outDir, names).write(metas).fileName());
                } else if (name.startsWith("index-manifest-")) {
                    List<IndexManifestEntry> index = new IndexManifestFile(io, manifestDir, names).read(name);
                    rewritten = out.resolve(new IndexManifestFile(io, outDir, names).write(index));
                    rewriteDeletionVectorsByteForByte(tableDir, out, index);
                } else {
                    rewritten = out.resolve(strataManifests.write(paimonManifests.read(name)).get(0).fileName());
                }
                AvroContainer paimon = new AvroContainer(Files.readAllBytes(p));
                AvroContainer strata = new AvroContainer(Files.readAllBytes(rewritten));
                assertThat(strata.datumBytes).as(name).isEqualTo(paimon.datumBytes);
                assertThat(strata.withoutSyncMarkers()).as(name).isEqualTo(paimon.withoutSyncMarkers());
                files++;
            }
        }
        assertThat(files).isGreaterThan(5);
        // What Strata computes for a manifest while writing it is what Paimon put in its lists.
        for (ManifestFileMeta paimon : listed.values()) {
            ManifestFileMeta ours = strataManifests.write(paimonManifests.read(paimon.fileName())).get(0);
            assertThat(new ManifestFileMeta(paimon.fileName(), ours.fileSize(), ours.numAddedFiles(), ours.numDeletedFiles(),
                    ours.partitionStats(), ours.schemaId(), ours.minBucket(), ours.maxBucket(), ours.minLevel(), ours.maxLevel(),
                    ours.minRowId(), ours.maxRowId())).isEqualTo(paimon);
        }
    }

    /** Each deletion vector file Paimon wrote reads, and writes again to the same bytes and ranges. */
    private void rewriteDeletionVectorsByteForByte(Path tableDir, Path out, List<IndexManifestEntry> index) throws Exception {
        DeletionVectorIndexFile paimon = new DeletionVectorIndexFile(io, new org.apache.hadoop.fs.Path(tableDir.resolve("index").toUri()));
        DeletionVectorIndexFile strata = new DeletionVectorIndexFile(io, new org.apache.hadoop.fs.Path(out.toUri()));
        int vectors = 0;
        for (IndexManifestEntry entry : index) {
            if (entry.kind() == FileKind.DELETE || !entry.indexFile().indexType().equals(IndexFileMeta.DELETION_VECTORS)) {
                continue;
            }
            Map<String, DeletionVector> read = paimon.read(entry.indexFile());
            IndexFileMeta written = strata.write(read);
            assertThat(Files.readAllBytes(out.resolve(written.fileName())))
                    .isEqualTo(Files.readAllBytes(tableDir.resolve("index").resolve(entry.indexFile().fileName())));
            assertThat(written.dvRanges()).isEqualTo(entry.indexFile().dvRanges());
            for (DeletionVector dv : read.values()) {
                assertThat(dv.cardinality()).isPositive();
            }
            vectors += read.size();
        }
        assertThat(vectors).isPositive();
    }

    /**
     * Strata merges the latest snapshot's manifests into new ones (with its own writer, list writer and
     * index manifest writer), a hand-made snapshot points at them, and Paimon reads the same rows.
     */
    private void paimonReadsAStrataRewrittenSnapshot(FileStoreTable table, Path tableDir, org.apache.hadoop.fs.Path manifestDir)
            throws Exception {
        Snapshot latest = table.snapshotManager().latestSnapshot();
        List<String> rowsBefore = rows(table);
        MetadataFileNames names = new MetadataFileNames();
        ManifestFile manifests = new ManifestFile(io, manifestDir, ManifestDump.partitionType(), 8 << 20, names);
        ManifestList lists = new ManifestList(io, manifestDir, names);
        List<ManifestFileMeta> all = new ArrayList<>(lists.read(latest.baseManifestList()));
        all.addAll(lists.read(latest.deltaManifestList()));
        List<ManifestFileMeta> merged = ManifestMerger.merge(all, manifests, 8 << 20, 1, 1);
        assertThat(merged).hasSize(1);
        assertThat(merged.get(0).numDeletedFiles()).isZero();
        ManifestList.Written base = lists.write(merged);
        ManifestList.Written delta = lists.write(List.of());

        // Paimon's readers decode what Strata wrote exactly as what Paimon wrote.
        var paimonManifests = table.store().manifestFileFactory().create();
        var paimonLists = table.store().manifestListFactory().create();
        assertThat(paimonLists.read(base.fileName()).get(0).fileName()).isEqualTo(merged.get(0).fileName());
        assertThat(paimonLists.read(base.fileName()).get(0).fileSize()).isEqualTo(merged.get(0).fileSize());
        assertThat(paimonLists.read(base.fileName()).get(0).numAddedFiles()).isEqualTo(merged.get(0).numAddedFiles());
        assertThat(paimonLists.read(delta.fileName())).isEmpty();
        Map<Object, org.apache.paimon.manifest.ManifestEntry> live = new LinkedHashMap<>();
        for (var m : paimonLists.readDataManifests(latest)) {
            for (var e : paimonManifests.read(m.fileName(), m.fileSize())) {
                if (e.kind() == org.apache.paimon.manifest.FileKind.ADD) {
                    live.put(e.identifier(), e);
                } else {
                    live.remove(e.identifier());
                }
            }
        }
        Set<Object> paimonLive = new HashSet<>();
        live.values().forEach(e -> paimonLive.add(key(e)));
        Set<Object> strataLive = new HashSet<>();
        for (var e : paimonManifests.read(merged.get(0).fileName(), merged.get(0).fileSize())) {
            assertThat(e.kind()).isEqualTo(org.apache.paimon.manifest.FileKind.ADD);
            strataLive.add(key(e));
        }
        assertThat(strataLive).isEqualTo(paimonLive).isNotEmpty();

        ObjectNode snapshot = (ObjectNode) new ObjectMapper().readTree(latest.toJson());
        long id = latest.id() + 1;
        snapshot.put("id", id);
        snapshot.put("baseManifestList", base.fileName());
        snapshot.put("baseManifestListSize", base.fileSize());
        snapshot.put("deltaManifestList", delta.fileName());
        snapshot.put("deltaManifestListSize", delta.fileSize());
        snapshot.remove(List.of("changelogManifestList", "changelogManifestListSize", "changelogRecordCount"));
        snapshot.put("commitKind", "COMPACT");
        snapshot.put("deltaRecordCount", 0);
        if (latest.indexManifest() != null) {
            IndexManifestFile indexManifests = new IndexManifestFile(io, manifestDir, names);
            List<IndexManifestEntry> index = indexManifests.read(latest.indexManifest());
            String rewritten = indexManifests.write(index);
            var paimonIndex = table.store().indexManifestFileFactory().create().read(rewritten);
            assertThat(paimonIndex).isEqualTo(table.store().indexManifestFileFactory().create().read(latest.indexManifest()));
            snapshot.put("indexManifest", rewritten);
        }
        Path snapshotDir = tableDir.resolve("snapshot");
        Files.writeString(snapshotDir.resolve("snapshot-" + id), snapshot.toPrettyString(), StandardCharsets.UTF_8);
        Files.writeString(snapshotDir.resolve("LATEST"), Long.toString(id), StandardCharsets.UTF_8);

        FileStoreTable reloaded = (FileStoreTable) oracle.table("db", tableDir.getFileName().toString());
        assertThat(reloaded.snapshotManager().latestSnapshot().id()).isEqualTo(id);
        assertThat(rows(reloaded)).isEqualTo(rowsBefore).isNotEmpty();
    }

    private static List<Object> key(org.apache.paimon.manifest.ManifestEntry e) {
        return List.of(e.partition(), e.bucket(), e.totalBuckets(), e.file());
    }

    /** Creates a table (dt STRING partition, id INT, name, price, big, ts, ts6) and writes three commits and compactions. */
    private FileStoreTable createAndFill(String name, boolean primaryKey, Map<String, String> options) throws Exception {
        // The columns of the fixture tables, so that the manifests hold the same partition and stats types.
        oracle.createTable("db", name, ManifestDump.valueType("pk_orc"), List.of("dt"),
                primaryKey ? List.of("dt", "id") : List.of(), options);
        FileStoreTable table = (FileStoreTable) oracle.table("db", name);
        List<GenericRow> first = new ArrayList<>();
        for (int i = 1; i <= 12; i++) {
            first.add(row(RowKind.INSERT, i % 3 == 0 ? "2024-01-02" : "2024-01-01", i, i % 4 == 0 ? null : "name-" + i));
        }
        commit(table, first, false);
        if (primaryKey) {
            commit(table, List.of(), true);
            commit(table, List.of(row(RowKind.INSERT, "2024-01-01", 2, "updated-with-a-rather-long-name"),
                    row(RowKind.DELETE, "2024-01-01", 4, null), row(RowKind.INSERT, "2024-01-02", 30, "new")), false);
            compactAll(table, false);
        } else {
            commit(table, List.of(row(RowKind.INSERT, "2024-01-03", 99, "n99")), false);
        }
        return (FileStoreTable) oracle.table("db", name);
    }

    private static GenericRow row(RowKind kind, String dt, int id, String name) {
        return GenericRow.ofKind(kind, BinaryString.fromString(dt), id, name == null ? null : BinaryString.fromString(name),
                Decimal.fromBigDecimal(new BigDecimal(id + ".25"), 10, 2),
                Decimal.fromBigDecimal(new BigDecimal("12345678901234567890.1234"), 38, 4),
                Timestamp.fromLocalDateTime(LocalDateTime.of(2024, 1, 1, 0, 0, id % 60)),
                Timestamp.fromLocalDateTime(LocalDateTime.of(2024, 1, 1, 0, 0, id % 60, 456_000)));
    }

    private void commit(FileStoreTable table, List<GenericRow> rows, boolean fullCompaction) throws Exception {
        BatchWriteBuilder builder = table.newBatchWriteBuilder();
        try (BatchTableWrite write = builder.newWrite(); BatchTableCommit commit = builder.newCommit()) {
            write.withIOManager(ioManager());
            for (GenericRow r : rows) {
                write.write(r);
            }
            if (fullCompaction) {
                for (String dt : List.of("2024-01-01", "2024-01-02")) {
                    for (int bucket = 0; bucket < 2; bucket++) {
                        write.compact(partition(dt), bucket, true);
                    }
                }
            }
            commit.commit(write.prepareCommit());
        }
    }

    private void compactAll(FileStoreTable table, boolean full) throws Exception {
        BatchWriteBuilder builder = table.newBatchWriteBuilder();
        try (BatchTableWrite write = builder.newWrite(); BatchTableCommit commit = builder.newCommit()) {
            write.withIOManager(ioManager());
            for (String dt : List.of("2024-01-01", "2024-01-02")) {
                for (int bucket = 0; bucket < 2; bucket++) {
                    write.compact(partition(dt), bucket, full);
                }
            }
            commit.commit(write.prepareCommit());
        }
    }

    /** Lookup compaction (deletion vectors) spills to local disk. */
    private org.apache.paimon.disk.IOManager ioManager() throws Exception {
        return org.apache.paimon.disk.IOManager.create(Files.createDirectories(warehouse.resolve("io")).toString());
    }

    private static BinaryRow partition(String dt) {
        BinaryRow row = new BinaryRow(1);
        BinaryRowWriter writer = new BinaryRowWriter(row);
        writer.writeString(0, BinaryString.fromString(dt));
        writer.complete();
        return row;
    }

    private static List<String> rows(FileStoreTable table) throws Exception {
        ReadBuilder read = table.newReadBuilder();
        List<String> out = new ArrayList<>();
        try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan().splits())) {
            reader.forEachRemaining(r -> out.add(r.getString(0) + "|" + r.getInt(1) + "|" + (r.isNullAt(2) ? null : r.getString(2))
                    + "|" + r.getDecimal(3, 10, 2) + "|" + r.getDecimal(4, 38, 4) + "|" + r.getTimestamp(5, 3) + "|" + r.getTimestamp(6, 6)));
        }
        Collections.sort(out);
        return out;
    }
}
