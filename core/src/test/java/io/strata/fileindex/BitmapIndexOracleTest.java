package io.strata.fileindex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.data.GenericRow;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.oracle.PaimonTypes;
import io.strata.oracle.PaimonValues;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.paimon.fileindex.FileIndexWriter;
import org.apache.paimon.fileindex.bitmap.BitmapFileIndex;
import org.apache.paimon.options.Options;
import org.junit.jupiter.api.Test;

/**
 * One column's bitmap index, Strata's against Apache Paimon 1.4.2's {@code BitmapFileIndex} writer fed the same
 * values: byte for byte equal for every type Paimon takes, both format versions, small index blocks, and value
 * sets shaped to exercise the layout (few values with many rows, values of one row, one null row, only nulls,
 * thousands of values whose hash map grows and whose bins turn into trees). Strata's reader finds every value
 * written and no other.
 */
class BitmapIndexOracleTest {

    private static final List<DataType> TYPES = List.of(DataTypes.TINYINT(), DataTypes.SMALLINT(), DataTypes.INT(),
            DataTypes.BIGINT(), DataTypes.FLOAT(), DataTypes.DOUBLE(), DataTypes.BOOLEAN(), DataTypes.DATE(),
            DataTypes.TIME(0), DataTypes.STRING(), DataTypes.VARCHAR(20), DataTypes.TIMESTAMP(3),
            DataTypes.TIMESTAMP(6), DataTypes.TIMESTAMP_LTZ(9));

    private enum Shape { REPEATED, SINGLE_ROWS, ONE_NULL, ONLY_NULLS, MANY, COLLIDING, GROWS_ON_A_REPEAT }

    @Test
    void everyTypeAndShapeSerializesAsPaimon() {
        Random random = new Random(42);
        int cases = 0;
        for (DataType type : TYPES) {
            for (Shape shape : Shape.values()) {
                List<Object> values = values(type, shape, random);
                for (int version : new int[] {1, 2}) {
                    for (long blockSize : new long[] {BitmapColumn.DEFAULT_INDEX_BLOCK_SIZE, 64}) {
                        if (version == 1 && blockSize != BitmapColumn.DEFAULT_INDEX_BLOCK_SIZE) {
                            continue;
                        }
                        byte[] strata = strata(type, values, version, blockSize);
                        assertThat(strata).as("%s %s v%d blocks of %d", type, shape, version, blockSize)
                                .isEqualTo(paimon(type, values, version, blockSize));
                        assertFindsExactlyTheValuesWritten(type, values, strata);
                        cases++;
                    }
                }
            }
        }
        assertThat(cases).isEqualTo(TYPES.size() * Shape.values().length * 3);
    }

    @Test
    void aValueLargerThanAnIndexBlockIsRefusedNamingTheOption() {
        List<Object> values = List.of(Utf8String.fromString("x".repeat(100)));
        assertThatThrownBy(() -> strata(DataTypes.STRING(), values, 2, 64))
                .hasMessageContaining("'file-index.bitmap.c.index-block-size'").hasMessageContaining("column 'c'");
    }

    @Test
    void onlyTypesPaimonIndexesTakeABitmap() {
        for (DataType type : TYPES) {
            assertThat(BitmapColumn.supports(type)).as("%s", type).isTrue();
        }
        for (DataType type : List.of(DataTypes.DECIMAL(10, 2), DataTypes.BYTES(), DataTypes.BINARY(4),
                DataTypes.ARRAY(DataTypes.INT()), DataTypes.MAP(DataTypes.STRING(), DataTypes.INT()))) {
            assertThat(BitmapColumn.supports(type)).as("%s", type).isFalse();
        }
    }

    private static byte[] strata(DataType type, List<Object> values, int version, long blockSize) {
        BitmapIndexWriter writer = new BitmapIndexWriter(new BitmapColumn("c", version, blockSize), 0,
                BitmapKeyType.of(type));
        for (Object value : values) {
            writer.write(GenericRow.of(value));
        }
        return writer.serialize();
    }

    private static byte[] paimon(DataType type, List<Object> values, int version, long blockSize) {
        Options options = new Options(Map.of("version", String.valueOf(version), "index-block-size",
                blockSize + "b"));
        FileIndexWriter writer = new BitmapFileIndex(PaimonTypes.toPaimon(type), options).createWriter();
        for (Object value : values) {
            writer.writeRecord(PaimonValues.toPaimon(value, type));
        }
        return writer.serializedBytes();
    }

    private static void assertFindsExactlyTheValuesWritten(DataType type, List<Object> values, byte[] index) {
        BitmapKeyType keyType = BitmapKeyType.of(type);
        BitmapIndexReader reader = BitmapIndexReader.read(keyType.kind(), index, 0, index.length);
        Set<BitmapKey> written = new HashSet<>();
        for (Object value : values) {
            if (value != null) {
                BitmapKey key = keyType.literal(value);
                written.add(key);
                assertThat(reader.contains(key)).as("%s %s", type, value).isTrue();
            }
        }
        assertThat(reader.hasNull()).isEqualTo(values.contains(null));
        assertThat(reader.hasValue()).isEqualTo(!written.isEmpty());
        Random random = new Random(7);
        for (int i = 0; i < 200; i++) {
            Object other = value(type, random.nextInt(1_000_000) - 500_000);
            BitmapKey key = keyType.literal(other);
            assertThat(reader.contains(key)).as("%s %s", type, other).isEqualTo(written.contains(key));
        }
    }

    private static List<Object> values(DataType type, Shape shape, Random random) {
        List<Object> values = new ArrayList<>();
        switch (shape) {
            case REPEATED -> {
                for (int i = 0; i < 300; i++) {
                    values.add(i % 11 == 0 ? null : value(type, i % 7));
                }
            }
            case SINGLE_ROWS -> {
                for (int i = 0; i < 40; i++) {
                    values.add(value(type, i % 5 == 0 ? 1 : i * 31));
                }
            }
            case ONE_NULL -> {
                for (int i = 0; i < 50; i++) {
                    values.add(i == 17 ? null : value(type, i % 3 == 0 ? i : 5));
                }
            }
            case ONLY_NULLS -> {
                for (int i = 0; i < 9; i++) {
                    values.add(null);
                }
            }
            case MANY -> {
                for (int i = 0; i < 3000; i++) {
                    values.add(random.nextInt(20) == 0 ? null : value(type, random.nextInt(2500) - 1000));
                }
            }
            case COLLIDING -> {
                // Numbers equal in their low bits land in one bin of a small map; with enough of them the bin
                // turns into a tree before the map grows.
                for (int i = 0; i < 400; i++) {
                    values.add(value(type, (i % 40) << 12));
                }
            }
            case GROWS_ON_A_REPEAT -> {
                // The 13th value fills a map of 16 bins; Paimon's map grows at the next row although it repeats
                // a value, and its order changes with it.
                for (int i = 0; i < 13; i++) {
                    values.add(value(type, i * 3));
                }
                for (int i = 0; i < 5; i++) {
                    values.add(value(type, 0));
                }
            }
        }
        return values;
    }

    /** A value of {@code type} derived from {@code n} (equal {@code n}, equal value where the type allows). */
    private static Object value(DataType type, int n) {
        return switch (type.root()) {
            case TINYINT -> (byte) n;
            case SMALLINT -> (short) n;
            case INT, DATE, TIME -> n;
            case BIGINT -> (long) n * 1_000_003L;
            case FLOAT -> n % 13 == 0 ? Float.NaN : n % 17 == 0 ? -0.0f : n / 4.0f;
            case DOUBLE -> n % 13 == 0 ? Double.NaN : n % 17 == 0 ? -0.0 : n / 8.0;
            case BOOLEAN -> n % 2 == 0;
            case CHAR, VARCHAR -> Utf8String.fromString(n % 5 == 0 ? "" : (n % 3 == 0 ? "é-" : "v") + n);
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> Timestamp.of(1_700_000_000_000L + n * 997L,
                    ((AtomicType) type).precision() > 3 ? Math.floorMod(n * 7919, 1_000_000) : 0);
            default -> throw new IllegalArgumentException(type.toString());
        };
    }
}
