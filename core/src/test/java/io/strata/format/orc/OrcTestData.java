package io.strata.format.orc;

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

import io.strata.data.Decimal;
import io.strata.data.GenericArray;
import io.strata.data.GenericMap;
import io.strata.data.GenericRow;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.RowType;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/** A row type with every type Strata writes to ORC, and deterministic rows of it with nulls everywhere. */
final class OrcTestData {

    private OrcTestData() {}

    static final RowType ALL_TYPES = RowType.of(
            FIELD(0, "b", BOOLEAN()),
            FIELD(1, "ti", TINYINT()),
            FIELD(2, "si", SMALLINT()),
            FIELD(3, "i", INT()),
            FIELD(4, "bi", BIGINT()),
            FIELD(5, "f", FLOAT()),
            FIELD(6, "d", DOUBLE()),
            FIELD(7, "dec38", DECIMAL(38, 10)),
            FIELD(8, "dec10", DECIMAL(10, 2)),
            FIELD(9, "c", CHAR(5)),
            FIELD(10, "vc", VARCHAR(20)),
            FIELD(11, "s", STRING()),
            FIELD(12, "bin", BINARY(4)),
            FIELD(13, "vbin", VARBINARY(10)),
            FIELD(14, "bytes", BYTES()),
            FIELD(15, "dt", DATE()),
            FIELD(16, "tm", TIME(3)),
            FIELD(17, "ts0", TIMESTAMP(0)),
            FIELD(18, "ts3", TIMESTAMP(3)),
            FIELD(19, "ts6", TIMESTAMP(6)),
            FIELD(20, "ts9", TIMESTAMP(9)),
            FIELD(21, "ltz", TIMESTAMP_LTZ(6)),
            FIELD(22, "arr", ARRAY(ROW(FIELD(30, "x", INT()), FIELD(31, "y", STRING())))),
            FIELD(23, "m", MAP(STRING(), ARRAY(INT()))),
            FIELD(24, "r", ROW(FIELD(32, "a", BIGINT()), FIELD(33, "n", ROW(FIELD(34, "z", DECIMAL(20, 5)))))));

    /** Row {@code k}: field j is null when (k + j) % 7 == 0; nested values hold nulls too. */
    static GenericRow row(int k) {
        Object[] v = new Object[ALL_TYPES.fieldCount()];
        v[0] = k % 2 == 0;
        v[1] = (byte) (k % 256 - 128);
        v[2] = (short) (k * 7 - 20000);
        v[3] = k * 1_000_003 - 5_000_000;
        v[4] = (long) k * 1_234_567_890_123L - Long.MAX_VALUE / 3;
        v[5] = k * 0.5f - 100.25f;
        v[6] = k * 1.0e-3 - 7.125;
        v[7] = Decimal.fromBigDecimal(new BigDecimal("1234567890123456789012345678.0123456789")
                .subtract(BigDecimal.valueOf(k).multiply(new BigDecimal("98765432109876543.21"))), 38, 10);
        v[8] = Decimal.fromUnscaledLong(k * 12345L - 999_999L, 10, 2);
        v[9] = Utf8String.fromString(String.format("c%04d", k % 10000));
        v[10] = Utf8String.fromString("varchar-" + k + "-é");
        v[11] = Utf8String.fromString(k % 3 == 0 ? "" : "string ünïcødé 字 " + k);
        v[12] = new byte[] {(byte) k, (byte) (k >> 8), 0, -1};
        v[13] = new byte[] {(byte) (k * 3), 1, 2};
        v[14] = k % 5 == 0 ? new byte[0] : ("bytes" + k).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        v[15] = k * 37 - 20_000; // days, before and after 1970
        v[16] = (k * 1_000_003) % 86_400_000;
        LocalDateTime base = LocalDateTime.of(2024, 1, 15, 10, 0).minusDays(k * 11L); // down to the 1930s, no DST gap
        v[17] = Timestamp.fromLocalDateTime(base.plusSeconds(k));
        v[18] = Timestamp.fromLocalDateTime(base.plusNanos(k * 1_000_000L + 123_000_000L));
        v[19] = Timestamp.fromLocalDateTime(base.plusNanos(k * 1_000L + 456_000L));
        v[20] = Timestamp.fromLocalDateTime(base.plusNanos(k + 123_456_789L));
        v[21] = Timestamp.fromLocalDateTime(base.plusNanos(k * 1_000L));
        v[22] = new GenericArray(new Object[] {
            new GenericRow(io.strata.data.RowKind.INSERT, k, Utf8String.fromString("x" + k)),
            null,
            new GenericRow(io.strata.data.RowKind.INSERT, null, null),
            new GenericRow(io.strata.data.RowKind.INSERT, -k, Utf8String.fromString(""))
        });
        if (k % 4 == 1) {
            v[22] = new GenericArray(new Object[0]);
        }
        v[23] = new GenericMap(
                new GenericArray(new Object[] {Utf8String.fromString("a" + k), Utf8String.fromString("b")}),
                new GenericArray(new Object[] {new GenericArray(new Object[] {k, null, 3}), null}));
        v[24] = new GenericRow(io.strata.data.RowKind.INSERT, (long) -k,
                k % 3 == 0 ? null : new GenericRow(io.strata.data.RowKind.INSERT,
                        Decimal.fromBigDecimal(BigDecimal.valueOf(k, 5), 20, 5)));
        for (int j = 0; j < v.length; j++) {
            if ((k + j) % 7 == 0) {
                v[j] = null;
            }
        }
        return GenericRow.of(v);
    }

    static List<GenericRow> rows(int n) {
        List<GenericRow> rows = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            rows.add(row(k));
        }
        return rows;
    }
}
