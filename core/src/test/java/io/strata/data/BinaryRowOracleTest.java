package io.strata.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.oracle.PaimonTypes;
import io.strata.oracle.PaimonValues;
import io.strata.oracle.RandomRows;
import io.strata.oracle.Rows;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.apache.paimon.data.serializer.InternalRowSerializer;
import org.apache.paimon.memory.MemorySegment;
import org.apache.paimon.utils.SerializationUtils;
import org.junit.jupiter.api.Test;

/**
 * Strata's BinaryRow bytes against Apache Paimon's: Strata's writer must produce exactly the bytes
 * Paimon's {@code InternalRowSerializer.toBinaryRow} produces (and the arity-prefixed form of
 * {@code SerializationUtils.serializeBinaryRow}), and each side must read the other's bytes back to
 * the same values. Partitions, min/max keys, statistics and bucket hashes all depend on this.
 */
class BinaryRowOracleTest {

    private static final RowKind[] KINDS = RowKind.values();

    /** Atomic types with every parameter that changes the encoding, nullable and NOT NULL. */
    static List<AtomicType> encodingTypes() {
        List<AtomicType> types = new ArrayList<>(RandomRows.atomicTypes());
        for (int p : new int[] {1, 9, 17, 18, 19, 20, 28, 37, 38}) {
            types.add(DataTypes.DECIMAL(p, 0));
            types.add(DataTypes.DECIMAL(p, p / 2));
            types.add(DataTypes.DECIMAL(p, p));
        }
        for (int p = 0; p <= 9; p++) {
            types.add(DataTypes.TIMESTAMP(p));
            types.add(DataTypes.TIMESTAMP_LTZ(p));
            types.add(DataTypes.TIME(p));
        }
        types.add(DataTypes.CHAR(7));
        types.add(DataTypes.CHAR(8));
        types.add(DataTypes.VARCHAR(7));
        types.add(DataTypes.VARCHAR(8));
        types.add(DataTypes.BINARY(7));
        types.add(DataTypes.BINARY(8));
        types.add(DataTypes.VARBINARY(7));
        types.add(DataTypes.VARBINARY(8));
        List<AtomicType> withNotNull = new ArrayList<>(types);
        for (AtomicType t : types) {
            withNotNull.add(t.withNullable(false));
        }
        return withNotNull;
    }

    @Test
    void everyTypeAloneEncodesLikePaimon() {
        long seed = 1;
        for (AtomicType t : encodingTypes()) {
            RowType type = RowType.of(new DataField(0, "f", t));
            checkRows(type, new RandomRows(seed++).nullRate(0.2), 1000);
        }
    }

    @Test
    void everyTypeTogetherEncodesLikePaimon() {
        List<DataField> fields = new ArrayList<>();
        List<AtomicType> types = encodingTypes();
        for (int i = 0; i < types.size(); i++) {
            fields.add(new DataField(i, "f" + i, types.get(i)));
        }
        checkRows(new RowType(fields), new RandomRows(99).nullRate(0.3), 3000);
    }

    @Test
    void randomTypeCombinationsEncodeLikePaimon() {
        Random random = new Random(2024);
        List<AtomicType> types = encodingTypes();
        // Arities around the null-bit header sizes: 8 bytes up to 56 fields, 16 up to 120, then 24.
        int[] arities = {0, 1, 2, 3, 7, 8, 55, 56, 57, 58, 119, 120, 121, 130};
        for (int arity : arities) {
            for (int combination = 0; combination < 5; combination++) {
                List<DataField> fields = new ArrayList<>();
                for (int i = 0; i < arity; i++) {
                    fields.add(new DataField(i, "f" + i, types.get(random.nextInt(types.size()))));
                }
                checkRows(new RowType(fields), new RandomRows(random.nextLong()).nullRate(random.nextDouble() * 0.5), 300);
            }
        }
    }

    @Test
    void edgeValuesEncodeLikePaimon() {
        RowType type = RowType.of(
                new DataField(0, "f", DataTypes.FLOAT()),
                new DataField(1, "d", DataTypes.DOUBLE()),
                new DataField(2, "s", DataTypes.STRING()),
                new DataField(3, "b", DataTypes.BYTES()),
                new DataField(4, "big", DataTypes.DECIMAL(38, 10)),
                new DataField(5, "ts9", DataTypes.TIMESTAMP(9)),
                new DataField(6, "ltz6", DataTypes.TIMESTAMP_LTZ(6)),
                new DataField(7, "compact", DataTypes.DECIMAL(18, 18)));
        List<GenericRow> rows = new ArrayList<>();
        String[] strings = {"", "a", "abcdef", "abcdefg", "abcdefgh", "é", "中文", "😀", "a😀b", "éééé", "中中中", "😀😀",
            "0123456789012345678901234567890123456789", "\u0000", "\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000"};
        float[] floats = {-0.0f, 0.0f, Float.NaN, Float.intBitsToFloat(0x7fc00001), Float.intBitsToFloat(0xffc00000),
            Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE, -Float.MAX_VALUE};
        double[] doubles = {-0.0d, 0.0d, Double.NaN, Double.longBitsToDouble(0x7ff8000000000001L),
            Double.longBitsToDouble(0xfff8000000000000L), Double.POSITIVE_INFINITY, Double.MIN_VALUE, -Double.MAX_VALUE};
        String[] decimals = {"-99999999999999999999999999.9999999999", "-1.0000000000", "-0.0000000001", "0",
            "99999999999999999999999999.9999999999", "-12345678901234567890.1234567890"};
        LocalDateTime[] timestamps = {LocalDateTime.parse("1969-12-31T23:59:59.999999999"),
            LocalDateTime.parse("1970-01-01T00:00:00.000000001"), LocalDateTime.parse("0001-01-01T00:00:00"),
            LocalDateTime.parse("9999-12-31T23:59:59.999999999"), LocalDateTime.parse("1900-03-04T05:06:07.123456789")};
        for (int i = 0; i < 60; i++) {
            String s = strings[i % strings.length];
            rows.add(GenericRow.ofKind(KINDS[i % 4],
                    floats[i % floats.length],
                    doubles[i % doubles.length],
                    Utf8String.fromString(s),
                    s.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                    Decimal.fromBigDecimal(new BigDecimal(decimals[i % decimals.length]), 38, 10),
                    Timestamp.fromLocalDateTime(timestamps[i % timestamps.length]),
                    Timestamp.fromLocalDateTime(timestamps[(i + 1) % timestamps.length].withNano(
                            timestamps[(i + 1) % timestamps.length].getNano() / 1000 * 1000)),
                    Decimal.fromBigDecimal(new BigDecimal(i % 2 == 0 ? "-0.999999999999999999" : "0.000000000000000001"), 18, 18)));
        }
        rows.add(GenericRow.of(null, null, null, null, null, null, null, null));
        for (GenericRow row : rows) {
            checkRow(row, type);
        }
    }

    @Test
    void paimonReservesSpaceForNullsOfLargeDecimalsAndPreciseTimestamps() {
        RowType type = RowType.of(
                new DataField(0, "d", DataTypes.DECIMAL(20, 2)),
                new DataField(1, "t", DataTypes.TIMESTAMP(6)),
                new DataField(2, "c", DataTypes.DECIMAL(18, 2)),
                new DataField(3, "m", DataTypes.TIMESTAMP(3)));
        BinaryRow strata = BinaryRowWriter.toBinaryRow(GenericRow.of(null, null, null, null), type);
        // 8 header + 4 slots + 16 reserved for the decimal + 8 for the timestamp.
        assertThat(strata.sizeInBytes()).isEqualTo(8 + 32 + 16 + 8);
        checkRow(GenericRow.of(null, null, null, null), type);
    }

    @Test
    void truncatedOrMalformedBytesAreRejectedWithTheSizes() {
        assertThatThrownBy(() -> new BinaryRow(3, new byte[16], 0, 16))
                .hasMessageContaining("arity 3")
                .hasMessageContaining("32")
                .hasMessageContaining("16");
        assertThatThrownBy(() -> BinaryRow.fromBytesWithArity(new byte[] {0, 0}))
                .hasMessageContaining("4 bytes");
    }

    private static void checkRows(RowType type, RandomRows random, int count) {
        Codec codec = new Codec(type);
        for (int i = 0; i < count; i++) {
            GenericRow row = random.row(type);
            row.setKind(KINDS[random.random().nextInt(KINDS.length)]);
            codec.check(row);
        }
    }

    static void checkRow(GenericRow row, RowType type) {
        new Codec(type).check(row);
    }

    /** Paimon's serializer for one row type, and the comparisons for one row at a time. */
    private static final class Codec {
        private final RowType type;
        private final org.apache.paimon.types.RowType paimonType;
        private final InternalRowSerializer serializer;

        Codec(RowType type) {
            this.type = type;
            this.paimonType = PaimonTypes.toPaimon(type);
            this.serializer = new InternalRowSerializer(paimonType);
        }

        /** Checks bytes, arity-prefixed bytes, hash and reading both ways for one row. */
        void check(GenericRow row) {
            org.apache.paimon.data.BinaryRow paimon = serializer.toBinaryRow(PaimonValues.toPaimonRow(row, type)).copy();
            BinaryRow strata = BinaryRowWriter.toBinaryRow(row, type);
            byte[] paimonSerialized = SerializationUtils.serializeBinaryRow(paimon);
            String expected = Rows.canonical(row, type);

            // Compared as arrays first: building AssertJ descriptions for every row would dominate the run time.
            if (!Arrays.equals(strata.toBytes(), paimon.toBytes())) {
                assertThat(hex(strata.toBytes())).as("bytes of %s %s", type, expected).isEqualTo(hex(paimon.toBytes()));
            }
            if (!Arrays.equals(strata.toBytesWithArity(), paimonSerialized)) {
                assertThat(hex(strata.toBytesWithArity())).as("serialized bytes of %s %s", type, expected)
                        .isEqualTo(hex(paimonSerialized));
            }
            if (strata.murmurHash() != paimon.hashCode()) {
                assertThat(strata.murmurHash()).as("hash of %s %s", type, expected).isEqualTo(paimon.hashCode());
            }

            BinaryRow strataReadsPaimon = BinaryRow.fromBytesWithArity(paimonSerialized);
            String strataRead = Rows.canonical(strataReadsPaimon, type);
            if (!strataRead.equals(expected) || !strataReadsPaimon.equals(strata)) {
                assertThat(strataRead).as("Strata reading Paimon's bytes of %s", type).isEqualTo(expected);
                assertThat(strataReadsPaimon).isEqualTo(strata);
            }

            org.apache.paimon.data.BinaryRow paimonReadsStrata = new org.apache.paimon.data.BinaryRow(type.fieldCount());
            byte[] bytes = strata.toBytes();
            paimonReadsStrata.pointTo(MemorySegment.wrap(bytes), 0, bytes.length);
            String paimonRead = Rows.canonical(PaimonValues.toStrataRow(paimonReadsStrata, paimonType), type);
            if (!paimonRead.equals(expected.substring(expected.indexOf('[')))) {
                // Paimon's reader keeps the row kind too; compare it separately from the values.
                assertThat(paimonRead.substring(paimonRead.indexOf('[')))
                        .as("Paimon reading Strata's bytes of %s", type)
                        .isEqualTo(expected.substring(expected.indexOf('[')));
                assertThat(paimonReadsStrata.getRowKind().toByteValue()).isEqualTo(row.kind().toByteValue());
            }
        }
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }
}
