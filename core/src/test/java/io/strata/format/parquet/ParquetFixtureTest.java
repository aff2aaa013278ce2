package io.strata.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.Fixtures;
import io.strata.data.Decimal;
import io.strata.data.GenericRow;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.oracle.PaimonFormats;
import io.strata.types.RowType;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Reads the Parquet data files of the {@code pk_parquet_dv} table written by real Paimon 1.4.2. */
class ParquetFixtureTest {

    private static final Path TABLE = Fixtures.paimon142("pk_parquet_dv");

    /** The data-file type of a primary-key table: key, sequence number, row kind, then all columns. */
    static final RowType FILE_TYPE = Fixtures.PK_DATA_FILE_TYPE;

    private static final Decimal BIG = Decimal.fromBigDecimal(new BigDecimal("12345678901234567890.1234"), 38, 4);

    private static org.apache.hadoop.fs.Path file(String partition, String bucket, String name) {
        return new org.apache.hadoop.fs.Path(TABLE.resolve(partition).resolve(bucket).resolve(name).toUri());
    }

    private static GenericRow row(long seq, int kind, String dt, int id, String name, String price) {
        LocalDateTime ts = LocalDateTime.of(2024, 1, 1, 0, 0, id);
        return GenericRow.of(id, seq, (byte) kind, Utf8String.fromString(dt), id, Utf8String.fromString(name),
                Decimal.fromBigDecimal(new BigDecimal(price), 10, 2), BIG, Timestamp.fromLocalDateTime(ts),
                Timestamp.fromLocalDateTime(ts.plusNanos(456_000)));
    }

    @Test
    void readsTheFirstCommitsFile() throws Exception {
        List<GenericRow> rows = ParquetFiles.readAll(
                file("dt=2024-01-01", "bucket-0", "data-7263f367-55a3-471f-a8da-3f7ab318e53c-0.parquet"), FILE_TYPE, 1024);

        assertThat(rows).hasSize(4);
        assertThat(rows).extracting(r -> r.get(0)).containsExactly(2, 4, 6, 8);
        assertThat(rows).extracting(r -> (long) r.get(1)).allMatch(seq -> seq >= 0 && seq <= 3).doesNotHaveDuplicates();
        for (GenericRow r : rows) {
            int id = (int) r.get(0);
            GenericRow expected = row((long) r.get(1), 0, "2024-01-01", id, "name-" + id, id + ".50");
            assertThat(r).isEqualTo(expected);
        }
    }

    @Test
    void readsADeleteRow() throws Exception {
        List<GenericRow> rows = ParquetFiles.readAll(
                file("dt=2024-01-01", "bucket-0", "data-7263f367-55a3-471f-a8da-3f7ab318e53c-1.parquet"), FILE_TYPE, 1024);

        assertThat(rows).containsExactly(row(4, 3, "2024-01-01", 2, "name-2", "2.50"));
    }

    @Test
    void projectsTheValueColumnsOfEveryFile() throws Exception {
        RowType values = FILE_TYPE.project(List.of("ts6", "id", "name"));
        for (Path dataFile : dataFiles()) {
            List<GenericRow> all = ParquetFiles.readAll(new org.apache.hadoop.fs.Path(dataFile.toUri()), FILE_TYPE, 2);
            List<GenericRow> projected = ParquetFiles.readAll(new org.apache.hadoop.fs.Path(dataFile.toUri()), values, 3);
            assertThat(projected).hasSameSizeAs(all).isNotEmpty();
            for (int i = 0; i < all.size(); i++) {
                GenericRow r = all.get(i);
                assertThat(projected.get(i)).isEqualTo(GenericRow.of(r.get(9), r.get(4), r.get(5)));
                assertThat(r.get(0)).isEqualTo(r.get(4));
                assertThat(r.get(3).toString()).isEqualTo(dataFile.getParent().getParent().getFileName().toString().substring(3));
            }
        }
    }

    @Test
    void everyFileReadsAsPaimonReadsIt() throws Exception {
        for (Path dataFile : dataFiles()) {
            List<GenericRow> strata = ParquetFiles.readAll(new org.apache.hadoop.fs.Path(dataFile.toUri()), FILE_TYPE, 2);
            assertThat(strata).isEqualTo(PaimonFormats.read("parquet", dataFile, FILE_TYPE));
        }
    }

    private static List<Path> dataFiles() throws Exception {
        try (Stream<Path> files = Files.walk(TABLE)) {
            List<Path> found = files.filter(p -> p.getFileName().toString().endsWith(".parquet")).sorted().toList();
            assertThat(found).hasSize(5);
            return found;
        }
    }
}
