package io.strata.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.Fixtures;
import java.nio.file.Files;
import java.util.List;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

/** The writer schemas Strata writes are, character for character, the ones Paimon 1.4.2 writes. */
class ManifestSchemaTest {

    @Test
    void manifestAndManifestListSchemasEqualAvroSchemasTxt() throws Exception {
        String text = Files.readString(Fixtures.paimon142("avro-schemas.txt"));
        String[] parts = text.split("\n----\n");
        assertThat(parts).hasSize(2);
        assertThat(ManifestSchemas.MANIFEST_ENTRY.toString(true)).isEqualTo(parts[0].strip());
        assertThat(ManifestSchemas.MANIFEST_FILE_META.toString(true)).isEqualTo(parts[1].strip());
    }

    @Test
    void indexManifestSchemaEqualsTheDumpedOne() throws Exception {
        List<String> lines = Files.readAllLines(Fixtures.paimon142("dump-manifests.txt"));
        int start = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("[Avro writer schema of index-manifest file")) {
                start = i + 1;
                break;
            }
        }
        assertThat(start).isPositive();
        StringBuilder json = new StringBuilder();
        for (int i = start; !lines.get(i - 1).equals("}") || i == start; i++) {
            json.append(lines.get(i)).append('\n');
        }
        assertThat(ManifestSchemas.INDEX_MANIFEST_ENTRY.toString(true)).isEqualTo(json.toString().strip());
    }

    @Test
    void schemasInTheFixtureFilesEqualOurs() throws Exception {
        java.nio.file.Path manifestDir = Fixtures.paimon142("pk_parquet_dv").resolve("manifest");
        try (var files = Files.list(manifestDir)) {
            for (java.nio.file.Path p : files.toList()) {
                AvroContainer c = new AvroContainer(Files.readAllBytes(p));
                String name = p.getFileName().toString();
                Schema expected = name.startsWith("manifest-list-")
                        ? ManifestSchemas.MANIFEST_FILE_META
                        : name.startsWith("index-manifest-") ? ManifestSchemas.INDEX_MANIFEST_ENTRY : ManifestSchemas.MANIFEST_ENTRY;
                assertThat(c.metadataString("avro.schema")).as(name).isEqualTo(expected.toString());
                assertThat(c.metadataString("avro.codec")).as(name).isEqualTo("zstandard");
            }
        }
    }
}
