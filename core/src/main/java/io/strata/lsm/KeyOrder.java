package io.strata.lsm;

import io.strata.data.ProjectedRow;
import io.strata.data.Row;
import io.strata.data.RowComparator;
import io.strata.types.DataType;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Orders value rows by some of their fields (the primary key, or the sequence fields). Not thread-safe. */
public final class KeyOrder {

    private KeyOrder() {}

    /** Compares rows of {@code tableType} on the fields at {@code positions}, in that order. */
    public static Comparator<Row> onPositions(RowType tableType, int[] positions) {
        List<DataType> types = new ArrayList<>();
        for (int p : positions) {
            types.add(tableType.typeAt(p));
        }
        RowComparator comparator = RowComparator.of(types);
        ProjectedRow left = new ProjectedRow(positions);
        ProjectedRow right = new ProjectedRow(positions);
        return (a, b) -> comparator.compare(left.replace(a), right.replace(b));
    }
}
