package io.strata.fileindex;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.GenericRow;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.oracle.PaimonTypes;
import io.strata.oracle.PaimonValues;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.apache.paimon.fileindex.bloomfilter.FastHash;
import org.junit.jupiter.api.Test;

/**
 * The hashes of the bloom-filter index equal Apache Paimon 1.4.2's {@code FastHash} for every type it takes
 * (random values, edge values), and xxHash64 matches its published vectors.
 */
class ValueHashOracleTest {

    @Test
    void xxHash64MatchesKnownVectors() {
        assertThat(XxHash64.hash(new byte[0], 0, 0)).isEqualTo(0xEF46DB3751D8E999L);
        byte[] hello = "hello".getBytes(StandardCharsets.UTF_8);
        assertThat(XxHash64.hash(hello, 0, hello.length)).isEqualTo(0x26c7827d889f6da3L);
        byte[] paimon = "paimon".getBytes(StandardCharsets.UTF_8);
        assertThat(XxHash64.hash(paimon, 0, paimon.length)).isEqualTo(0x088c6247bf3815e4L);
        assertThat(XxHash64.hash(new byte[] {1, 2, 3}, 0, 3)).isEqualTo(0x743e13ee0c4ee5a5L);
    }

    @Test
    void everyHashedTypeHashesAsPaimon() {
        Random random = new Random(17);
        List<DataType> types = List.of(DataTypes.TINYINT(), DataTypes.SMALLINT(), DataTypes.INT(), DataTypes.BIGINT(),
                DataTypes.FLOAT(), DataTypes.DOUBLE(), DataTypes.DATE(), DataTypes.STRING(), DataTypes.BYTES(),
                DataTypes.TIMESTAMP(3), DataTypes.TIMESTAMP(6), DataTypes.TIMESTAMP_LTZ(9));
        for (DataType type : types) {
            ValueHash strata = ValueHash.of(type);
            FastHash paimon = FastHash.getHashFunction(PaimonTypes.toPaimon(type));
            for (int i = 0; i < 300; i++) {
                Object value = value(type, random, i);
                GenericRow row = GenericRow.of(value);
                long expected = paimon.hash(PaimonValues.toPaimon(value, type));
                assertThat(strata.hash(row, 0)).as("%s %s", type, value).isEqualTo(expected);
                assertThat(strata.hashLiteral(value)).as("literal %s %s", type, value).isEqualTo(expected);
            }
        }
        assertThat(ValueHash.of(DataTypes.BOOLEAN())).isNull();
        assertThat(ValueHash.of(DataTypes.DECIMAL(10, 2))).isNull();
    }

    private static Object value(DataType type, Random random, int i) {
        boolean edge = i < 3;
        return switch (type.root()) {
            case TINYINT -> edge ? new byte[] {Byte.MIN_VALUE, 0, Byte.MAX_VALUE}[i] : (byte) random.nextInt();
            case SMALLINT -> edge ? new short[] {Short.MIN_VALUE, 0, -1}[i] : (short) random.nextInt();
            case INT, DATE -> edge ? new int[] {Integer.MIN_VALUE, 0, -1}[i] : random.nextInt();
            case BIGINT -> edge ? new long[] {Long.MIN_VALUE, 0, Long.MAX_VALUE}[i] : random.nextLong();
            case FLOAT -> edge ? new float[] {Float.NaN, -0.0f, Float.NEGATIVE_INFINITY}[i] : random.nextFloat() * 1e6f;
            case DOUBLE -> edge ? new double[] {Double.NaN, -0.0, Double.MAX_VALUE}[i] : random.nextGaussian() * 1e12;
            case VARCHAR -> {
                StringBuilder s = new StringBuilder();
                for (int c = 0; c < i % 70; c++) {
                    s.append((char) (random.nextInt(3) == 0 ? 0x4e00 + random.nextInt(500) : 'a' + random.nextInt(26)));
                }
                yield Utf8String.fromString(s.toString());
            }
            case VARBINARY -> {
                byte[] b = new byte[i % 70];
                random.nextBytes(b);
                yield b;
            }
            default -> Timestamp.of(random.nextLong() % 4_000_000_000_000L, random.nextInt(1_000_000));
        };
    }
}
