package io.strata.format.orc;

import static io.strata.types.DataTypes.DECIMAL;
import static io.strata.types.DataTypes.FIELD;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.Decimal;
import io.strata.data.GenericRow;
import io.strata.format.FormatFactory;
import io.strata.format.FormatFiles;
import io.strata.fs.FileIO;
import io.strata.types.RowType;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Decimals of up to 18 digits are decoded by ORC into longs (Decimal64): values, nulls, repeating
 * batches and every widening the reader admits must read as the decimal that was written.
 */
class OrcDecimalReadTest {

    private static final FormatFactory ORC = new OrcFormatFactory();
    private final FileIO io = FileIO.local();

    @TempDir
    java.nio.file.Path dir;

    @Test
    void compactDecimalsReadAtTheirOwnAndWiderTypes() throws IOException {
        RowType fileType = RowType.of(FIELD(0, "small", DECIMAL(10, 2)), FIELD(1, "max", DECIMAL(18, 0)),
                FIELD(2, "same", DECIMAL(4, 1)));
        List<GenericRow> rows = new ArrayList<>();
        long[] values = {0, 1, -1, 12345, -99999_99999L, 99999_99999L, 50};
        for (int k = 0; k < 3000; k++) {
            long v = values[k % values.length];
            rows.add(k % 11 == 3
                    ? GenericRow.of(null, null, Decimal.fromUnscaledLong(7, 4, 1))
                    : GenericRow.of(Decimal.fromUnscaledLong(v, 10, 2),
                            Decimal.fromUnscaledLong(v * 10_000_000L, 18, 0), Decimal.fromUnscaledLong(7, 4, 1)));
        }
        Path path = new Path(dir.resolve("dec.orc").toUri());
        FormatFiles.write(ORC, io, path, fileType, rows, "zstd");

        List<List<Object>> asWritten = PlainValues.readAll(ORC.createReader(io, path, fileType, 500), fileType);
        assertThat(asWritten).isEqualTo(PlainValues.of(rows, fileType));

        // Wider compact, wider non-compact and the largest scale: all rescale without loss.
        RowType wider = RowType.of(FIELD(0, "small", DECIMAL(14, 6)), FIELD(1, "max", DECIMAL(38, 4)),
                FIELD(2, "same", DECIMAL(18, 15)));
        List<List<Object>> widened = PlainValues.readAll(ORC.createReader(io, path, wider, 500), wider);
        for (int k = 0; k < rows.size(); k++) {
            GenericRow row = rows.get(k);
            List<Object> expected = new ArrayList<>();
            expected.add(row.isNullAt(0) ? null : row.getDecimal(0, 10, 2).toBigDecimal().setScale(6));
            expected.add(row.isNullAt(1) ? null : row.getDecimal(1, 18, 0).toBigDecimal().setScale(4));
            expected.add(new BigDecimal("0.700000000000000"));
            assertThat(widened.get(k)).as("row %d", k).isEqualTo(expected);
        }
    }
}
