package io.strata.format.parquet;

import static io.strata.types.DataTypes.ARRAY;
import static io.strata.types.DataTypes.BIGINT;
import static io.strata.types.DataTypes.BINARY;
import static io.strata.types.DataTypes.BOOLEAN;
import static io.strata.types.DataTypes.BYTES;
import static io.strata.types.DataTypes.CHAR;
import static io.strata.types.DataTypes.DATE;
import static io.strata.types.DataTypes.DECIMAL;
import static io.strata.types.DataTypes.DOUBLE;
import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.FLOAT;
import static io.strata.types.DataTypes.INT;
import static io.strata.types.DataTypes.MAP;
import static io.strata.types.DataTypes.ROW;
import static io.strata.types.DataTypes.SMALLINT;
import static io.strata.types.DataTypes.STRING;
import static io.strata.types.DataTypes.TIME;
import static io.strata.types.DataTypes.TIMESTAMP;
import static io.strata.types.DataTypes.TIMESTAMP_LTZ;
import static io.strata.types.DataTypes.TINYINT;
import static io.strata.types.DataTypes.VARBINARY;
import static io.strata.types.DataTypes.VARCHAR;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.Decimal;
import io.strata.data.GenericArray;
import io.strata.data.GenericMap;
import io.strata.data.GenericRow;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Rows of every type Strata writes to Parquet, with nulls at every level, for round-trip tests. */
final class AllTypes {

    static final RowType TYPE = new RowType(List.of(
            FIELD(0, "f_bool", BOOLEAN()),
            FIELD(1, "f_tiny", TINYINT()),
            FIELD(2, "f_small", SMALLINT()),
            FIELD(3, "f_int", INT()),
            FIELD(4, "f_big", BIGINT()),
            FIELD(5, "f_float", FLOAT()),
            FIELD(6, "f_double", DOUBLE()),
            FIELD(7, "f_dec9", DECIMAL(9, 2)),
            FIELD(8, "f_dec18", DECIMAL(18, 4)),
            FIELD(9, "f_dec38", DECIMAL(38, 10)),
            FIELD(10, "f_ts0", TIMESTAMP(0)),
            FIELD(11, "f_ts3", TIMESTAMP(3)),
            FIELD(12, "f_ts6", TIMESTAMP(6)),
            FIELD(13, "f_ts9", TIMESTAMP(9)),
            FIELD(14, "f_ltz3", TIMESTAMP_LTZ(3)),
            FIELD(15, "f_ltz6", TIMESTAMP_LTZ(6)),
            FIELD(16, "f_char", CHAR(5)),
            FIELD(17, "f_varchar", VARCHAR(20)),
            FIELD(18, "f_string", STRING()),
            FIELD(19, "f_binary", BINARY(3)),
            FIELD(20, "f_varbinary", VARBINARY(10)),
            FIELD(21, "f_bytes", BYTES()),
            FIELD(22, "f_date", DATE()),
            FIELD(23, "f_time", TIME(3)),
            FIELD(24, "f_not_null", INT().withNullable(false)),
            FIELD(25, "f_rows", ARRAY(ROW(FIELD(30, "a", INT()), FIELD(31, "b", STRING())))),
            FIELD(26, "f_map", MAP(STRING(), ARRAY(INT()))),
            FIELD(27, "f_strings", ARRAY(STRING())),
            FIELD(28, "f_struct", ROW(FIELD(32, "x", BIGINT()), FIELD(33, "y", ROW(FIELD(34, "z", STRING()))))),
            FIELD(29, "f_nested", ARRAY(ARRAY(DECIMAL(20, 2))))));

    private AllTypes() {}

    /** {@code count} rows; row i has nulls in a pattern that moves with i, row 7 is all null (but the NOT NULL field). */
    static List<GenericRow> rows(int count, long seed) {
        Random random = new Random(seed);
        List<GenericRow> rows = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Object[] v = new Object[TYPE.fieldCount()];
            v[0] = random.nextBoolean();
            v[1] = (byte) random.nextInt();
            v[2] = (short) random.nextInt();
            v[3] = i % 11 == 0 ? Integer.MIN_VALUE : random.nextInt();
            v[4] = i % 13 == 0 ? Long.MAX_VALUE : random.nextLong();
            v[5] = random.nextFloat() * 1000 - 500;
            v[6] = random.nextDouble() * 1e9 - 5e8;
            v[7] = Decimal.fromUnscaledLong(random.nextInt(1_000_000_000) - 500_000_000, 9, 2);
            v[8] = Decimal.fromUnscaledLong(random.nextLong() % 1_000_000_000_000_000_000L, 18, 4);
            v[9] = Decimal.fromBigDecimal(new BigDecimal(new BigInteger(120, random).subtract(BigInteger.ONE.shiftLeft(119)), 10), 38, 10);
            long millis = random.nextLong() % 4_000_000_000_000L; // about 1843..2096, negative included
            v[10] = Timestamp.fromEpochMillis(Math.floorDiv(millis, 1000) * 1000);
            v[11] = Timestamp.fromEpochMillis(millis);
            v[12] = Timestamp.of(millis, random.nextInt(1000) * 1000);
            v[13] = Timestamp.of(millis, random.nextInt(1_000_000));
            v[14] = Timestamp.fromEpochMillis(millis + 17);
            v[15] = Timestamp.of(millis - 5, random.nextInt(1000) * 1000);
            v[16] = Utf8String.fromString("c" + (i % 10) + "   ".substring(0, 3));
            v[17] = Utf8String.fromString("vär-" + i);
            v[18] = Utf8String.fromString(i % 5 == 0 ? "" : "string with ünïcødé 😀 " + random.nextInt(100));
            v[19] = new byte[] {(byte) i, 0, (byte) -i};
            v[20] = bytes(random, random.nextInt(10));
            v[21] = bytes(random, random.nextInt(50));
            v[22] = random.nextInt(80_000) - 40_000;
            v[23] = random.nextInt(86_400_000);
            v[24] = i;
            v[25] = rowsArray(random, i);
            v[26] = map(random, i);
            v[27] = strings(random, i);
            v[28] = GenericRow.of((long) i * 31, i % 4 == 1 ? null : GenericRow.of(i % 6 == 0 ? null : Utf8String.fromString("z" + i)));
            v[29] = nested(random, i);
            for (int f = 0; f < v.length; f++) {
                if (f != 24 && ((i + f) % 9 == 0 || i == 7)) {
                    v[f] = null;
                }
            }
            rows.add(GenericRow.of(v));
        }
        return rows;
    }

    private static byte[] bytes(Random random, int length) {
        byte[] b = new byte[length];
        random.nextBytes(b);
        return b;
    }

    private static GenericArray rowsArray(Random random, int i) {
        Object[] elements = new Object[i % 4];
        for (int k = 0; k < elements.length; k++) {
            elements[k] = k == 1 && i % 3 == 0 ? null
                    : GenericRow.of(k == 2 ? null : random.nextInt(100), Utf8String.fromString("r" + i + "-" + k));
        }
        return new GenericArray(elements);
    }

    private static GenericMap map(Random random, int i) {
        int size = i % 3;
        Object[] keys = new Object[size];
        Object[] values = new Object[size];
        for (int k = 0; k < size; k++) {
            keys[k] = Utf8String.fromString("k" + k);
            if (k == 1 && i % 2 == 0) {
                values[k] = null;
            } else {
                Object[] ints = new Object[k + (i % 2)];
                for (int j = 0; j < ints.length; j++) {
                    ints[j] = j == 1 ? null : random.nextInt();
                }
                values[k] = new GenericArray(ints);
            }
        }
        return new GenericMap(new GenericArray(keys), new GenericArray(values));
    }

    private static GenericArray strings(Random random, int i) {
        Object[] elements = new Object[i % 5];
        for (int k = 0; k < elements.length; k++) {
            elements[k] = (k + i) % 3 == 0 ? null : Utf8String.fromString("s" + random.nextInt(1000));
        }
        return new GenericArray(elements);
    }

    private static GenericArray nested(Random random, int i) {
        Object[] outer = new Object[i % 3];
        for (int k = 0; k < outer.length; k++) {
            if (k == 1 && i % 4 == 0) {
                outer[k] = null;
                continue;
            }
            Object[] inner = new Object[(i + k) % 3];
            for (int j = 0; j < inner.length; j++) {
                inner[j] = j == 1 ? null : Decimal.fromUnscaledLong(random.nextLong() % 1_000_000_000L, 20, 2);
            }
            outer[k] = new GenericArray(inner);
        }
        return new GenericArray(outer);
    }

    static DataField field(String name) {
        return TYPE.field(TYPE.requireIndexOf(name));
    }
}
