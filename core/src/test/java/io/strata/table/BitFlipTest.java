package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 15, defect 2: four bytes flipped at many offsets of a data file. Each read must either fail naming
 * the file or return exactly the rows written (a flip in bytes the read does not use); never other rows
 * presented as correct.
 */
class BitFlipTest {

    private static final int OFFSETS = 60;

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"parquet", "orc"})
    void aFlippedDataFileFailsTheReadOrReadsAsWritten(String format) throws Exception {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
        catalog.createDatabase("db", true);
        Table table = catalog.createTable(Identifier.of("db", "t"), Schema.newBuilder()
                .column("k", DataTypes.INT()).column("v", DataTypes.STRING()).column("n", DataTypes.BIGINT())
                .primaryKey("k").option("bucket", "1").option("file.format", format).build(), false);
        try (BatchWrite w = table.newBatchWrite()) {
            for (int i = 0; i < 600; i++) {
                w.write(GenericRow.of(i, Utf8String.fromString("value-" + i), (long) i * 1_000_003L));
            }
            w.commit();
        }
        List<String> written = TestRows.readAll(table);
        Path data;
        try (Stream<Path> files = Files.walk(dir)) {
            data = files.filter(p -> p.getFileName().toString().startsWith("data-")).findFirst().orElseThrow();
        }
        byte[] original = Files.readAllBytes(data);
        int failed = 0;
        int same = 0;
        List<String> wrong = new ArrayList<>();
        for (int i = 0; i < OFFSETS; i++) {
            int offset = (int) ((long) i * (original.length - 4) / (OFFSETS - 1));
            byte[] flipped = original.clone();
            for (int b = offset; b < offset + 4; b++) {
                flipped[b] = (byte) ~flipped[b];
            }
            Files.write(data, flipped);
            try {
                List<String> rows = TestRows.readAll(table);
                if (rows.equals(written)) {
                    same++;
                } else {
                    List<String> diff = new ArrayList<>(rows);
                    diff.removeAll(written);
                    wrong.add("offset " + offset + ": " + rows.size() + " rows, e.g. " + diff.subList(0, Math.min(2, diff.size())));
                }
            } catch (Exception | AssertionError e) {
                failed++;
                assertThat(e).as("the error of the flip at offset %d", offset)
                        .hasStackTraceContaining(data.getFileName().toString());
            }
        }
        Files.write(data, original);
        System.out.printf("[BitFlipTest] %s file of %d bytes, 4 bytes flipped at %d offsets: %d failed naming the"
                + " file, %d read as written, %d wrong (%s)%n", format, original.length, OFFSETS, failed, same,
                wrong.size(), wrong);
        assertThat(wrong).as("reads that returned other rows than were written").isEmpty();
        assertThat(failed).isPositive();
    }
}
