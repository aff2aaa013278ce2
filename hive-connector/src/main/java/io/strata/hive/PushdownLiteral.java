package io.strata.hive;

import io.strata.data.Decimal;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.AtomicType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import org.apache.hadoop.hive.serde2.io.HiveDecimalWritable;

/**
 * A literal of Hive's SearchArgument as core values of one column: the range {@code [low, high]} of
 * stored values Hive may consider equal to it. Most literals are exact (one value). Others are not:
 *
 * <ul>
 *   <li>CHAR: Hive ignores trailing spaces, and a CHAR value may be stored padded (Paimon writers pad,
 *       Strata's core stores what it is given): {@code [a, a + n spaces]} for CHAR(n).
 *   <li>FLOAT: Hive's SearchArgument carries the literal as a double, and Hive may compare in double
 *       or in float: a double no float holds becomes the two floats around it.
 *   <li>FLOAT and DOUBLE zero: Hive compares with {@code ==}, where -0.0 equals 0.0, while statistics order
 *       -0.0 below 0.0: {@code [-0.0, 0.0]}.
 *   <li>DECIMAL with more digits than the column's scale: the two column values around it.
 * </ul>
 *
 * A literal that cannot be converted without guessing is not converted ({@link #of} returns null), and
 * one whose order in Hive may differ from core's (strings with characters above U+D7FF, which Java's
 * String order puts differently than UTF-8 bytes; CHAR literals with control characters, which sort
 * below the padding) is only used for equality ({@link #ordered()} false).
 */
record PushdownLiteral(Object low, Object high, boolean exact, boolean ordered) {

    /** A transition of the JVM's zone this close to a LTZ literal may have shifted its wall-clock time. */
    private static final Duration TRANSITION_MARGIN = Duration.ofDays(1);

    private static PushdownLiteral exact(Object value) {
        return new PushdownLiteral(value, value, true, true);
    }

    private static PushdownLiteral range(Object low, Object high) {
        return new PushdownLiteral(low, high, false, true);
    }

    /**
     * The core value(s) of a Hive literal for a column of {@code type}, or null when it cannot be
     * converted exactly. {@code localZone} is the session zone of TIMESTAMP WITH LOCAL TIME ZONE
     * literals.
     */
    static PushdownLiteral of(Object hive, AtomicType type, ZoneId localZone) {
        if (hive == null) {
            return null;
        }
        try {
            return switch (type.root()) {
                case TINYINT -> hive instanceof Long l && l == l.byteValue() ? exact(l.byteValue()) : null;
                case SMALLINT -> hive instanceof Long l && l == l.shortValue() ? exact(l.shortValue()) : null;
                case INT -> hive instanceof Long l && l == l.intValue() ? exact(l.intValue()) : null;
                case BIGINT -> hive instanceof Long l ? exact(l) : null;
                case BOOLEAN -> hive instanceof Boolean b ? exact(b) : null;
                case DOUBLE -> hive instanceof Double d ? doubleLiteral(d) : null;
                case FLOAT -> hive instanceof Double d ? floatLiteral(d) : null;
                case VARCHAR -> hive instanceof String s ? string(s) : null;
                case CHAR -> hive instanceof String s ? paddedChar(s, type.length()) : null;
                case DECIMAL -> decimal(hive, type);
                case DATE -> date(hive);
                case TIMESTAMP -> hive instanceof java.sql.Timestamp t ? exact(Timestamp.fromLocalDateTime(wallClockUtc(t))) : null;
                case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> hive instanceof java.sql.Timestamp t ? instant(t, localZone) : null;
                default -> null; // TIME reads as a Hive string, BINARY is never pushed: no literal to trust
            };
        } catch (RuntimeException e) {
            return null; // a literal the column cannot hold: no pruning on it, Hive filters the rows
        }
    }

    private static PushdownLiteral doubleLiteral(double d) {
        if (Double.isNaN(d)) {
            return null; // NaN compares false with everything in Hive; statistics leave it out
        }
        return d == 0.0 ? range(-0.0d, 0.0d) : exact(d);
    }

    /**
     * A FLOAT column against a double literal. When a float holds the literal exactly both of Hive's ways
     * to compare agree; otherwise the range spans the floats just below and above it, which covers
     * comparing in float (the literal rounds to one of them) and in double (no float equals it).
     */
    private static PushdownLiteral floatLiteral(double d) {
        if (Double.isNaN(d)) {
            return null;
        }
        float f = (float) d;
        if (f == 0.0f) {
            // A tiny double may round to zero in float: the range of floats around it includes both zeros.
            return d == 0.0 ? range(-0.0f, 0.0f) : range(d < 0 ? -Float.MIN_VALUE : -0.0f, d < 0 ? 0.0f : Float.MIN_VALUE);
        }
        if ((double) f == d) {
            return exact(f);
        }
        float below = (double) f < d ? f : Math.nextDown(f);
        float above = (double) f > d ? f : Math.nextUp(f);
        return range(below, above);
    }

    private static PushdownLiteral string(String s) {
        return new PushdownLiteral(Utf8String.fromString(s), Utf8String.fromString(s), true, codeUnitOrderIsCodePointOrder(s));
    }

    /**
     * CHAR(n): Hive compares without trailing spaces (the SearchArgument carries a CHAR literal padded),
     * and the stored value may or may not be padded, so every value from the bare literal to the literal
     * followed by n spaces may equal it.
     */
    private static PushdownLiteral paddedChar(String literal, int length) {
        int end = literal.length();
        while (end > 0 && literal.charAt(end - 1) == ' ') {
            end--;
        }
        String bare = literal.substring(0, end);
        boolean ordered = codeUnitOrderIsCodePointOrder(bare) && bare.chars().noneMatch(c -> c < ' ');
        return new PushdownLiteral(Utf8String.fromString(bare), Utf8String.fromString(bare + " ".repeat(length)),
                false, ordered);
    }

    /**
     * Java orders strings by UTF-16 code unit, core by UTF-8 byte (code point); the two orders agree on
     * every comparison with a string that has no character from U+D800 up.
     */
    private static boolean codeUnitOrderIsCodePointOrder(String s) {
        return s.chars().allMatch(c -> c < 0xD800);
    }

    private static PushdownLiteral decimal(Object hive, AtomicType type) {
        BigDecimal value;
        if (hive instanceof HiveDecimalWritable w) {
            value = w.getHiveDecimal().bigDecimalValue();
        } else if (hive instanceof Long l) {
            value = BigDecimal.valueOf(l);
        } else {
            return null;
        }
        int scale = type.scale();
        BigDecimal floor = value.setScale(scale, RoundingMode.FLOOR);
        BigDecimal ceiling = value.setScale(scale, RoundingMode.CEILING);
        if (floor.precision() > type.precision() || ceiling.precision() > type.precision()) {
            return null; // beyond the column's range: every value is on one side, nothing to prune by
        }
        Decimal low = Decimal.fromBigDecimal(floor, type.precision(), scale);
        if (floor.compareTo(ceiling) == 0) {
            return exact(low);
        }
        return range(low, Decimal.fromBigDecimal(ceiling, type.precision(), scale));
    }

    private static PushdownLiteral date(Object hive) {
        if (hive instanceof java.sql.Date d) {
            // Hive builds it with Date.valueOf(LocalDate): toLocalDate gives that date back in any JVM zone.
            return exact((int) d.toLocalDate().toEpochDay());
        }
        if (hive instanceof LocalDate d) {
            return exact((int) d.toEpochDay());
        }
        if (hive instanceof org.apache.hadoop.hive.common.type.Date d) {
            return exact(d.toEpochDay());
        }
        return null;
    }

    /**
     * Hive turns a TIMESTAMP literal into {@code java.sql.Timestamp} through its own Timestamp's
     * {@code toSqlTimestamp}, whose epoch is the wall-clock time read as UTC: decoding it in the JVM's
     * zone would shift it by the JVM's offset.
     */
    static LocalDateTime wallClockUtc(java.sql.Timestamp t) {
        return LocalDateTime.ofEpochSecond(Math.floorDiv(t.getTime(), 1000L), t.getNanos(), ZoneOffset.UTC);
    }

    /**
     * A TIMESTAMP WITH LOCAL TIME ZONE literal: Hive passes its wall-clock time in the session zone as
     * {@code Timestamp.valueOf(LocalDateTime)} (JVM zone). Near a transition of the JVM zone that
     * round trip may shift the time, and near one of the session zone the wall-clock time may name two
     * instants or none: no pushdown there.
     */
    private static PushdownLiteral instant(java.sql.Timestamp t, ZoneId sessionZone) {
        LocalDateTime wallClock = t.toLocalDateTime();
        if (nearTransition(ZoneId.systemDefault(), wallClock)) {
            return null;
        }
        if (sessionZone.getRules().getValidOffsets(wallClock).size() != 1) {
            return null;
        }
        Instant instant = wallClock.atZone(sessionZone).toInstant();
        return exact(Timestamp.fromInstant(instant));
    }

    private static boolean nearTransition(ZoneId zone, LocalDateTime wallClock) {
        Instant around = wallClock.toInstant(ZoneOffset.UTC);
        ZoneOffsetTransition next = zone.getRules().nextTransition(around.minus(TRANSITION_MARGIN.multipliedBy(2)));
        return next != null && next.getInstant().isBefore(around.plus(TRANSITION_MARGIN.multipliedBy(2)));
    }
}
