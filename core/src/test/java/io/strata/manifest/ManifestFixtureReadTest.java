package io.strata.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.Fixtures;
import io.strata.fs.FileIO;
import java.io.File;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * Reads every manifest list, manifest, index manifest and deletion vector file of the three Paimon
 * 1.4.2 fixture tables and compares each value with what dump-manifests.txt shows.
 */
class ManifestFixtureReadTest {

    static final List<String> TABLES = ManifestDump.TABLES;

    private static Map<String, ManifestDump.TableDump> dump;
    private final FileIO io = FileIO.local();

    @BeforeAll
    static void parseDump() throws Exception {
        dump = ManifestDump.dump();
        assertThat(dump).containsOnlyKeys(TABLES);
    }

    @ParameterizedTest
    @FieldSource("TABLES")
    void everyMetadataFileOfTheTableIsInTheDump(String table) throws Exception {
        ManifestDump.TableDump expected = dump.get(table);
        TreeSet<String> onDisk = new TreeSet<>();
        try (Stream<java.nio.file.Path> files = Files.list(Fixtures.paimon142(table).resolve("manifest"))) {
            files.forEach(p -> onDisk.add(p.getFileName().toString()));
        }
        TreeSet<String> dumped = new TreeSet<>();
        dumped.addAll(expected.manifestLists.keySet());
        dumped.addAll(expected.manifests.keySet());
        dumped.addAll(expected.indexManifests.keySet());
        assertThat(onDisk).isEqualTo(dumped);
    }

    @ParameterizedTest
    @FieldSource("TABLES")
    void manifestListsReadAsDumped(String table) throws Exception {
        ManifestList lists = new ManifestList(io, ManifestDump.manifestDir(table), new MetadataFileNames());
        for (Map.Entry<String, List<String>> e : dump.get(table).manifestLists.entrySet()) {
            List<String> actual = new ArrayList<>();
            for (ManifestFileMeta m : lists.read(e.getKey())) {
                actual.add(DumpFormat.manifestFileMeta(m, ManifestDump.partitionType()));
            }
            assertThat(actual).as(e.getKey()).isEqualTo(e.getValue());
        }
    }

    @ParameterizedTest
    @FieldSource("TABLES")
    void manifestsReadAsDumped(String table) throws Exception {
        ManifestFile manifests = new ManifestFile(io, ManifestDump.manifestDir(table), ManifestDump.partitionType(), 8 << 20,
                new MetadataFileNames());
        assertThat(dump.get(table).manifests).isNotEmpty();
        for (Map.Entry<String, List<String>> e : dump.get(table).manifests.entrySet()) {
            List<String> actual = new ArrayList<>();
            for (ManifestEntry entry : manifests.read(e.getKey())) {
                actual.add(DumpFormat.manifestEntry(entry, ManifestDump.partitionType(), ManifestDump.keyType(table),
                        ManifestDump.valueType(table)));
            }
            assertThat(actual).as(e.getKey()).isEqualTo(e.getValue());
        }
    }

    @ParameterizedTest
    @FieldSource("TABLES")
    void manifestSizesInListsAreTheFileSizes(String table) throws Exception {
        ManifestList lists = new ManifestList(io, ManifestDump.manifestDir(table), new MetadataFileNames());
        for (String list : dump.get(table).manifestLists.keySet()) {
            for (ManifestFileMeta m : lists.read(list)) {
                assertThat(new File(Fixtures.paimon142(table).resolve("manifest").toFile(), m.fileName()).length())
                        .isEqualTo(m.fileSize());
            }
        }
    }

    @ParameterizedTest
    @FieldSource("TABLES")
    void indexManifestsAndDeletionVectorsReadAsDumped(String table) throws Exception {
        ManifestDump.TableDump expected = dump.get(table);
        IndexManifestFile indexManifests = new IndexManifestFile(io, ManifestDump.manifestDir(table), new MetadataFileNames());
        DeletionVectorIndexFile dvFiles =
                new DeletionVectorIndexFile(io, new Path(Fixtures.paimon142(table).resolve("index").toUri()));
        for (Map.Entry<String, List<String>> e : expected.indexManifests.entrySet()) {
            List<IndexManifestEntry> entries = indexManifests.read(e.getKey());
            List<String> actual = new ArrayList<>();
            for (IndexManifestEntry entry : entries) {
                actual.add(DumpFormat.indexManifestEntry(entry, ManifestDump.partitionType()));
                IndexFileMeta f = entry.indexFile();
                byte[] fileBytes = Files.readAllBytes(Fixtures.paimon142(table).resolve("index").resolve(f.fileName()));
                assertThat(HexFormat.of().formatHex(fileBytes)).isEqualTo(expected.indexFileHex.get(f.fileName()));

                Map<String, DeletionVector> vectors = dvFiles.read(f);
                assertThat(vectors).containsOnlyKeys(f.dvRanges().keySet());
                for (DeletionVector dv : vectors.values()) {
                    // The fixture's compaction deleted the first row of each level-5 file.
                    assertThat(dv.cardinality()).isEqualTo(1);
                    assertThat(dv.isDeleted(0)).isTrue();
                    assertThat(dv.isDeleted(1)).isFalse();
                }
            }
            assertThat(actual).as(e.getKey()).isEqualTo(e.getValue());
        }
        if (table.equals("pk_parquet_dv")) {
            assertThat(expected.indexManifests).hasSize(1);
        }
    }
}
