package io.strata.oracle;

import io.strata.data.Decimal;
import io.strata.data.GenericArray;
import io.strata.data.GenericMap;
import io.strata.data.GenericRow;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import java.math.BigInteger;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Seeded random values of every Strata type, biased toward the edges that break encoders: nulls,
 * MIN/MAX, -0.0, NaN, infinities, empty strings, strings of exactly 7 and 8 bytes, multi-byte UTF-8
 * (2, 3 and 4 bytes), long strings, negative and maximal decimals, pre-epoch timestamps with
 * nanoseconds. Values always fit their type: decimals their precision, timestamps and times their
 * precision, CHAR/BINARY their exact length, VARCHAR/VARBINARY their maximal length.
 *
 * <p>{@link #fileSafe()} narrows the values to those a data file written and read back by Paimon keeps
 * unchanged in any JVM time zone: TIMESTAMP and DATE within 1970..2100, no TIMESTAMP wall time in
 * a daylight-saving gap of the JVM's zone (ORC stores wall times through the JVM zone, docs/format.md section 7),
 * and no CHAR value ending in a space (ORC's reader trims CHAR padding).
 * Not thread-safe.
 */
public final class RandomRows {

    private static final long MIN_DAY = java.time.LocalDate.of(1, 1, 1).toEpochDay();
    private static final long MAX_DAY = java.time.LocalDate.of(9999, 12, 31).toEpochDay();
    private static final long SAFE_MIN_DAY = 0;
    private static final long SAFE_MAX_DAY = java.time.LocalDate.of(2100, 1, 1).toEpochDay();

    /** Characters of 1, 2, 3 and 4 UTF-8 bytes, with the extremes of each length. */
    private static final int[] CODE_POINTS = {
        'a', 'z', 'A', '0', ' ', '~', 0x01, 0x7F, // 1 byte
        0xE9, 0x80, 0x7FF, 0x3B1, // 2 bytes
        0x4E2D, 0x800, 0xFFFD, 0x20AC, 0xFFFF, // 3 bytes
        0x1F600, 0x10000, 0x10FFFF // 4 bytes
    };

    private final Random random;
    private double nullRate = 0.1;
    private boolean fileSafe;

    /** A generator with the given seed: the same seed gives the same values. */
    public RandomRows(long seed) {
        this.random = new Random(seed);
    }

    /** Sets the chance of null for nullable types (default 0.1). */
    public RandomRows nullRate(double rate) {
        this.nullRate = rate;
        return this;
    }

    /** Restricts values to those that survive ORC and Parquet files unchanged in any JVM zone. */
    public RandomRows fileSafe() {
        this.fileSafe = true;
        return this;
    }

    /** The underlying random source, for tests that need more choices in the same sequence. */
    public Random random() {
        return random;
    }

    /** Every atomic type with the parameters that change encodings (compact or not, inline or not). */
    public static List<AtomicType> atomicTypes() {
        return List.of(
                DataTypes.BOOLEAN(), DataTypes.TINYINT(), DataTypes.SMALLINT(), DataTypes.INT(), DataTypes.BIGINT(),
                DataTypes.FLOAT(), DataTypes.DOUBLE(),
                DataTypes.DECIMAL(1, 0), DataTypes.DECIMAL(10, 2), DataTypes.DECIMAL(18, 6), DataTypes.DECIMAL(19, 0),
                DataTypes.DECIMAL(38, 10), DataTypes.DECIMAL(38, 0), DataTypes.DECIMAL(38, 38),
                DataTypes.CHAR(1), DataTypes.CHAR(10), DataTypes.VARCHAR(5), DataTypes.VARCHAR(30), DataTypes.STRING(),
                DataTypes.BINARY(1), DataTypes.BINARY(12), DataTypes.VARBINARY(9), DataTypes.BYTES(),
                DataTypes.DATE(), DataTypes.TIME(0), DataTypes.TIME(3),
                DataTypes.TIMESTAMP(0), DataTypes.TIMESTAMP(3), DataTypes.TIMESTAMP(6), DataTypes.TIMESTAMP(9),
                DataTypes.TIMESTAMP_LTZ(3), DataTypes.TIMESTAMP_LTZ(6), DataTypes.TIMESTAMP_LTZ(9));
    }

    /** A row type with one nullable field per {@link #atomicTypes()} entry, named {@code f0, f1, ...}. */
    public static RowType allAtomicTypesRow() {
        List<DataField> fields = new ArrayList<>();
        List<AtomicType> types = atomicTypes();
        for (int i = 0; i < types.size(); i++) {
            fields.add(new DataField(i, "f" + i, types.get(i)));
        }
        return new RowType(fields);
    }

    /** {@code count} random insert rows of the type. */
    public List<GenericRow> rows(RowType type, int count) {
        List<GenericRow> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(row(type));
        }
        return out;
    }

    /** A random insert row of the type. */
    public GenericRow row(RowType type) {
        Object[] values = new Object[type.fieldCount()];
        for (int i = 0; i < values.length; i++) {
            values[i] = value(type.typeAt(i));
        }
        return GenericRow.of(values);
    }

    /** A random value of the type, or null (only if the type is nullable). */
    public Object value(DataType type) {
        if (type.nullable() && random.nextDouble() < nullRate) {
            return null;
        }
        return nonNullValue(type);
    }

    /** A random non-null value of the type. */
    public Object nonNullValue(DataType type) {
        if (type instanceof ArrayType a) {
            Object[] elements = new Object[random.nextInt(5)];
            for (int i = 0; i < elements.length; i++) {
                elements[i] = value(a.element());
            }
            return new GenericArray(elements);
        } else if (type instanceof MapType m) {
            return map(m.key(), m.value());
        } else if (type instanceof MultisetType m) {
            return map(m.element(), DataTypes.INT().withNullable(false));
        } else if (type instanceof RowType r) {
            return row(r);
        }
        return atomic((AtomicType) type);
    }

    private GenericMap map(DataType keyType, DataType valueType) {
        int size = random.nextInt(4);
        List<Object> keys = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int attempt = 0; attempt < size * 3 && keys.size() < size; attempt++) {
            // Keys are never null and never repeat: Paimon's file formats keep neither.
            Object key = nonNullValue(keyType);
            if (seen.add(Rows.value(key, keyType))) {
                keys.add(key);
                boolean isCount = valueType.root() == io.strata.types.TypeRoot.INT && !valueType.nullable();
                values.add(isCount ? Integer.valueOf(1 + random.nextInt(5)) : value(valueType));
            }
        }
        return new GenericMap(new GenericArray(keys.toArray()), new GenericArray(values.toArray()));
    }

    private Object atomic(AtomicType type) {
        return switch (type.root()) {
            case BOOLEAN -> random.nextBoolean();
            case TINYINT -> (byte) pickLong(Byte.MIN_VALUE, Byte.MAX_VALUE);
            case SMALLINT -> (short) pickLong(Short.MIN_VALUE, Short.MAX_VALUE);
            case INT -> (int) pickLong(Integer.MIN_VALUE, Integer.MAX_VALUE);
            case BIGINT -> pickLong(Long.MIN_VALUE, Long.MAX_VALUE);
            case FLOAT -> floatValue();
            case DOUBLE -> doubleValue();
            case DECIMAL -> decimal(type.precision(), type.scale());
            case CHAR -> Utf8String.fromString(charValue(type.length()));
            case VARCHAR -> Utf8String.fromString(string(0, Math.min(type.length(), 300)));
            case BINARY -> bytes(type.length(), type.length());
            case VARBINARY -> bytes(0, Math.min(type.length(), 300));
            case DATE -> (int) day();
            case TIME -> time(type.precision());
            case TIMESTAMP -> timestamp(type.precision(), true);
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> timestamp(type.precision(), false);
            case ARRAY, MAP, MULTISET, ROW -> throw new IllegalStateException("not atomic: " + type);
        };
    }

    private long pickLong(long min, long max) {
        return switch (random.nextInt(8)) {
            case 0 -> random.nextBoolean() ? min : max;
            case 1 -> random.nextInt(3) - 1;
            case 2 -> random.nextBoolean() ? min + 1 : max - 1;
            case 3 -> random.nextInt(200) - 100;
            default -> min + (long) (random.nextDouble() * ((double) max - (double) min));
        };
    }

    private float floatValue() {
        return switch (random.nextInt(12)) {
            case 0 -> -0.0f;
            case 1 -> 0.0f;
            case 2 -> Float.NaN;
            case 3 -> random.nextBoolean() ? Float.POSITIVE_INFINITY : Float.NEGATIVE_INFINITY;
            case 4 -> random.nextBoolean() ? Float.MIN_VALUE : Float.MAX_VALUE;
            case 5 -> -Float.MAX_VALUE;
            default -> Float.intBitsToFloat(random.nextInt());
        };
    }

    private double doubleValue() {
        return switch (random.nextInt(12)) {
            case 0 -> -0.0d;
            case 1 -> 0.0d;
            case 2 -> Double.NaN;
            case 3 -> random.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
            case 4 -> random.nextBoolean() ? Double.MIN_VALUE : Double.MAX_VALUE;
            case 5 -> -Double.MAX_VALUE;
            case 6 -> random.nextInt(1000) / 8.0;
            default -> Double.longBitsToDouble(random.nextLong());
        };
    }

    private Object decimal(int precision, int scale) {
        BigInteger max = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
        BigInteger unscaled =
                switch (random.nextInt(6)) {
                    case 0 -> max;
                    case 1 -> max.negate();
                    case 2 -> BigInteger.valueOf(random.nextInt(3) - 1);
                    default -> {
                        int digits = 1 + random.nextInt(precision);
                        BigInteger v = new BigInteger(digits * 4, random).mod(BigInteger.TEN.pow(digits));
                        yield random.nextBoolean() ? v.negate() : v;
                    }
                };
        return Decimal.fromBigDecimal(new java.math.BigDecimal(unscaled, scale), precision, scale);
    }

    /** A string of {@code min..max} code points (a quarter of VARCHARs are exactly 7 or 8 bytes). */
    public String string(int min, int max) {
        if (min != max && random.nextInt(4) == 0) {
            // Around the 7-byte inline limit of BinaryRow: ASCII of 6..9 bytes, when the type allows.
            int len = Math.max(min, Math.min(max, 6 + random.nextInt(4)));
            return ascii(len);
        }
        int len = min == max ? min : min + random.nextInt(Math.min(max, 20) - min + 1);
        if (min != max && random.nextInt(20) == 0) {
            len = max; // a long string now and then (VARCHAR lengths are capped at 300 above)
        }
        StringBuilder sb = new StringBuilder();
        boolean multiByte = random.nextInt(3) == 0;
        for (int i = 0; i < len; i++) {
            int cp = multiByte ? CODE_POINTS[random.nextInt(CODE_POINTS.length)] : 'a' + random.nextInt(26);
            sb.appendCodePoint(cp);
        }
        return sb.toString();
    }

    private String charValue(int length) {
        String s = string(length, length);
        // ORC stores CHAR(n) padded and its reader trims trailing spaces: such a value does not survive.
        while (fileSafe && s.endsWith(" ")) {
            s = s.substring(0, s.length() - 1) + "x";
        }
        return s;
    }

    private String ascii(int len) {
        StringBuilder sb = new StringBuilder(len);
        for (int i = 0; i < len; i++) {
            sb.append((char) ('a' + random.nextInt(26)));
        }
        return sb.toString();
    }

    private byte[] bytes(int min, int max) {
        int len = min == max ? min : min + random.nextInt(Math.min(max, 20) - min + 1);
        if (min != max && random.nextInt(20) == 0) {
            len = max;
        }
        byte[] b = new byte[len];
        random.nextBytes(b);
        return b;
    }

    private long day() {
        long min = fileSafe ? SAFE_MIN_DAY : MIN_DAY;
        long max = fileSafe ? SAFE_MAX_DAY : MAX_DAY;
        if (!fileSafe && random.nextInt(8) == 0) {
            return random.nextInt(5) - 2; // around the epoch
        }
        return min + (long) (random.nextDouble() * (max - min));
    }

    private int time(int precision) {
        int millis = random.nextInt(86_400_000);
        int unit = precision >= 3 ? 1 : (int) Math.pow(10, 3 - precision);
        return millis - millis % unit;
    }

    private Timestamp timestamp(int precision, boolean wallTime) {
        while (true) {
            long millis = day() * 86_400_000L + random.nextInt(86_400_000);
            int nanos = random.nextInt(1_000_000);
            if (precision <= 3) {
                int unit = (int) Math.pow(10, 3 - precision);
                millis -= Math.floorMod(millis, unit);
                nanos = 0;
            } else {
                int unit = (int) Math.pow(10, 9 - precision);
                nanos -= nanos % unit;
            }
            Timestamp t = Timestamp.of(millis, nanos);
            if (!fileSafe || !wallTime || existsInJvmZone(t.toLocalDateTime())) {
                return t;
            }
        }
    }

    private static boolean existsInJvmZone(LocalDateTime wallTime) {
        return !ZoneId.systemDefault().getRules().getValidOffsets(wallTime).isEmpty();
    }
}
