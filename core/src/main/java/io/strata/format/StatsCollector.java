package io.strata.format;

import io.strata.data.Row;
import io.strata.data.RowValues;
import io.strata.data.Utf8String;
import io.strata.types.DataType;
import io.strata.types.RowType;
import io.strata.types.TypeRoot;
import java.util.Arrays;

/**
 * Collects per-column min, max and null count while a file is written, in Paimon's default
 * {@code metadata.stats-mode=truncate(16)}: strings are cut to 16 characters, and a cut maximum has its
 * last character incremented so that it still bounds every value. Nested columns get null counts only.
 * Both format writers use it, so stats never depend on the format.
 */
public final class StatsCollector {

    /** Characters kept of a string min/max in truncate(16) mode. */
    public static final int TRUNCATE_LENGTH = 16;

    private final DataType[] types;
    private final Object[] mins;
    private final Object[] maxs;
    private final long[] nullCounts;

    public StatsCollector(RowType type) {
        this.types = type.fieldTypes().toArray(new DataType[0]);
        this.mins = new Object[types.length];
        this.maxs = new Object[types.length];
        this.nullCounts = new long[types.length];
    }

    /** Adds one row of the file type. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void collect(Row row) {
        for (int i = 0; i < types.length; i++) {
            if (row.isNullAt(i)) {
                nullCounts[i]++;
                continue;
            }
            DataType t = types[i];
            if (t.root().isNested()) {
                continue;
            }
            if (t.root() == TypeRoot.BINARY || t.root() == TypeRoot.VARBINARY) {
                // Paimon keeps no min/max for binary columns.
                continue;
            }
            Object v = RowValues.get(row, i, t);
            if (v instanceof Float f && f.isNaN() || v instanceof Double d && d.isNaN()) {
                continue;
            }
            if (mins[i] == null || ((Comparable) v).compareTo(mins[i]) < 0) {
                mins[i] = detach(v);
            }
            if (maxs[i] == null || ((Comparable) v).compareTo(maxs[i]) > 0) {
                maxs[i] = detach(v);
            }
        }
    }

    private static Object detach(Object v) {
        return v instanceof Utf8String s ? s.copy() : v;
    }

    /** The stats so far, strings truncated. */
    public FieldStats[] result() {
        FieldStats[] out = new FieldStats[types.length];
        for (int i = 0; i < types.length; i++) {
            Object min = mins[i];
            Object max = maxs[i];
            if (min instanceof Utf8String s) {
                min = truncateMin(s);
            }
            if (max instanceof Utf8String s) {
                max = truncateMax(s);
            }
            out[i] = new FieldStats(min, max, nullCounts[i]);
        }
        return out;
    }

    static Utf8String truncateMin(Utf8String s) {
        String str = s.toString();
        if (str.codePointCount(0, str.length()) <= TRUNCATE_LENGTH) {
            return s;
        }
        return Utf8String.fromString(str.substring(0, str.offsetByCodePoints(0, TRUNCATE_LENGTH)));
    }

    /** The truncated maximum with its last code point incremented, or null if no bound can be made. */
    static Utf8String truncateMax(Utf8String s) {
        String str = s.toString();
        if (str.codePointCount(0, str.length()) <= TRUNCATE_LENGTH) {
            return s;
        }
        int[] cps = str.codePoints().limit(TRUNCATE_LENGTH).toArray();
        for (int i = cps.length - 1; i >= 0; i--) {
            int next = cps[i] + 1;
            if (next <= Character.MAX_CODE_POINT && !(next >= Character.MIN_SURROGATE && next <= Character.MAX_SURROGATE)) {
                cps[i] = next;
                return Utf8String.fromString(new String(Arrays.copyOf(cps, i + 1), 0, i + 1));
            }
        }
        return null;
    }

}
