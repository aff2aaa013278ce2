package io.strata.schema;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How much a manifest entry records about one column of a data file (Paimon's {@code metadata.stats-mode}
 * values): {@code none} (nothing, not even a null count), {@code counts} (the null count), {@code full} (null
 * count, minimum and maximum) or {@code truncate(N)} (as full, but a string minimum is cut to its first N code
 * points and a string maximum is cut and its last code point incremented, so that it still bounds every value;
 * when no such bound exists the column keeps its null count only).
 *
 * @param kind what is kept
 * @param truncateLength code points kept of string values in {@link Kind#TRUNCATE} mode, 0 otherwise
 */
public record StatsMode(Kind kind, int truncateLength) {

    /** The four modes. */
    public enum Kind { NONE, COUNTS, TRUNCATE, FULL }

    public static final StatsMode NONE = new StatsMode(Kind.NONE, 0);
    public static final StatsMode COUNTS = new StatsMode(Kind.COUNTS, 0);
    public static final StatsMode FULL = new StatsMode(Kind.FULL, 0);

    private static final Pattern TRUNCATE = Pattern.compile("TRUNCATE\\((\\d+)\\)");

    public StatsMode {
        if ((kind == Kind.TRUNCATE) != (truncateLength > 0)) {
            throw new IllegalArgumentException("A truncate length > 0 goes with truncate mode only: " + kind + " "
                    + truncateLength);
        }
    }

    /** {@code truncate(length)}; length > 0. */
    public static StatsMode truncate(int length) {
        return new StatsMode(Kind.TRUNCATE, length);
    }

    /**
     * Parses a mode as Paimon 1.4.2 does: {@code none}, {@code counts}, {@code full} or {@code truncate(N)} with
     * N > 0, in any case, without blanks.
     */
    public static StatsMode parse(String text) {
        String upper = text.toUpperCase(Locale.ROOT);
        switch (upper) {
            case "NONE":
                return NONE;
            case "COUNTS":
                return COUNTS;
            case "FULL":
                return FULL;
            default:
                break;
        }
        Matcher m = TRUNCATE.matcher(upper);
        if (m.matches()) {
            int length;
            try {
                length = Integer.parseInt(m.group(1));
            } catch (NumberFormatException e) {
                length = 0;
            }
            if (length > 0) {
                return truncate(length);
            }
        }
        throw new IllegalArgumentException("expected none, counts, full or truncate(<length>) with a length > 0");
    }

    @Override
    public String toString() {
        return kind == Kind.TRUNCATE ? "truncate(" + truncateLength + ")" : kind.name().toLowerCase(Locale.ROOT);
    }
}
