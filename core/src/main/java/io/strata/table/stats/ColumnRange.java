package io.strata.table.stats;

import io.strata.data.RowValues;
import io.strata.snapshot.ColumnStatistics;
import io.strata.snapshot.StatisticsText;
import io.strata.table.store.FileValueStats;
import io.strata.types.DataField;

/**
 * One column's range and null count over data files, added file by file: each known only while every file
 * added so far knows it (one file without a minimum, or with a string minimum or maximum that may be truncated,
 * leaves the column without one). A file whose values of the column are all null adds to the null count and
 * not to the range.
 */
final class ColumnRange {

    private final DataField field;
    private final boolean hasRange;
    private boolean rangeKnown = true;
    private boolean nullsKnown = true;
    private Object min;
    private Object max;
    private long nullCount;

    ColumnRange(DataField field) {
        this.field = field;
        this.hasRange = StatisticsText.hasTextForm(field.type());
    }

    void add(FileValueStats file, long rowCount) {
        Long nulls = file.nullCount(field.id());
        if (nulls == null) {
            nullsKnown = false;
        } else {
            nullCount += nulls;
        }
        if (!hasRange || !rangeKnown || (nulls != null && nulls >= rowCount)) {
            return;
        }
        Object fileMin = file.min(field.id());
        Object fileMax = file.max(field.id());
        // Unknown, or only bounds (strings cut by truncate(N), the maximum rounded up): no range for the column.
        if (fileMin == null || fileMax == null || !file.rangeExact(field.id())) {
            rangeKnown = false;
            return;
        }
        if (min == null || RowValues.compare(fileMin, min) < 0) {
            min = fileMin;
        }
        if (max == null || RowValues.compare(fileMax, max) > 0) {
            max = fileMax;
        }
    }

    ColumnStatistics toStatistics() {
        boolean range = hasRange && rangeKnown && min != null;
        return new ColumnStatistics(field.id(), null,
                range ? StatisticsText.format(min, field.type()) : null,
                range ? StatisticsText.format(max, field.type()) : null,
                nullsKnown ? nullCount : null, null, null);
    }
}
