package io.strata.snapshot;

import static java.time.temporal.ChronoField.DAY_OF_MONTH;
import static java.time.temporal.ChronoField.HOUR_OF_DAY;
import static java.time.temporal.ChronoField.MINUTE_OF_HOUR;
import static java.time.temporal.ChronoField.MONTH_OF_YEAR;
import static java.time.temporal.ChronoField.YEAR;

import io.strata.schema.LifecycleOptions;
import io.strata.schema.LifecycleOptions.TagPeriodFormatter;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.Map;
import java.util.Optional;

/**
 * The period of automatic tags and their names, as Paimon names them: daily {@code 2024-01-01},
 * hourly and two-hourly {@code 2024-01-01 10} (or without dashes / spaces per
 * {@code tag.period-formatter}), a custom {@code tag.creation-period-duration} {@code 202401011030}.
 * A tag names the period it closes: the snapshot of 2024-01-02 10:30 is tagged {@code 2024-01-01}.
 */
public final class TagPeriod {

    private static final DateTimeFormatter DAY = new DateTimeFormatterBuilder()
            .appendValue(YEAR, 4).appendLiteral('-').appendValue(MONTH_OF_YEAR, 2).appendLiteral('-')
            .appendValue(DAY_OF_MONTH, 2).toFormatter().withResolverStyle(ResolverStyle.STRICT);
    private static final DateTimeFormatter DAY_WITHOUT_DASHES = new DateTimeFormatterBuilder()
            .appendValue(YEAR, 4).appendValue(MONTH_OF_YEAR, 2).appendValue(DAY_OF_MONTH, 2)
            .toFormatter().withResolverStyle(ResolverStyle.STRICT);
    private static final DateTimeFormatter HOUR = new DateTimeFormatterBuilder()
            .appendValue(YEAR, 4).appendLiteral('-').appendValue(MONTH_OF_YEAR, 2).appendLiteral('-')
            .appendValue(DAY_OF_MONTH, 2).appendLiteral(' ').appendValue(HOUR_OF_DAY, 2)
            .toFormatter().withResolverStyle(ResolverStyle.STRICT);
    private static final DateTimeFormatter HOUR_WITHOUT_DASHES = new DateTimeFormatterBuilder()
            .appendValue(YEAR, 4).appendValue(MONTH_OF_YEAR, 2).appendValue(DAY_OF_MONTH, 2).appendLiteral(' ')
            .appendValue(HOUR_OF_DAY, 2).toFormatter().withResolverStyle(ResolverStyle.STRICT);
    private static final DateTimeFormatter HOUR_WITHOUT_DASHES_AND_SPACES = new DateTimeFormatterBuilder()
            .appendValue(YEAR, 4).appendValue(MONTH_OF_YEAR, 2).appendValue(DAY_OF_MONTH, 2)
            .appendValue(HOUR_OF_DAY, 2).toFormatter().withResolverStyle(ResolverStyle.STRICT);
    private static final DateTimeFormatter MINUTE = new DateTimeFormatterBuilder()
            .appendValue(YEAR, 4).appendValue(MONTH_OF_YEAR, 2).appendValue(DAY_OF_MONTH, 2)
            .appendValue(HOUR_OF_DAY, 2).appendValue(MINUTE_OF_HOUR, 2)
            .toFormatter().withResolverStyle(ResolverStyle.STRICT);

    private final Duration length;
    private final DateTimeFormatter formatter;
    private final boolean daily;

    private TagPeriod(Duration length, DateTimeFormatter formatter, boolean daily) {
        this.length = length;
        this.formatter = formatter;
        this.daily = daily;
    }

    /** The period the table's options describe. */
    public static TagPeriod of(Map<String, String> options) {
        Duration custom = LifecycleOptions.TAG_CREATION_PERIOD_DURATION.get(options);
        if (custom != null) {
            return new TagPeriod(custom, MINUTE, false);
        }
        TagPeriodFormatter style = LifecycleOptions.TAG_PERIOD_FORMATTER.get(options);
        return switch (LifecycleOptions.TAG_CREATION_PERIOD.get(options)) {
            case DAILY -> new TagPeriod(Duration.ofDays(1),
                    style == TagPeriodFormatter.WITH_DASHES ? DAY : DAY_WITHOUT_DASHES, true);
            case HOURLY -> new TagPeriod(Duration.ofHours(1), switch (style) {
                case WITH_DASHES -> HOUR;
                case WITHOUT_DASHES -> HOUR_WITHOUT_DASHES;
                case WITHOUT_DASHES_AND_SPACES -> HOUR_WITHOUT_DASHES_AND_SPACES;
            }, false);
            // Paimon names two-hour tags with dashes whatever the formatter says.
            case TWO_HOURS -> new TagPeriod(Duration.ofHours(2), HOUR, false);
        };
    }

    public Duration length() {
        return length;
    }

    /** The tag name of the period starting at {@code time}. */
    public String name(LocalDateTime time) {
        return time.format(formatter);
    }

    /** The start of the period a tag name denotes, or empty if it is not an automatic tag's name. */
    public Optional<LocalDateTime> parse(String tagName) {
        try {
            if (daily) {
                // Paimon reads only the date part of a daily tag.
                return Optional.of(LocalDate.parse(tagName.split(" ")[0], formatter).atStartOfDay());
            }
            return Optional.of(LocalDateTime.parse(tagName, formatter));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    public boolean isAutomaticTag(String tagName) {
        return parse(tagName).isPresent();
    }

    /**
     * The start of the last period that ended at or before {@code time}: the time is floored to the
     * period (counted from 1970-01-01 00:00 of the same wall clock), then one period back.
     */
    public LocalDateTime previousPeriodStart(LocalDateTime time) {
        long millis = time.toInstant(ZoneOffset.UTC).toEpochMilli();
        long periodMillis = length.toMillis();
        long floored = Math.floorDiv(millis, periodMillis) * periodMillis;
        return LocalDateTime.ofEpochSecond(Math.floorDiv(floored, 1000), (int) Math.floorMod(floored, 1000) * 1_000_000,
                ZoneOffset.UTC).minus(length);
    }

    public LocalDateTime next(LocalDateTime periodStart) {
        return periodStart.plus(length);
    }
}
