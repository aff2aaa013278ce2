package io.strata.format;

import io.strata.data.Decimal;
import io.strata.data.Row;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.RowType;
import io.strata.types.TypeRoot;
import java.util.Arrays;

/**
 * Collects per-column min, max and null count while a file is written, whole (Paimon's {@code full} mode:
 * what its ORC and Parquet writers read back from a file's footer); the writer of the manifest entry applies
 * the table's {@code metadata.stats-mode} to them ({@link #truncateMin}, {@link #truncateMax}). Nested and
 * binary columns get null counts only. Both format writers use it, so stats never depend on the format. Numbers, booleans and
 * timestamps are compared as primitives, each type by its own class (no comparison through an interface
 * that three types share); an object is kept only when a new minimum or maximum is found.
 */
public final class StatsCollector {

    private final ColumnStats[] columns;

    public StatsCollector(RowType type) {
        this.columns = new ColumnStats[type.fieldCount()];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = ColumnStats.forType(type.typeAt(i));
        }
    }

    /** Adds one row of the file type. */
    public void collect(Row row) {
        for (int i = 0; i < columns.length; i++) {
            if (row.isNullAt(i)) {
                columns[i].nullCount++;
            } else {
                columns[i].add(row, i);
            }
        }
    }

    /** The stats so far, whole (strings not truncated). */
    public FieldStats[] result() {
        FieldStats[] out = new FieldStats[columns.length];
        for (int i = 0; i < columns.length; i++) {
            out[i] = columns[i].result();
        }
        return out;
    }

    /** Min, max and nulls of one column. */
    private abstract static class ColumnStats {
        long nullCount;

        abstract void add(Row row, int pos);

        abstract FieldStats result();

        static ColumnStats forType(DataType type) {
            return switch (type.root()) {
                case TINYINT, SMALLINT, INT, DATE, TIME, BIGINT -> new IntegralStats(type);
                case FLOAT, DOUBLE -> new FloatingStats(type);
                case CHAR, VARCHAR -> new StringStats();
                case BOOLEAN -> new BooleanStats();
                case DECIMAL -> new DecimalStats((AtomicType) type);
                case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> new TimestampStats((AtomicType) type);
                // Paimon keeps no min/max for binary or nested columns.
                case BINARY, VARBINARY, ARRAY, MAP, MULTISET, ROW -> new NullCountOnly();
            };
        }
    }

    private static final class NullCountOnly extends ColumnStats {
        @Override
        void add(Row row, int pos) {}

        @Override
        FieldStats result() {
            return new FieldStats(null, null, nullCount);
        }
    }

    private static final class IntegralStats extends ColumnStats {
        private final TypeRoot root;
        private long min = Long.MAX_VALUE;
        private long max = Long.MIN_VALUE;
        private boolean any;

        IntegralStats(DataType type) {
            this.root = type.root();
        }

        @Override
        void add(Row row, int pos) {
            long v = switch (root) {
                case TINYINT -> row.getByte(pos);
                case SMALLINT -> row.getShort(pos);
                case BIGINT -> row.getLong(pos);
                default -> row.getInt(pos);
            };
            any = true;
            if (v < min) {
                min = v;
            }
            if (v > max) {
                max = v;
            }
        }

        @Override
        FieldStats result() {
            if (!any) {
                return new FieldStats(null, null, nullCount);
            }
            return new FieldStats(box(min), box(max), nullCount);
        }

        private Object box(long v) {
            return switch (root) {
                case TINYINT -> (byte) v;
                case SMALLINT -> (short) v;
                case BIGINT -> v;
                default -> (int) v;
            };
        }
    }

    private static final class FloatingStats extends ColumnStats {
        private final boolean isFloat;
        private double min = Double.POSITIVE_INFINITY;
        private double max = Double.NEGATIVE_INFINITY;
        private boolean any;

        FloatingStats(DataType type) {
            this.isFloat = type.root() == TypeRoot.FLOAT;
        }

        @Override
        void add(Row row, int pos) {
            double v = isFloat ? row.getFloat(pos) : row.getDouble(pos);
            if (Double.isNaN(v)) {
                return; // NaN has no place in an order: it neither bounds nor is bounded
            }
            if (!any || Double.compare(v, min) < 0) {
                min = v;
            }
            if (!any || Double.compare(v, max) > 0) {
                max = v;
            }
            any = true;
        }

        @Override
        FieldStats result() {
            if (!any) {
                return new FieldStats(null, null, nullCount);
            }
            return isFloat
                    ? new FieldStats((float) min, (float) max, nullCount)
                    : new FieldStats(min, max, nullCount);
        }
    }

    private static final class StringStats extends ColumnStats {
        private Utf8String min;
        private Utf8String max;

        @Override
        void add(Row row, int pos) {
            Utf8String v = row.getString(pos);
            if (min == null || v.compareTo(min) < 0) {
                min = v.copy();
            }
            if (max == null || v.compareTo(max) > 0) {
                max = v.copy();
            }
        }

        @Override
        FieldStats result() {
            return new FieldStats(min, max, nullCount);
        }
    }

    private static final class BooleanStats extends ColumnStats {
        private boolean anyFalse;
        private boolean anyTrue;

        @Override
        void add(Row row, int pos) {
            if (row.getBoolean(pos)) {
                anyTrue = true;
            } else {
                anyFalse = true;
            }
        }

        @Override
        FieldStats result() {
            if (!anyFalse && !anyTrue) {
                return new FieldStats(null, null, nullCount);
            }
            return new FieldStats(!anyFalse, anyTrue, nullCount);
        }
    }

    /** Decimals: the row's object is kept only when it is a new minimum or maximum. */
    private static final class DecimalStats extends ColumnStats {
        private final int precision;
        private final int scale;
        private Decimal min;
        private Decimal max;

        DecimalStats(AtomicType type) {
            this.precision = type.precision();
            this.scale = type.scale();
        }

        @Override
        void add(Row row, int pos) {
            Decimal v = row.getDecimal(pos, precision, scale);
            if (min == null || v.compareTo(min) < 0) {
                min = v;
            }
            if (max == null || v.compareTo(max) > 0) {
                max = v;
            }
        }

        @Override
        FieldStats result() {
            return new FieldStats(min, max, nullCount);
        }
    }

    /** Timestamps compared on their millisecond and nanosecond, without a call per comparison. */
    private static final class TimestampStats extends ColumnStats {
        private final int precision;
        private Timestamp min;
        private Timestamp max;

        TimestampStats(AtomicType type) {
            this.precision = type.precision();
        }

        @Override
        void add(Row row, int pos) {
            Timestamp v = row.getTimestamp(pos, precision);
            long millis = v.millisecond();
            int nanos = v.nanoOfMillisecond();
            if (min == null || millis < min.millisecond()
                    || (millis == min.millisecond() && nanos < min.nanoOfMillisecond())) {
                min = v;
            }
            if (max == null || millis > max.millisecond()
                    || (millis == max.millisecond() && nanos > max.nanoOfMillisecond())) {
                max = v;
            }
        }

        @Override
        FieldStats result() {
            return new FieldStats(min, max, nullCount);
        }
    }

    /** The first {@code length} code points of {@code s} (Paimon's truncated minimum). */
    public static Utf8String truncateMin(Utf8String s, int length) {
        String str = s.toString();
        if (str.codePointCount(0, str.length()) <= length) {
            return s;
        }
        return Utf8String.fromString(str.substring(0, str.offsetByCodePoints(0, length)));
    }

    /**
     * The first {@code length} code points of {@code s} with the last one incremented (an earlier one, the rest
     * cut, when it cannot be): a bound of every string that starts like {@code s}; {@code s} itself when it is not
     * longer; null if no bound can be made.
     */
    public static Utf8String truncateMax(Utf8String s, int length) {
        String str = s.toString();
        if (str.codePointCount(0, str.length()) <= length) {
            return s;
        }
        int[] cps = str.codePoints().limit(length).toArray();
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
