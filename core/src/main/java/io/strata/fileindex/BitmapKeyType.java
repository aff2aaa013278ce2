package io.strata.fileindex;

import io.strata.data.Row;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.TypeRoot;
import java.nio.charset.StandardCharsets;

/**
 * How a bitmap index keys the values of a column type, as Paimon's {@code BitmapFileIndex} does: CHAR and
 * VARCHAR as strings; BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT and DOUBLE as themselves; DATE (days) and
 * TIME (milliseconds) as INT; TIMESTAMP and TIMESTAMP WITH LOCAL TIME ZONE as BIGINT milliseconds (precision up
 * to 3) or microseconds. BINARY, VARBINARY, DECIMAL and nested types take no bitmap index in Paimon.
 */
final class BitmapKeyType {

    private final TypeRoot root;
    private final int precision;
    private final BitmapKey.Kind kind;

    private BitmapKeyType(TypeRoot root, int precision, BitmapKey.Kind kind) {
        this.root = root;
        this.precision = precision;
        this.kind = kind;
    }

    /** The keying of {@code type}, or null if Paimon's bitmap index does not take the type. */
    static BitmapKeyType of(DataType type) {
        BitmapKey.Kind kind = switch (type.root()) {
            case CHAR, VARCHAR -> BitmapKey.Kind.STRING;
            case BOOLEAN -> BitmapKey.Kind.BOOLEAN;
            case TINYINT -> BitmapKey.Kind.BYTE;
            case SMALLINT -> BitmapKey.Kind.SHORT;
            case INT, DATE, TIME -> BitmapKey.Kind.INT;
            case BIGINT, TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> BitmapKey.Kind.LONG;
            case FLOAT -> BitmapKey.Kind.FLOAT;
            case DOUBLE -> BitmapKey.Kind.DOUBLE;
            case DECIMAL, BINARY, VARBINARY, ARRAY, MAP, MULTISET, ROW -> null;
        };
        if (kind == null) {
            return null;
        }
        boolean timestamp = type.root() == TypeRoot.TIMESTAMP || type.root() == TypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE;
        return new BitmapKeyType(type.root(), timestamp ? ((AtomicType) type).precision() : 0, kind);
    }

    BitmapKey.Kind kind() {
        return kind;
    }

    /** Sets {@code key} to the non-null value at {@code pos} of {@code row} (a string key views the row's bytes). */
    void set(BitmapKey key, Row row, int pos) {
        switch (root) {
            case CHAR, VARCHAR -> {
                Utf8String s = row.getString(pos);
                key.setBytes(s.buffer(), s.offset(), s.length());
            }
            case BOOLEAN -> key.setBits(row.getBoolean(pos) ? 1 : 0);
            case TINYINT -> key.setBits(row.getByte(pos));
            case SMALLINT -> key.setBits(row.getShort(pos));
            case INT, DATE, TIME -> key.setBits(row.getInt(pos));
            case BIGINT -> key.setBits(row.getLong(pos));
            case FLOAT -> key.setBits(Float.floatToIntBits(row.getFloat(pos)));
            case DOUBLE -> key.setBits(Double.doubleToLongBits(row.getDouble(pos)));
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> key.setBits(timestamp(row.getTimestamp(pos, precision)));
            default -> throw new IllegalStateException("no bitmap key for " + root);
        }
    }

    /**
     * The key of a predicate literal (a value of the column's Java class), or null when the literal has none
     * (another class, or an integral value out of the column's range): such a literal proves nothing.
     */
    BitmapKey literal(Object literal) {
        BitmapKey key = new BitmapKey(kind);
        return switch (root) {
            case CHAR, VARCHAR -> {
                byte[] b = literal instanceof Utf8String s ? s.toBytes()
                        : literal instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : null;
                yield b == null ? null : key.setBytes(b, 0, b.length);
            }
            case BOOLEAN -> literal instanceof Boolean b ? key.setBits(b ? 1 : 0) : null;
            case TINYINT -> integral(key, literal, Byte.MIN_VALUE, Byte.MAX_VALUE);
            case SMALLINT -> integral(key, literal, Short.MIN_VALUE, Short.MAX_VALUE);
            case INT, DATE, TIME -> integral(key, literal, Integer.MIN_VALUE, Integer.MAX_VALUE);
            case BIGINT -> integral(key, literal, Long.MIN_VALUE, Long.MAX_VALUE);
            case FLOAT -> literal instanceof Float f ? key.setBits(Float.floatToIntBits(f)) : null;
            case DOUBLE -> literal instanceof Double d ? key.setBits(Double.doubleToLongBits(d)) : null;
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
                    literal instanceof Timestamp t ? key.setBits(timestamp(t)) : null;
            default -> null;
        };
    }

    private static BitmapKey integral(BitmapKey key, Object literal, long min, long max) {
        if (literal instanceof Byte || literal instanceof Short || literal instanceof Integer || literal instanceof Long) {
            long v = ((Number) literal).longValue();
            return v >= min && v <= max ? key.setBits(v) : null;
        }
        return null;
    }

    private long timestamp(Timestamp t) {
        return precision <= 3 ? t.millisecond() : t.toMicros();
    }
}
