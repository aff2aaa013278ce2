package io.strata.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.Fixtures;
import io.strata.fs.FileIO;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Missing, truncated and corrupt metadata files fail with an error that names the file. */
class ManifestCorruptionTest {

    private static final String MANIFEST = "manifest-c7b61dcd-f0d6-45ec-9be3-00fcc4655fa9-4";
    private static final String LIST = "manifest-list-504a7a4a-ea55-44ce-a83e-fa24f45afb39-9";

    @TempDir
    Path tmp;

    private final FileIO io = FileIO.local();

    private ManifestFile manifests() {
        return new ManifestFile(io, new org.apache.hadoop.fs.Path(tmp.toUri()), ManifestDump.partitionType(), 8 << 20,
                new MetadataFileNames());
    }

    private byte[] fixture(String name) throws IOException {
        return Files.readAllBytes(Fixtures.paimon142("pk_orc").resolve("manifest").resolve(name));
    }

    @Test
    void missingFilesFailNamingThePath() {
        assertThatThrownBy(() -> manifests().read("manifest-nope-0"))
                .isInstanceOf(FileNotFoundException.class)
                .hasMessageContaining(tmp.resolve("manifest-nope-0").toString());
        assertThatThrownBy(() -> new ManifestList(io, new org.apache.hadoop.fs.Path(tmp.toUri()), new MetadataFileNames())
                .read("manifest-list-nope-0"))
                .isInstanceOf(FileNotFoundException.class)
                .hasMessageContaining(tmp.resolve("manifest-list-nope-0").toString());
    }

    @Test
    void truncatedManifestsFailNamingThePath() throws Exception {
        byte[] full = fixture(MANIFEST);
        for (int length : new int[] {0, 3, 10, 200, full.length / 2, full.length - 20, full.length - 1}) {
            String name = "truncated-" + length;
            Files.write(tmp.resolve(name), Arrays.copyOf(full, length));
            assertThatThrownBy(() -> manifests().read(name))
                    .as("truncated to %d bytes", length)
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining(tmp.resolve(name).toString());
        }
    }

    @Test
    void corruptManifestsFailNamingThePath() throws Exception {
        byte[] full = fixture(MANIFEST);
        // A garbled sync marker at the end, a garbled block length, and garbage instead of Avro.
        byte[] badSync = full.clone();
        badSync[full.length - 3] ^= 0x55;
        byte[] garbage = new byte[300];
        Arrays.fill(garbage, (byte) 0x7b);
        Map<String, byte[]> cases = new LinkedHashMap<>();
        cases.put("bad-sync", badSync);
        cases.put("garbage", garbage);
        for (Map.Entry<String, byte[]> c : cases.entrySet()) {
            Files.write(tmp.resolve(c.getKey()), c.getValue());
            assertThatThrownBy(() -> manifests().read(c.getKey()))
                    .as(c.getKey())
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining(tmp.resolve(c.getKey()).toString());
        }
        // Every single flipped byte in the data either fails naming the file or decodes to something:
        // it never escapes as an unchecked exception.
        int failures = 0;
        for (int i = full.length - 700; i < full.length; i += 7) {
            byte[] flipped = full.clone();
            flipped[i] ^= (byte) 0xA5;
            String name = "flipped-" + i;
            Files.write(tmp.resolve(name), flipped);
            try {
                manifests().read(name);
            } catch (IOException e) {
                assertThat(e).hasMessageContaining(tmp.resolve(name).toString());
                failures++;
            }
        }
        assertThat(failures).isPositive();
    }

    @Test
    void manifestsWithOtherCodecsReadToo() throws Exception {
        java.util.List<ManifestEntry> entries = java.util.List.of(
                TestEntries.add("2024-01-01", 0, TestEntries.file("data-a.orc", 0, 5, 1, 9)),
                TestEntries.delete("2024-01-02", 1, TestEntries.file("data-b.orc", 3, 7, 2, 4)));
        for (org.apache.avro.file.CodecFactory codec : java.util.List.of(org.apache.avro.file.CodecFactory.nullCodec(),
                org.apache.avro.file.CodecFactory.deflateCodec(6), org.apache.avro.file.CodecFactory.zstandardCodec(3))) {
            String name = "manifest-" + codec;
            try (var writer = new org.apache.avro.file.DataFileWriter<org.apache.avro.generic.GenericRecord>(
                    new org.apache.avro.generic.GenericDatumWriter<>(ManifestSchemas.MANIFEST_ENTRY))) {
                writer.setCodec(codec);
                writer.create(ManifestSchemas.MANIFEST_ENTRY, tmp.resolve(name).toFile());
                for (ManifestEntry e : entries) {
                    writer.append(ManifestRecords.toRecord(e));
                }
            }
            assertThat(manifests().read(name)).as(name).isEqualTo(entries);
        }
    }

    @Test
    void aManifestListReadAsAManifestFailsNamingTheMissingField() throws Exception {
        Files.write(tmp.resolve(LIST), fixture(LIST));
        assertThatThrownBy(() -> manifests().read(LIST))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(tmp.resolve(LIST).toString())
                .hasMessageContaining("_FILE");
    }

    @Test
    void writingOverAnExistingManifestFailsAndKeepsIt() throws Exception {
        Path manifestDir = tmp.resolve("m");
        Files.createDirectories(manifestDir);
        MetadataFileNames names = new MetadataFileNames();
        ManifestFile file = new ManifestFile(io, new org.apache.hadoop.fs.Path(manifestDir.toUri()), TestEntries.PARTITION,
                8 << 20, names);
        String first = file.write(java.util.List.of(TestEntries.add("2024-01-01", 0, TestEntries.file("a", 0, 1, 1, 1))))
                .get(0).fileName();
        String second = first.substring(0, first.length() - 1) + "1";
        // A second writer with the same names (never happens with random UUIDs) must not clobber the file.
        Files.move(manifestDir.resolve(first), manifestDir.resolve(first + ".kept"));
        Files.write(manifestDir.resolve(second), new byte[] {1, 2, 3});
        assertThatThrownBy(() -> file.write(java.util.List.of(TestEntries.add("2024-01-01", 0, TestEntries.file("b", 0, 1, 1, 1)))))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("already exists");
        assertThat(Files.readAllBytes(manifestDir.resolve(second))).containsExactly(1, 2, 3);
    }

    @Test
    void corruptDeletionVectorFilesFailNamingTheFile() throws Exception {
        DeletionVectorIndexFile dvFile = new DeletionVectorIndexFile(io, new org.apache.hadoop.fs.Path(tmp.toUri()));
        Map<String, DeletionVector> vectors = new LinkedHashMap<>();
        vectors.put("data-1.parquet", DeletionVector.of(0, 7, 100_000));
        vectors.put("data-2.parquet", DeletionVector.of(3));
        IndexFileMeta meta = dvFile.write(vectors);
        assertThat(dvFile.read(meta)).isEqualTo(vectors);
        assertThat(meta.rowCount()).isEqualTo(2);
        assertThat(meta.dvRanges().get("data-1.parquet").cardinality()).isEqualTo(3);
        Path path = tmp.resolve(meta.fileName());
        byte[] good = Files.readAllBytes(path);
        DeletionVectorMeta second = meta.dvRanges().get("data-2.parquet");

        Map<String, byte[]> cases = new LinkedHashMap<>();
        byte[] badCrc = good.clone();
        badCrc[good.length - 1] ^= 1;
        cases.put("checksum", badCrc);
        byte[] badMagic = good.clone();
        badMagic[second.offset() + 4] ^= 1;
        cases.put("magic number", badMagic);
        byte[] badVersion = good.clone();
        badVersion[0] = 2;
        cases.put("version", badVersion);
        cases.put("does not fit", Arrays.copyOf(good, good.length - 2));
        byte[] badBitmap = good.clone();
        badBitmap[second.offset() + 9] ^= 0x40;
        cases.put("checksum", badBitmap);
        for (Map.Entry<String, byte[]> c : cases.entrySet()) {
            Files.write(path, c.getValue());
            assertThatThrownBy(() -> dvFile.read(meta))
                    .as(c.getKey())
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining(path.toString())
                    .hasMessageContaining(c.getKey());
        }
        Files.delete(path);
        assertThatThrownBy(() -> dvFile.read(meta)).isInstanceOf(FileNotFoundException.class).hasMessageContaining(path.toString());
    }
}
