package io.strata.format.orc;

import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.INT;
import static io.strata.types.DataTypes.STRING;
import static io.strata.types.DataTypes.VARCHAR;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.format.FormatFactory;
import io.strata.format.FormatFiles;
import io.strata.fs.FileIO;
import io.strata.types.RowType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.orc.OrcFile;
import org.apache.orc.OrcProto;
import org.apache.orc.Reader;
import org.apache.orc.impl.RecordReaderImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OrcDirectColumnsTest {

    private static final FormatFactory ORC = new OrcFormatFactory();
    private final FileIO io = FileIO.local();

    @TempDir
    java.nio.file.Path dir;

    @Test
    void distinctStringColumnsGoDirectAndRepeatedOnesKeepTheDictionary() throws IOException {
        RowType type = RowType.of(FIELD(1, "k", INT()), FIELD(2, "unique", STRING()), FIELD(3, "few", STRING()),
                FIELD(4, "unique_with_nulls", VARCHAR(20)), FIELD(5, "distinct_first_batch", STRING()));
        List<GenericRow> rows = new ArrayList<>();
        for (int k = 0; k < 3000; k++) {
            rows.add(GenericRow.of(k, Utf8String.fromString("value-" + k), Utf8String.fromString("v" + k % 7),
                    k % 3 == 0 ? null : Utf8String.fromString("n" + k),
                    Utf8String.fromString(k < 1024 ? "d" + k : "r" + k % 3)));
        }
        Path path = new Path(dir.resolve("direct.orc").toUri());
        FormatFiles.write(ORC, io, path, type, rows, "zstd");

        Map<String, OrcProto.ColumnEncoding.Kind> encodings = encodings(path);
        assertThat(encodings).containsEntry("unique", OrcProto.ColumnEncoding.Kind.DIRECT_V2)
                .containsEntry("unique_with_nulls", OrcProto.ColumnEncoding.Kind.DIRECT_V2)
                .containsEntry("few", OrcProto.ColumnEncoding.Kind.DICTIONARY_V2)
                // The first batch decides: ORC alone would keep this column's dictionary (1,027 distinct of 3,000).
                .containsEntry("distinct_first_batch", OrcProto.ColumnEncoding.Kind.DIRECT_V2);
        assertThat(PlainValues.readAll(ORC.createReader(io, path, type, 1024), type))
                .isEqualTo(PlainValues.of(rows, type));
    }

    @Test
    void filesSmallerThanABatchAndEmptyFilesAreWritten() throws IOException {
        RowType type = RowType.of(FIELD(1, "s", STRING()));
        List<GenericRow> rows = new ArrayList<>();
        for (int k = 0; k < 700; k++) {
            rows.add(GenericRow.of(Utf8String.fromString("s" + k)));
        }
        Path small = new Path(dir.resolve("small.orc").toUri());
        FormatFiles.write(ORC, io, small, type, rows, "zstd");
        assertThat(PlainValues.readAll(ORC.createReader(io, small, type, 1024), type))
                .isEqualTo(PlainValues.of(rows, type));

        Path empty = new Path(dir.resolve("empty.orc").toUri());
        assertThat(FormatFiles.write(ORC, io, empty, type, List.of(), "zstd").rowCount()).isZero();
        assertThat(PlainValues.readAll(ORC.createReader(io, empty, type, 1024), type)).isEmpty();
    }

    @Test
    void allDistinctNeedsEnoughNonNullValuesAndNoRepeat() {
        BytesColumnVector vector = new BytesColumnVector(1024);
        for (int r = 0; r < 1024; r++) {
            byte[] bytes = ("x" + r).getBytes(StandardCharsets.UTF_8);
            vector.setRef(r, bytes, 0, bytes.length);
        }
        assertThat(OrcDirectColumns.allDistinct(vector, 1024)).isTrue();
        assertThat(OrcDirectColumns.allDistinct(vector, OrcDirectColumns.MIN_DISTINCT_VALUES - 1)).isFalse();

        // The same bytes at another offset of another array are a repeat.
        byte[] padded = "--x5".getBytes(StandardCharsets.UTF_8);
        vector.setRef(1000, padded, 2, 2);
        assertThat(OrcDirectColumns.allDistinct(vector, 1024)).isFalse();

        vector.setRef(1000, padded, 1, 3);
        vector.noNulls = false;
        for (int r = 0; r < 600; r++) {
            vector.isNull[r] = true;
        }
        assertThat(OrcDirectColumns.allDistinct(vector, 1024)).isFalse(); // 424 non-null values

        vector.noNulls = true;
        vector.isRepeating = true;
        assertThat(OrcDirectColumns.allDistinct(vector, 1024)).isFalse();
    }

    private Map<String, OrcProto.ColumnEncoding.Kind> encodings(Path path) throws IOException {
        Map<String, OrcProto.ColumnEncoding.Kind> out = new HashMap<>();
        try (Reader reader = OrcFile.createReader(path, OrcFile.readerOptions(io.hadoopConf()));
                RecordReaderImpl rows = (RecordReaderImpl) reader.rows()) {
            assertThat(reader.getStripes()).hasSize(1);
            OrcProto.StripeFooter footer = rows.readStripeFooter(reader.getStripes().get(0));
            List<String> names = reader.getSchema().getFieldNames();
            for (int c = 1; c < footer.getColumnsCount(); c++) {
                out.put(names.get(c - 1), footer.getColumns(c).getKind());
            }
        }
        return out;
    }
}
