package io.strata.snapshot;

import io.strata.api.PublicApi;
import io.strata.data.Decimal;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;

/**
 * The text form of a column's minimum and maximum in a {@link Statistics} file, as Paimon's serializers write
 * it: integers and floating-point numbers as Java prints them, DATE as its epoch day, TIME as its millisecond
 * of the day, DECIMAL as a plain number, CHAR/VARCHAR as themselves, TIMESTAMP as {@code yyyy-MM-dd
 * HH:mm:ss[.fraction]} (the fraction's trailing zeros dropped down to the type's precision). Binary and nested
 * types have no text form: their minimum and maximum are not written.
 */
@PublicApi
public final class StatisticsText {

    private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd HH:mm:ss")
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd()
            .toFormatter();

    private StatisticsText() {
    }

    /** Whether values of the type have a text form (a minimum and maximum can be written). */
    public static boolean hasTextForm(DataType type) {
        return switch (type.root()) {
            case BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DECIMAL, CHAR, VARCHAR, DATE, TIME,
                    TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> true;
            case BINARY, VARBINARY, ARRAY, MAP, MULTISET, ROW -> false;
        };
    }

    /** The text of an internal value of the type (as {@code RowValues} reads it), or null for null. */
    public static String format(Object value, DataType type) {
        if (value == null) {
            return null;
        }
        return switch (type.root()) {
            case BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DATE, TIME, CHAR, VARCHAR -> value.toString();
            case DECIMAL -> ((Decimal) value).toBigDecimal().toPlainString();
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> timestamp((Timestamp) value, ((AtomicType) type).precision());
            case BINARY, VARBINARY, ARRAY, MAP, MULTISET, ROW -> throw new IllegalArgumentException(
                    "A " + type + " value has no text form in a statistics file");
        };
    }

    /**
     * The internal value of a text written by {@link #format} (or by Paimon); fails naming the text and type when
     * it is not one.
     */
    public static Object parse(String text, DataType type) {
        if (text == null) {
            return null;
        }
        try {
            return switch (type.root()) {
                case BOOLEAN -> parseBoolean(text);
                case TINYINT -> Byte.parseByte(text);
                case SMALLINT -> Short.parseShort(text);
                case INT, DATE, TIME -> Integer.parseInt(text);
                case BIGINT -> Long.parseLong(text);
                case FLOAT -> Float.parseFloat(text);
                case DOUBLE -> Double.parseDouble(text);
                case DECIMAL -> Decimal.fromBigDecimal(new BigDecimal(text), ((AtomicType) type).precision(),
                        ((AtomicType) type).scale());
                case CHAR, VARCHAR -> Utf8String.fromString(text);
                case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
                        Timestamp.fromLocalDateTime(LocalDateTime.parse(text, TIMESTAMP));
                case BINARY, VARBINARY, ARRAY, MAP, MULTISET, ROW -> throw new IllegalArgumentException(
                        "a " + type + " value has no text form");
            };
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("'" + text + "' is not a " + type + " value of a statistics file: "
                    + e.getMessage(), e);
        }
    }

    private static Boolean parseBoolean(String text) {
        if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(text);
        }
        throw new IllegalArgumentException("expected true or false");
    }

    private static String timestamp(Timestamp value, int precision) {
        LocalDateTime t = value.toLocalDateTime();
        String text = String.format("%04d-%02d-%02d %02d:%02d:%02d", t.getYear(), t.getMonthValue(), t.getDayOfMonth(),
                t.getHour(), t.getMinute(), t.getSecond());
        String fraction = String.format("%09d", t.getNano());
        int length = fraction.length();
        while (length > precision && fraction.charAt(length - 1) == '0') {
            length--;
        }
        return length == 0 ? text : text + "." + fraction.substring(0, length);
    }
}
