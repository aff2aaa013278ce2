package io.strata.table.store;

import io.strata.data.Utf8String;
import io.strata.format.FieldStats;
import io.strata.format.FileFormat;
import io.strata.format.StatsCollector;
import io.strata.manifest.SimpleStats;
import io.strata.schema.StatsMode;
import io.strata.schema.StatsOptions;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.List;

/**
 * The statistics of one data file's columns as its manifest entry keeps them, made from what the format writer
 * collected (whole minimums, maximums and null counts) the way Paimon 1.4.2 makes them from the file's footer:
 * each column in its {@link StatsMode} ({@link StatsOptions#columnModes}); key statistics in the all-columns
 * layout; value statistics dense ({@code _VALUE_STATS_COLS}) or all-columns as {@code metadata.stats-dense-store}
 * says.
 */
final class DataFileStats {

    /** One column's statistics; all three null is Paimon's "none" (nothing known, not even the null count). */
    record ColumnStats(Object min, Object max, Long nullCount) {
        static final ColumnStats NONE = new ColumnStats(null, null, null);

        boolean isNone() {
            return min == null && max == null && nullCount == null;
        }
    }

    /** Value statistics and the columns they cover (null: every column). */
    record ValueStats(SimpleStats stats, List<String> columns) {}

    private DataFileStats() {}

    /**
     * The statistics Paimon keeps of each column of a file of {@code fileType} in {@code format}: {@code raw} as
     * the format's footer gives it, then cut down to the column's mode.
     */
    static ColumnStats[] convert(FieldStats[] raw, RowType fileType, StatsMode[] modes, FileFormat format) {
        ColumnStats[] out = new ColumnStats[raw.length];
        boolean allNone = true;
        for (StatsMode mode : modes) {
            allNone &= mode.kind() == StatsMode.Kind.NONE;
        }
        for (int i = 0; i < raw.length; i++) {
            // When every column is "none" Paimon reads no footer at all: every column is none.
            out[i] = allNone ? ColumnStats.NONE : convert(footer(raw[i], fileType.typeAt(i), format), modes[i]);
        }
        return out;
    }

    /** What Paimon's extractor of {@code format} reads for a column whose whole statistics are {@code raw}. */
    private static ColumnStats footer(FieldStats raw, DataType type, FileFormat format) {
        if (format == FileFormat.PARQUET) {
            // Paimon looks a Parquet column's statistics up by the column's name: nested columns have none (their
            // leaves are named a.b), not even a null count.
            if (type.root().isNested()) {
                return ColumnStats.NONE;
            }
            // Timestamps with nanoseconds (INT96) give no range.
            if ((type.root() == io.strata.types.TypeRoot.TIMESTAMP
                    || type.root() == io.strata.types.TypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE)
                    && ((AtomicType) type).precision() > 6) {
                return new ColumnStats(null, null, raw.nullCount());
            }
        }
        return new ColumnStats(raw.min(), raw.max(), raw.nullCount());
    }

    /** Paimon's conversion of a column's footer statistics to its mode. */
    static ColumnStats convert(ColumnStats source, StatsMode mode) {
        return switch (mode.kind()) {
            case NONE -> ColumnStats.NONE;
            case COUNTS -> new ColumnStats(null, null, source.nullCount());
            case FULL -> source;
            case TRUNCATE -> {
                Object max = source.max() instanceof Utf8String s ? StatsCollector.truncateMax(s, mode.truncateLength())
                        : source.max();
                if (max == null) {
                    // No bound (or no maximum at all): the range is dropped, the null count kept.
                    yield new ColumnStats(null, null, source.nullCount());
                }
                Object min = source.min() instanceof Utf8String s ? StatsCollector.truncateMin(s, mode.truncateLength())
                        : source.min();
                yield new ColumnStats(min, max, source.nullCount());
            }
        };
    }

    /** Paimon's all-columns layout: one field per column, "none" columns with null values and a null count of null. */
    static SimpleStats allColumns(ColumnStats[] stats, RowType type) {
        Object[] mins = new Object[stats.length];
        Object[] maxes = new Object[stats.length];
        Long[] nullCounts = new Long[stats.length];
        for (int i = 0; i < stats.length; i++) {
            mins[i] = stats[i].min();
            maxes[i] = stats[i].max();
            nullCounts[i] = stats[i].nullCount();
        }
        return SimpleStats.of(mins, maxes, nullCounts, type);
    }

    /**
     * Value statistics as {@code metadata.stats-dense-store} says: dense, only the columns that are not "none"
     * (their names listed; null when that is every column, an empty list when it is none), or all columns.
     */
    static ValueStats valueStats(ColumnStats[] stats, RowType type, boolean dense) {
        if (!dense) {
            return new ValueStats(allColumns(stats, type), null);
        }
        List<Integer> kept = new ArrayList<>();
        for (int i = 0; i < stats.length; i++) {
            if (!stats[i].isNone()) {
                kept.add(i);
            }
        }
        if (kept.size() == stats.length) {
            return new ValueStats(allColumns(stats, type), null);
        }
        int[] positions = kept.stream().mapToInt(Integer::intValue).toArray();
        ColumnStats[] keptStats = new ColumnStats[positions.length];
        for (int i = 0; i < positions.length; i++) {
            keptStats[i] = stats[positions[i]];
        }
        RowType keptType = type.project(positions);
        return new ValueStats(allColumns(keptStats, keptType), keptType.fieldNames());
    }
}
