package io.strata.fileindex;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.oracle.PaimonTypes;
import io.strata.oracle.PaimonValues;
import io.strata.schema.FileIndexOptions;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.paimon.CoreOptions;
import org.apache.paimon.fs.local.LocalFileIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A data file's whole index container, Strata's against Apache Paimon 1.4.2's {@code DataFileIndexWriter} fed
 * the same options and rows: byte for byte equal with many columns, bloom filters and bitmaps on different and
 * on the same columns, per-column versions and block sizes, and the options in any order (the container's
 * column order is that of Paimon's hash maps, not of the options).
 */
class FileIndexContainerOracleTest {

    @TempDir
    Path directory;

    private static final List<DataType> TYPES = List.of(DataTypes.INT(), DataTypes.STRING(), DataTypes.BIGINT(),
            DataTypes.DATE(), DataTypes.SMALLINT(), DataTypes.DOUBLE(), DataTypes.TIMESTAMP(6));

    @Test
    void containersOfRandomConfigurationsAreByteIdentical() throws Exception {
        Random random = new Random(5);
        List<String> names = List.of("id", "name", "code", "day", "amount", "ts", "a", "b", "c", "customer_id",
                "order_no", "region", "x1", "x2", "x3", "x4", "y", "z", "status", "v");
        for (int round = 0; round < 25; round++) {
            List<DataField> fields = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                fields.add(new DataField(i, names.get(i), TYPES.get((i + round) % TYPES.size())));
            }
            RowType rowType = new RowType(fields);
            List<String> shuffled = new ArrayList<>(names);
            Collections.shuffle(shuffled, random);
            List<String> bitmaps = shuffled.subList(0, 1 + random.nextInt(names.size() - 1));
            Collections.shuffle(shuffled, random);
            List<String> blooms = shuffled.subList(0, random.nextInt(8));
            List<Map.Entry<String, String>> entries = new ArrayList<>();
            entries.add(Map.entry("file-index.bitmap.columns", String.join(",", bitmaps)));
            if (!blooms.isEmpty()) {
                entries.add(Map.entry("file-index.bloom-filter.columns", String.join(",", blooms)));
                entries.add(Map.entry("file-index.bloom-filter." + blooms.get(0) + ".items", "100"));
            }
            entries.add(Map.entry("file-index.bitmap." + bitmaps.get(0) + ".version", "1"));
            entries.add(Map.entry("file-index.bitmap." + bitmaps.get(bitmaps.size() - 1) + ".index-block-size", "128b"));
            entries.add(Map.entry("file-index.in-manifest-threshold", "10 mb"));
            for (int i = 0; i < random.nextInt(12); i++) {
                entries.add(Map.entry("other.option-" + i, "v"));
            }
            Collections.shuffle(entries, random);
            Map<String, String> options = new LinkedHashMap<>();
            entries.forEach(e -> options.put(e.getKey(), e.getValue()));
            List<GenericRow> rows = rows(rowType, random);
            assertThat(strata(rowType, options, rows)).as("round %d: %s", round, options)
                    .isEqualTo(paimon(rowType, options, rows, round));
        }
    }

    private static List<GenericRow> rows(RowType rowType, Random random) {
        List<GenericRow> rows = new ArrayList<>();
        for (int r = 0; r < 60; r++) {
            Object[] values = new Object[rowType.fieldCount()];
            for (int i = 0; i < values.length; i++) {
                int n = random.nextInt(25);
                values[i] = n == 0 ? null : switch (rowType.typeAt(i).root()) {
                    case INT, DATE -> n;
                    case BIGINT -> (long) n << 33;
                    case SMALLINT -> (short) -n;
                    case DOUBLE -> n / 3.0;
                    case VARCHAR -> Utf8String.fromString("s" + n);
                    default -> io.strata.data.Timestamp.of(1_700_000_000_000L + n, n * 1000);
                };
            }
            rows.add(GenericRow.of(values));
        }
        return rows;
    }

    private static byte[] strata(RowType rowType, Map<String, String> options, List<GenericRow> rows) {
        DataFileIndexWriter writer = DataFileIndexWriter.of(rowType, new FileIndexOptions(options).columnIndexes());
        rows.forEach(writer::write);
        return writer.finish();
    }

    private byte[] paimon(RowType rowType, Map<String, String> options, List<GenericRow> rows, int round)
            throws Exception {
        org.apache.paimon.io.DataFileIndexWriter writer = new org.apache.paimon.io.DataFileIndexWriter(
                LocalFileIO.create(), new org.apache.paimon.fs.Path(directory.resolve("f" + round).toUri()),
                PaimonTypes.toPaimon(rowType), new CoreOptions(options).indexColumnsOptions(), null);
        for (GenericRow row : rows) {
            writer.write(PaimonValues.toPaimonRow(row, rowType));
        }
        writer.close();
        return writer.result().embeddedIndexBytes();
    }
}
