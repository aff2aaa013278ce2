package io.strata.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SnapshotTest {

    static List<Path> fixtureSnapshots() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String table : List.of("pk_orc", "pk_parquet_dv", "append_orc")) {
            try (Stream<Path> list = Files.list(Fixtures.paimon142(table).resolve("snapshot"))) {
                list.filter(p -> p.getFileName().toString().startsWith("snapshot-")).sorted().forEach(files::add);
            }
        }
        return files;
    }

    @ParameterizedTest
    @MethodSource("fixtureSnapshots")
    void fixtureSnapshotsRoundTripToIdenticalText(Path file) {
        String text = Fixtures.read(file);
        Snapshot snapshot = Snapshot.fromJson(text, file.toString());
        assertThat(snapshot.toJson()).isEqualTo(text);
        assertThat(snapshot.toBuilder().build().toJson()).isEqualTo(text);
    }

    @Test
    void fixtureSnapshotFieldsAreRead() {
        Path file = Fixtures.paimon142("pk_orc").resolve("snapshot/snapshot-1");
        Snapshot s = Snapshot.fromJson(Fixtures.read(file), file.toString());
        assertThat(s.version()).isEqualTo(3);
        assertThat(s.id()).isEqualTo(1);
        assertThat(s.schemaId()).isZero();
        assertThat(s.baseManifestList()).isEqualTo("manifest-list-504a7a4a-ea55-44ce-a83e-fa24f45afb39-0");
        assertThat(s.baseManifestListSize()).isEqualTo(1006L);
        assertThat(s.deltaManifestListSize()).isEqualTo(1132L);
        assertThat(s.changelogManifestList()).isEqualTo("manifest-list-504a7a4a-ea55-44ce-a83e-fa24f45afb39-2");
        assertThat(s.changelogManifestListSize()).isEqualTo(1134L);
        assertThat(s.indexManifest()).isNull();
        assertThat(s.commitUser()).isEqualTo("probe-user");
        assertThat(s.commitIdentifier()).isEqualTo(1);
        assertThat(s.commitKind()).isEqualTo(CommitKind.APPEND);
        assertThat(s.timeMillis()).isEqualTo(1796204520151L);
        assertThat(s.totalRecordCount()).isEqualTo(8L);
        assertThat(s.deltaRecordCount()).isEqualTo(8L);
        assertThat(s.changelogRecordCount()).isEqualTo(8L);
        assertThat(s.watermark()).isNull();
        assertThat(s.properties()).isNull();
        assertThat(s.nextRowId()).isZero();

        Path dv = Fixtures.paimon142("pk_parquet_dv").resolve("snapshot/snapshot-6");
        Snapshot compact = Snapshot.fromJson(Fixtures.read(dv), dv.toString());
        assertThat(compact.commitKind()).isEqualTo(CommitKind.COMPACT);
        assertThat(compact.indexManifest()).isEqualTo("index-manifest-8084c054-5227-4da4-aad7-c97a4b8fa7c6-0");
        assertThat(compact.deltaRecordCount()).isEqualTo(-1L);
    }

    private static Snapshot full() {
        return Snapshot.builder()
                .id(12).schemaId(3)
                .baseManifestList("manifest-list-a-0").baseManifestListSize(100L)
                .deltaManifestList("manifest-list-a-1").deltaManifestListSize(200L)
                .changelogManifestList("manifest-list-a-2").changelogManifestListSize(300L)
                .indexManifest("index-manifest-b-0")
                .commitUser("user \"quoted\"").commitIdentifier(Long.MAX_VALUE).commitKind(CommitKind.OVERWRITE)
                .timeMillis(1700000000123L).totalRecordCount(10L).deltaRecordCount(-2L).changelogRecordCount(4L)
                .watermark(Long.MIN_VALUE).statistics("stats-c-0")
                .properties(Map.of("k", "v")).nextRowId(77L)
                .build();
    }

    @Test
    void everyFieldIsWrittenAsPaimonWritesIt() {
        Snapshot s = full();
        String json = s.toJson();
        // Paimon parses Strata's text and prints the very same text.
        org.apache.paimon.Snapshot paimon = org.apache.paimon.Snapshot.fromJson(json);
        assertThat(paimon.toJson()).isEqualTo(json);
        assertThat(paimon.commitKind().name()).isEqualTo("OVERWRITE");
        assertThat(paimon.watermark()).isEqualTo(Long.MIN_VALUE);
        assertThat(paimon.properties()).containsEntry("k", "v");
        assertThat(Snapshot.fromJson(json, "x")).isEqualTo(s);
        assertThat(Snapshot.fromJson(json, "x").toJson()).isEqualTo(json);
    }

    @Test
    void minimalSnapshotOmitsNulls() {
        Snapshot s = Snapshot.builder().id(1).schemaId(0).baseManifestList("b").deltaManifestList("d")
                .commitUser("u").commitIdentifier(5).commitKind(CommitKind.APPEND).timeMillis(9)
                .totalRecordCount(0L).deltaRecordCount(0L).build();
        assertThat(s.toJson()).isEqualTo("{\n  \"version\" : 3,\n  \"id\" : 1,\n  \"schemaId\" : 0,\n"
                + "  \"baseManifestList\" : \"b\",\n  \"deltaManifestList\" : \"d\",\n  \"commitUser\" : \"u\",\n"
                + "  \"commitIdentifier\" : 5,\n  \"commitKind\" : \"APPEND\",\n  \"timeMillis\" : 9,\n"
                + "  \"totalRecordCount\" : 0,\n  \"deltaRecordCount\" : 0\n}");
        assertThat(org.apache.paimon.Snapshot.fromJson(s.toJson()).toJson()).isEqualTo(s.toJson());
    }

    @Test
    void unknownFieldsAreIgnored() {
        String json = full().toJson().replace("\"version\" : 3,",
                "\"version\" : 3, \"totalFileSize\" : 5, \"future\" : {\"a\" : [1, 2]},");
        assertThat(Snapshot.fromJson(json, "x")).isEqualTo(full());
    }

    @Test
    void truncatedOrCorruptSnapshotsFailNamingTheSource() {
        String json = full().toJson();
        String source = "/tables/t/snapshot/snapshot-12";
        assertThatThrownBy(() -> Snapshot.fromJson(json.substring(0, json.length() - 30), source))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(source);
        assertThatThrownBy(() -> Snapshot.fromJson("", source)).hasMessageContaining(source);
        assertThatThrownBy(() -> Snapshot.fromJson("[1, 2]", source)).hasMessageContaining(source);
        assertThatThrownBy(() -> Snapshot.fromJson(json + "}", source)).hasMessageContaining(source);
        assertThatThrownBy(() -> Snapshot.fromJson(json.replace("OVERWRITE", "MERGE"), source))
                .hasMessageContaining(source).hasMessageContaining("MERGE");
        assertThatThrownBy(() -> Snapshot.fromJson(json.replace("\"schemaId\" : 3,", ""), source))
                .hasMessageContaining(source).hasMessageContaining("schemaId");
        assertThatThrownBy(() -> Snapshot.fromJson(json.replace("\"id\" : 12", "\"id\" : \"x\""), source))
                .hasMessageContaining(source).hasMessageContaining("'id'");
    }
}
