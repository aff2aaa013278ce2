package io.strata.table.lifecycle;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.format.SignStyle;
import java.time.temporal.ChronoField;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;

/**
 * The time a partition's values name, as Paimon reads it for partition expiration: the text is the first
 * partition value, or {@code partition.timestamp-pattern} with each {@code $<key>} replaced by that key's
 * value (keys in partition order); it is parsed with {@code partition.timestamp-formatter} (a date-time, else
 * a date at midnight), or without one as {@code y-M-d} with an optional {@code H:m:s[.fraction]}, leniently.
 */
public final class PartitionTimeExtractor {

    private static final DateTimeFormatter DATE_TIME = new DateTimeFormatterBuilder()
            .appendValue(ChronoField.YEAR, 1, 10, SignStyle.NORMAL).appendLiteral('-')
            .appendValue(ChronoField.MONTH_OF_YEAR, 1, 2, SignStyle.NORMAL).appendLiteral('-')
            .appendValue(ChronoField.DAY_OF_MONTH, 1, 2, SignStyle.NORMAL)
            .optionalStart().appendLiteral(' ')
            .appendValue(ChronoField.HOUR_OF_DAY, 1, 2, SignStyle.NORMAL).appendLiteral(':')
            .appendValue(ChronoField.MINUTE_OF_HOUR, 1, 2, SignStyle.NORMAL).appendLiteral(':')
            .appendValue(ChronoField.SECOND_OF_MINUTE, 1, 2, SignStyle.NORMAL)
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true).optionalEnd()
            .optionalEnd()
            .toFormatter().withResolverStyle(ResolverStyle.LENIENT);

    private static final DateTimeFormatter DATE = new DateTimeFormatterBuilder()
            .appendValue(ChronoField.YEAR, 1, 10, SignStyle.NORMAL).appendLiteral('-')
            .appendValue(ChronoField.MONTH_OF_YEAR, 1, 2, SignStyle.NORMAL).appendLiteral('-')
            .appendValue(ChronoField.DAY_OF_MONTH, 1, 2, SignStyle.NORMAL)
            .toFormatter().withResolverStyle(ResolverStyle.LENIENT);

    private final String pattern;
    private final DateTimeFormatter formatter;

    /**
     * @param pattern {@code partition.timestamp-pattern}, or null for the first value
     * @param formatter {@code partition.timestamp-formatter}, or null for the default; a bad one fails naming it
     */
    public PartitionTimeExtractor(String pattern, String formatter) {
        this.pattern = pattern;
        try {
            this.formatter = formatter == null ? null : DateTimeFormatter.ofPattern(formatter, Locale.ROOT);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Table option 'partition.timestamp-formatter' = '" + formatter
                    + "' is not a date-time pattern: " + e.getMessage(), e);
        }
    }

    /**
     * The time of a partition with these keys and values (the partition's directory values, nulls as
     * null). Throws {@link DateTimeParseException} when the text is no time, and {@link NullPointerException}
     * when a value it needs is null, as Paimon does; callers keep such partitions.
     */
    public LocalDateTime extract(List<String> keys, List<String> values) {
        String text;
        if (pattern == null) {
            text = values.get(0).toString();
        } else {
            text = pattern;
            for (int i = 0; i < keys.size(); i++) {
                text = text.replaceAll("\\$" + keys.get(i), Matcher.quoteReplacement(values.get(i).toString()));
            }
        }
        if (formatter == null) {
            try {
                return LocalDateTime.parse(text, DATE_TIME);
            } catch (DateTimeParseException e) {
                return LocalDateTime.of(LocalDate.parse(text, DATE), LocalTime.MIDNIGHT);
            }
        }
        try {
            return LocalDateTime.parse(text, formatter);
        } catch (DateTimeParseException e) {
            return LocalDateTime.of(LocalDate.parse(text, formatter), LocalTime.MIDNIGHT);
        }
    }
}
