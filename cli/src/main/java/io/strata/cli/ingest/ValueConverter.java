package io.strata.cli.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.data.Decimal;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.TypeRoot;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Turns input values (CSV text, JSON values) into the internal values a table row holds for a column type:
 * {@link Utf8String} for strings, {@link Decimal}, {@link Timestamp}, days since the epoch for DATE, millis
 * of the day for TIME, base64-decoded bytes for BINARY. Fails with a reason that names the expected form;
 * the caller adds the column and the line. Values are not rounded silently: a decimal with too many digits,
 * an out-of-range integer or a too-long VARCHAR is an error. Only timestamps lose the digits beyond the
 * column's precision, as a SQL cast to that precision would.
 */
public final class ValueConverter {

    private static final Pattern INTEGER = Pattern.compile("[-+]?\\d+");
    private static final Pattern BASE64 = Pattern.compile("(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?");
    private static final Pattern OFFSET = Pattern.compile(".*(Z|[+-]\\d\\d(:?\\d\\d)?)$", Pattern.CASE_INSENSITIVE);

    private final EpochUnit epochUnit;
    private final boolean base64Decimals;

    /**
     * @param epochUnit the unit of timestamps and times given as numbers
     * @param base64Decimals whether a DECIMAL given as a JSON string that is not a number is read as Debezium's
     *     "precise" encoding (base64 of the unscaled big-endian two's complement value)
     */
    public ValueConverter(EpochUnit epochUnit, boolean base64Decimals) {
        this.epochUnit = epochUnit;
        this.base64Decimals = base64Decimals;
    }

    /** Converts text (a CSV field, or a JSON string) to the type's internal value. */
    public Object fromText(String text, DataType type) {
        AtomicType t = atomic(type);
        String s = t.root().isCharacterString() ? text : text.strip();
        return switch (t.root()) {
            case BOOLEAN -> bool(s);
            case TINYINT -> (byte) integer(s, Byte.MIN_VALUE, Byte.MAX_VALUE, t);
            case SMALLINT -> (short) integer(s, Short.MIN_VALUE, Short.MAX_VALUE, t);
            case INT -> (int) integer(s, Integer.MIN_VALUE, Integer.MAX_VALUE, t);
            case BIGINT -> integer(s, Long.MIN_VALUE, Long.MAX_VALUE, t);
            case FLOAT -> (float) floating(s);
            case DOUBLE -> floating(s);
            case DECIMAL -> decimal(number(s, t), t);
            case CHAR, VARCHAR -> string(s, t);
            case BINARY, VARBINARY -> binary(s, t);
            case DATE -> INTEGER.matcher(s).matches() ? Math.toIntExact(integer(s, FIRST_DAY, LAST_DAY, t)) : date(s);
            case TIME -> INTEGER.matcher(s).matches() ? timeOfDay(Long.parseLong(s)) : time(s);
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> INTEGER.matcher(s).matches()
                    ? epochTimestamp(Long.parseLong(s), t) : timestamp(s, t);
            case ARRAY, MAP, MULTISET, ROW -> throw new IllegalStateException(t.root().name());
        };
    }

    /** Converts a JSON value; JSON null gives null. */
    public Object fromJson(JsonNode node, DataType type) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return null;
        }
        AtomicType t = atomic(type);
        if (node.isTextual()) {
            if (t.root() == TypeRoot.DECIMAL && base64Decimals && !looksNumeric(node.asText())) {
                return decimal(unscaled(node.asText(), t.scale()), t);
            }
            return fromText(node.asText(), t);
        }
        if (node.isObject() && t.root() == TypeRoot.DECIMAL && node.has("scale") && node.has("value")) {
            // Debezium's VariableScaleDecimal: {"scale": 2, "value": "<base64 unscaled>"}.
            return decimal(unscaled(node.get("value").asText(), node.get("scale").asInt()), t);
        }
        if (node.isBoolean()) {
            if (t.root() != TypeRoot.BOOLEAN) {
                throw new IllegalArgumentException("a boolean where " + t.asSqlString() + " is expected");
            }
            return node.booleanValue();
        }
        if (node.isNumber()) {
            return switch (t.root()) {
                case FLOAT -> node.floatValue();
                case DOUBLE -> node.doubleValue();
                case DECIMAL -> decimal(node.decimalValue(), t);
                case CHAR, VARCHAR -> string(node.asText(), t);
                default -> fromText(integral(node), t);
            };
        }
        throw new IllegalArgumentException("a JSON " + node.getNodeType().name().toLowerCase(Locale.ROOT)
                + " where " + t.asSqlString() + " is expected");
    }

    private static AtomicType atomic(DataType type) {
        if (type instanceof AtomicType t) {
            return t;
        }
        throw new IllegalArgumentException("type " + type.asSqlString() + " is not supported by ingest "
                + "(ARRAY, MAP, MULTISET and ROW columns cannot be loaded)");
    }

    private static String integral(JsonNode node) {
        if (node.isIntegralNumber()) {
            return node.bigIntegerValue().toString();
        }
        BigDecimal d = node.decimalValue();
        try {
            return d.toBigIntegerExact().toString();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("a fraction where a whole number is expected");
        }
    }

    private static boolean bool(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw new IllegalArgumentException("not a boolean (true, false, 1 or 0)");
        };
    }

    private static long integer(String s, long min, long max, AtomicType t) {
        if (!INTEGER.matcher(s).matches()) {
            throw new IllegalArgumentException("not a whole number");
        }
        BigInteger v = new BigInteger(s.startsWith("+") ? s.substring(1) : s);
        if (v.compareTo(BigInteger.valueOf(min)) < 0 || v.compareTo(BigInteger.valueOf(max)) > 0) {
            throw new IllegalArgumentException("out of range for " + t.asSqlString() + " (" + min + ".." + max + ")");
        }
        return v.longValue();
    }

    private static double floating(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a number");
        }
    }

    private static BigDecimal number(String s, AtomicType t) {
        try {
            return new BigDecimal(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a decimal number for " + t.asSqlString());
        }
    }

    private static boolean looksNumeric(String s) {
        try {
            new BigDecimal(s.strip());
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static BigDecimal unscaled(String base64, int scale) {
        // Padded base64 only: a short word such as "abc" must be an error, not a decoded number.
        if (!BASE64.matcher(base64.strip()).matches()) {
            throw new IllegalArgumentException("neither a decimal number nor base64 of an unscaled decimal");
        }
        try {
            return new BigDecimal(new BigInteger(Base64.getDecoder().decode(base64.strip())), scale);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("neither a decimal number nor base64 of an unscaled decimal");
        }
    }

    private static Decimal decimal(BigDecimal v, AtomicType t) {
        BigDecimal scaled;
        try {
            scaled = v.setScale(t.scale(), RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("has more than " + t.scale() + " decimal place(s) for " + t.asSqlString());
        }
        if (scaled.precision() > t.precision()) {
            throw new IllegalArgumentException("has more than " + t.precision() + " digits for " + t.asSqlString());
        }
        return Decimal.fromBigDecimal(scaled, t.precision(), t.scale());
    }

    private static Utf8String string(String s, AtomicType t) {
        if (t.length() != AtomicType.MAX_LENGTH && s.codePointCount(0, s.length()) > t.length()) {
            throw new IllegalArgumentException("longer than " + t.length() + " characters for " + t.asSqlString());
        }
        return Utf8String.fromString(s);
    }

    private static byte[] binary(String s, AtomicType t) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(s);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not base64 (binary values are read as base64)");
        }
        if (t.length() != AtomicType.MAX_LENGTH && bytes.length > t.length()) {
            throw new IllegalArgumentException("longer than " + t.length() + " bytes for " + t.asSqlString());
        }
        return bytes;
    }

    /**
     * Days since 1970-01-01 of 0001-01-01 and 9999-12-31: the dates Hive, Paimon and the SQL standard have, and
     * the years a TIMESTAMP text can name, so a DATE given as a day number gets the same range.
     */
    static final long FIRST_DAY = LocalDate.of(1, 1, 1).toEpochDay();
    static final long LAST_DAY = LocalDate.of(9999, 12, 31).toEpochDay();

    private static int date(String s) {
        LocalDate date;
        try {
            date = LocalDate.parse(s);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("not a date yyyy-MM-dd (or days since 1970-01-01)");
        }
        if (date.toEpochDay() < FIRST_DAY || date.toEpochDay() > LAST_DAY) {
            throw new IllegalArgumentException("out of range for DATE (0001-01-01..9999-12-31)");
        }
        return Math.toIntExact(date.toEpochDay());
    }

    private static int time(String s) {
        try {
            return (int) (LocalTime.parse(s).toNanoOfDay() / 1_000_000L);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("not a time HH:mm[:ss[.fff]]");
        }
    }

    private int timeOfDay(long value) {
        long nanos = epochUnit.forTimeOfDay(value).toNanos(value);
        if (nanos < 0 || nanos >= 86_400_000_000_000L) {
            throw new IllegalArgumentException("out of range for a time of day");
        }
        return (int) (nanos / 1_000_000L);
    }

    private Timestamp epochTimestamp(long value, AtomicType t) {
        long nanos;
        try {
            nanos = epochUnit.forTimestamp(value).toNanos(value);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("out of range for a timestamp");
        }
        long millis = Math.floorDiv(nanos, 1_000_000L);
        return truncate(Timestamp.of(millis, (int) Math.floorMod(nanos, 1_000_000L)), t.precision());
    }

    /** ISO text; with an offset or Z it is an instant (stored as its UTC wall time for TIMESTAMP). */
    private static Timestamp timestamp(String s, AtomicType t) {
        String iso = s.length() > 10 && s.charAt(10) == ' ' ? s.substring(0, 10) + 'T' + s.substring(11) : s;
        try {
            Timestamp ts;
            if (iso.length() > 10 && OFFSET.matcher(iso.substring(10)).matches()) {
                Instant instant = OffsetDateTime.parse(iso.toUpperCase(Locale.ROOT)).toInstant();
                ts = Timestamp.fromLocalDateTime(LocalDateTime.ofInstant(instant, ZoneOffset.UTC));
            } else if (iso.length() == 10) {
                ts = Timestamp.fromLocalDateTime(LocalDate.parse(iso).atStartOfDay());
            } else {
                ts = Timestamp.fromLocalDateTime(LocalDateTime.parse(iso));
            }
            return truncate(ts, t.precision());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("not a timestamp yyyy-MM-dd[ HH:mm:ss[.fff]][Z|+hh:mm] "
                    + "(or a number since the epoch)");
        }
    }

    /** Drops digits beyond the column's precision, as the column could not store them anyway. */
    private static Timestamp truncate(Timestamp ts, int precision) {
        long nanosOfMilli = ts.nanoOfMillisecond();
        if (precision >= 9) {
            return ts;
        }
        if (precision <= 3) {
            long unit = (long) Math.pow(10, 3 - precision);
            return Timestamp.of(Math.floorDiv(ts.millisecond(), unit) * unit, 0);
        }
        long unit = (long) Math.pow(10, 9 - precision);
        return Timestamp.of(ts.millisecond(), (int) (nanosOfMilli / unit * unit));
    }
}
