package io.strata.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.Fixtures;
import io.strata.fs.FileIO;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Byte identity with Paimon: every fixture manifest, manifest list, index manifest and deletion
 * vector file that Strata reads and writes again decodes to the same datum bytes, and (same zstd,
 * same level) even to the same file apart from the random sync markers.
 */
class ManifestRewriteIdentityTest {

    @TempDir
    Path tmp;

    private final FileIO io = FileIO.local();

    @Test
    void rewrittenMetadataFilesHaveTheSameDatumBytes() throws Exception {
        int compared = 0;
        for (String table : ManifestDump.TABLES) {
            Path out = Files.createDirectories(tmp.resolve(table));
            org.apache.hadoop.fs.Path outDir = new org.apache.hadoop.fs.Path(out.toUri());
            MetadataFileNames names = new MetadataFileNames();
            ManifestFile source = new ManifestFile(io, ManifestDump.manifestDir(table), ManifestDump.partitionType(), 8 << 20, names);
            ManifestFile target = new ManifestFile(io, outDir, ManifestDump.partitionType(), 8 << 20, names);
            ManifestList sourceLists = new ManifestList(io, ManifestDump.manifestDir(table), names);
            ManifestList targetLists = new ManifestList(io, outDir, names);
            IndexManifestFile sourceIndex = new IndexManifestFile(io, ManifestDump.manifestDir(table), names);
            IndexManifestFile targetIndex = new IndexManifestFile(io, outDir, names);
            try (var files = Files.list(Fixtures.paimon142(table).resolve("manifest"))) {
                for (Path p : files.toList()) {
                    String name = p.getFileName().toString();
                    Path rewritten;
                    if (name.startsWith("manifest-list-")) {
                        ManifestList.Written w = targetLists.write(sourceLists.read(name));
                        rewritten = out.resolve(w.fileName());
                        assertThat(w.fileSize()).isEqualTo(Files.size(rewritten));
                    } else if (name.startsWith("index-manifest-")) {
                        rewritten = out.resolve(targetIndex.write(sourceIndex.read(name)));
                    } else {
                        List<ManifestEntry> entries = source.read(name);
                        List<ManifestFileMeta> written = target.write(entries);
                        assertThat(written).hasSize(1);
                        rewritten = out.resolve(written.get(0).fileName());
                        assertThat(target.read(written.get(0).fileName())).isEqualTo(entries);
                        assertSameSummaryAsPaimon(table, name, written.get(0));
                    }
                    assertSameContent(p, rewritten);
                    compared++;
                }
            }
        }
        assertThat(compared).isEqualTo((10 + 5) + (12 + 4 + 1) + (2 + 1));
    }

    /** The ManifestFileMeta Strata computes while writing equals the one Paimon put in its lists. */
    private void assertSameSummaryAsPaimon(String table, String manifest, ManifestFileMeta ours) throws Exception {
        ManifestList lists = new ManifestList(io, ManifestDump.manifestDir(table), new MetadataFileNames());
        for (String list : ManifestDump.dump().get(table).manifestLists.keySet()) {
            for (ManifestFileMeta paimon : lists.read(list)) {
                if (paimon.fileName().equals(manifest)) {
                    assertThat(new ManifestFileMeta(manifest, paimon.fileSize(), ours.numAddedFiles(), ours.numDeletedFiles(),
                            ours.partitionStats(), ours.schemaId(), ours.minBucket(), ours.maxBucket(), ours.minLevel(),
                            ours.maxLevel(), ours.minRowId(), ours.maxRowId())).isEqualTo(paimon);
                    assertThat(ours.fileSize()).isEqualTo(paimon.fileSize());
                    return;
                }
            }
        }
        // Not every manifest is in a list that survived (none here), but each one in the fixture is.
        throw new AssertionError("Manifest " + manifest + " of " + table + " is in no manifest list");
    }

    private static void assertSameContent(Path paimonFile, Path strataFile) throws Exception {
        AvroContainer paimon = new AvroContainer(Files.readAllBytes(paimonFile));
        AvroContainer strata = new AvroContainer(Files.readAllBytes(strataFile));
        assertThat(strata.metadataString("avro.schema")).isEqualTo(paimon.metadataString("avro.schema"));
        assertThat(strata.metadataString("avro.codec")).isEqualTo(paimon.metadataString("avro.codec"));
        assertThat(strata.recordCount).isEqualTo(paimon.recordCount);
        assertThat(strata.datumBytes).as(paimonFile.toString()).isEqualTo(paimon.datumBytes);
        assertThat(strata.withoutSyncMarkers()).as(paimonFile.toString()).isEqualTo(paimon.withoutSyncMarkers());
    }

    @Test
    void rewrittenDeletionVectorFilesAreByteIdentical() throws Exception {
        IndexManifestFile index = new IndexManifestFile(io, ManifestDump.manifestDir("pk_parquet_dv"), new MetadataFileNames());
        DeletionVectorIndexFile source = new DeletionVectorIndexFile(io,
                new org.apache.hadoop.fs.Path(Fixtures.paimon142("pk_parquet_dv").resolve("index").toUri()));
        DeletionVectorIndexFile target = new DeletionVectorIndexFile(io, new org.apache.hadoop.fs.Path(tmp.toUri()));
        String indexManifest = ManifestDump.dump().get("pk_parquet_dv").indexManifests.keySet().iterator().next();
        for (IndexManifestEntry entry : index.read(indexManifest)) {
            Map<String, DeletionVector> vectors = source.read(entry.indexFile());
            IndexFileMeta written = target.write(vectors);
            assertThat(Files.readAllBytes(tmp.resolve(written.fileName())))
                    .isEqualTo(Files.readAllBytes(Fixtures.paimon142("pk_parquet_dv").resolve("index").resolve(entry.indexFile().fileName())));
            assertThat(new IndexFileMeta(written.indexType(), entry.indexFile().fileName(), written.fileSize(), written.rowCount(),
                    written.dvRanges(), written.externalPath())).isEqualTo(entry.indexFile());
            assertThat(target.read(written)).isEqualTo(vectors);
        }
    }
}
