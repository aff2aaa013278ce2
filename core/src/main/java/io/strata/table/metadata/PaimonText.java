package io.strata.table.metadata;

import io.strata.data.Row;
import io.strata.data.RowValues;
import io.strata.data.Timestamp;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.RowType;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Arrays;

/**
 * Values as text the way Apache Paimon 1.4.2's system tables print them, so that a metadata table reads the
 * same through Strata as through Paimon. Paimon prints two ways: partitions are CAST to STRING ({@link
 * #cast}, {@link #row}: dates as {@code 2024-01-01}), while key ranges and statistics print Paimon's internal
 * value objects ({@link #internal}: a date as its epoch day).
 */
final class PaimonText {

    private PaimonText() {}

    /** A row cast to STRING: {@code {2024-01-01, 3}}, a null field as {@code null}, no fields as {@code {}}. */
    static String row(Row row, RowType type) {
        StringBuilder text = new StringBuilder("{");
        for (int i = 0; i < type.fieldCount(); i++) {
            if (i > 0) {
                text.append(", ");
            }
            // A stats row may be shorter than its type (written before a column existed): the rest is unknown.
            Object value = i < row.arity() ? RowValues.get(row, i, type.typeAt(i)) : null;
            text.append(value == null ? "null" : cast(value, type.typeAt(i)));
        }
        return text.append('}').toString();
    }

    /**
     * A non-null value (of the internal value classes) cast to STRING: dates {@code yyyy-MM-dd}, times and
     * timestamps {@code HH:mm:ss} with as many fraction digits as their precision, local-zone timestamps in
     * the JVM's time zone, binary strings decoded as UTF-8, decimals with their scale.
     */
    static String cast(Object value, DataType type) {
        return switch (type.root()) {
            case DATE -> LocalDate.ofEpochDay((Integer) value).toString();
            case TIME -> time((Integer) value, ((AtomicType) type).precision());
            case TIMESTAMP -> timestamp(((Timestamp) value).toLocalDateTime(), ((AtomicType) type).precision());
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> timestamp(
                    LocalDateTime.ofInstant(((Timestamp) value).toInstant(), ZoneId.systemDefault()),
                    ((AtomicType) type).precision());
            case BINARY, VARBINARY -> new String((byte[]) value, StandardCharsets.UTF_8);
            case ROW -> row((Row) value, (RowType) type);
            // Partition columns and their stats are never arrays or maps; their text is what toString gives.
            case BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, CHAR, VARCHAR, DECIMAL, ARRAY, MAP,
                    MULTISET -> String.valueOf(value);
        };
    }

    /**
     * A value as Paimon's internal value object prints itself: numbers and strings as themselves, decimals
     * with their scale, timestamps as ISO local date-times ({@code 2024-01-01T00:00:04}), dates and times as
     * the int Paimon holds (epoch day, millisecond of the day). Binary values print as their bytes
     * ({@code [1, 2]}): Paimon prints a Java array's identity there ({@code [B@1b2c3d}), which no one can match.
     */
    static String internal(Object value) {
        if (value instanceof byte[] bytes) {
            return Arrays.toString(bytes);
        }
        return String.valueOf(value);
    }

    /** An instant as the local wall clock of the JVM's time zone, as Paimon shows commit and update times. */
    static Timestamp localTime(long epochMillis) {
        return Timestamp.fromLocalDateTime(
                LocalDateTime.ofInstant(Instant.ofEpochMilli(epochMillis), ZoneId.systemDefault()));
    }

    private static String time(int millisOfDay, int precision) {
        LocalTime t = LocalTime.ofNanoOfDay(millisOfDay * 1_000_000L);
        return String.format("%02d:%02d:%02d", t.getHour(), t.getMinute(), t.getSecond())
                + fraction(t.getNano(), precision);
    }

    private static String timestamp(LocalDateTime t, int precision) {
        return String.format("%04d-%02d-%02d %02d:%02d:%02d", t.getYear(), t.getMonthValue(), t.getDayOfMonth(),
                t.getHour(), t.getMinute(), t.getSecond()) + fraction(t.getNano(), precision);
    }

    /** The first {@code precision} digits of the nanoseconds, after a dot; nothing for precision 0. */
    private static String fraction(int nanos, int precision) {
        if (precision <= 0) {
            return "";
        }
        return "." + String.format("%09d", nanos).substring(0, Math.min(precision, 9));
    }
}
