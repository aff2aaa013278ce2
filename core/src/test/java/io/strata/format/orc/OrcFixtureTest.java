package io.strata.format.orc;

import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.INT;
import static io.strata.types.DataTypes.STRING;
import static io.strata.types.DataTypes.TIMESTAMP;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.Fixtures;
import io.strata.fs.FileIO;
import io.strata.oracle.PaimonFormats;
import io.strata.types.RowType;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Reads the ORC data files that Apache Paimon 1.4.2 wrote ({@code fixtures/paimon-1.4.2}) and checks every
 * value against {@code dump-orc-all.txt}, the ORC tools' dump of the same files.
 */
class OrcFixtureTest {

    /** The schema of a pk_orc data file: key, system columns, then all table columns. */
    private static final RowType PK_FILE_TYPE = Fixtures.PK_DATA_FILE_TYPE;

    private static final RowType APPEND_FILE_TYPE =
            RowType.of(FIELD(0, "dt", STRING()), FIELD(1, "id", INT()), FIELD(2, "name", STRING()));

    static Path fixtures() {
        return Fixtures.paimon142("");
    }

    /** The dump: file path (relative to the fixtures) to its rows as JSON objects. */
    private static Map<String, List<JsonNode>> dump() throws IOException {
        Map<String, List<JsonNode>> files = new LinkedHashMap<>();
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> current = null;
        for (String line : Files.readAllLines(fixtures().resolve("dump-orc-all.txt"))) {
            if (line.startsWith("### ")) {
                current = new ArrayList<>();
                files.put(line.substring(4).trim(), current);
            } else if (current != null && line.startsWith("{")) {
                current.add(json.readTree(line));
            } else if (line.startsWith("____")) {
                current = null;
            }
        }
        return files;
    }

    @Test
    void readsEveryPaimonWrittenOrcFileAsTheDumpShows() throws IOException {
        Map<String, List<JsonNode>> dump = dump();
        assertThat(dump).hasSizeGreaterThanOrEqualTo(6);
        int checkedRows = 0;
        for (Map.Entry<String, List<JsonNode>> file : dump.entrySet()) {
            RowType type = file.getKey().startsWith("append_orc") ? APPEND_FILE_TYPE : PK_FILE_TYPE;
            org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(fixtures().resolve(file.getKey()).toUri());
            List<List<Object>> rows = PlainValues.readAll(
                    new OrcFormatFactory().createReader(FileIO.local(), path, type, 3), type);
            assertThat(rows).as(file.getKey()).hasSameSizeAs(file.getValue());
            for (int r = 0; r < rows.size(); r++) {
                assertRow(file.getKey() + " row " + r, rows.get(r), file.getValue().get(r), type);
                checkedRows++;
            }
        }
        assertThat(checkedRows).isGreaterThanOrEqualTo(15);
    }

    private static void assertRow(String what, List<Object> row, JsonNode expected, RowType type) {
        for (int i = 0; i < type.fieldCount(); i++) {
            JsonNode e = expected.get(type.field(i).name());
            Object actual = row.get(i);
            String as = what + " column " + type.field(i).name();
            if (e == null || e.isNull()) {
                assertThat(actual).as(as).isNull();
            } else if (actual instanceof BigDecimal d) {
                assertThat(d).as(as).isEqualByComparingTo(new BigDecimal(e.asText()));
            } else if (type.typeAt(i).root() == io.strata.types.TypeRoot.TIMESTAMP) {
                // The dump prints java.sql.Timestamp text: the wall time.
                LocalDateTime wall = java.sql.Timestamp.valueOf(e.asText()).toLocalDateTime();
                assertThat(actual).as(as).isEqualTo(io.strata.data.Timestamp.fromLocalDateTime(wall).toString());
            } else if (actual instanceof String s) {
                assertThat(s).as(as).isEqualTo(e.asText());
            } else {
                assertThat(((Number) actual).longValue()).as(as).isEqualTo(e.asLong());
            }
        }
    }

    @Test
    void everyFixtureOrcFileReadsAsPaimonReadsIt() throws IOException {
        List<Path> files;
        try (var walk = Files.walk(fixtures())) {
            files = walk.filter(p -> p.getFileName().toString().endsWith(".orc")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(16);
        for (Path file : files) {
            RowType type = file.toString().contains("append_orc") ? APPEND_FILE_TYPE : PK_FILE_TYPE;
            List<List<Object>> strata = PlainValues.readAll(new OrcFormatFactory().createReader(
                    FileIO.local(), new org.apache.hadoop.fs.Path(file.toUri()), type, 2), type);
            assertThat(strata).as(file.toString()).isNotEmpty().isEqualTo(PlainValues.of(PaimonFormats.read("orc", file, type), type));
        }
    }

    @Test
    void projectionOfAFixtureFileByIdSkipsKeyAndSystemColumns() throws IOException {
        Path file;
        try (var walk = Files.walk(fixtures().resolve("pk_orc"))) {
            file = walk.filter(p -> p.getFileName().toString().matches("data-.*-3\\.orc")
                            && p.toString().contains("dt=2024-01-01"))
                    .findFirst()
                    .orElseThrow();
        }
        // The table's value columns by id, in another order, plus a column added later (id 7).
        RowType readType = RowType.of(FIELD(6, "ts6", TIMESTAMP(6)), FIELD(1, "id", INT()), FIELD(7, "added", STRING()),
                FIELD(2, "name", STRING()));
        List<List<Object>> rows = PlainValues.readAll(new OrcFormatFactory().createReader(
                FileIO.local(), new org.apache.hadoop.fs.Path(file.toUri()), readType, 1024), readType);
        assertThat(rows).containsExactly(
                java.util.Arrays.asList("2024-01-01T00:00:02.000456", 2, null, "name-2"),
                java.util.Arrays.asList("2024-01-01T00:00:04.000456", 4, null, null));
    }
}
