package io.strata.format.orc;

import io.strata.data.ArrayData;
import io.strata.format.ColumnVector;
import io.strata.format.ColumnarArray;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;

/** ARRAY columns: each value is a slice of the element column. */
final class OrcListColumn extends OrcColumn {

    private final ListColumnVector vector;
    private final ColumnVector elements;

    OrcListColumn(ListColumnVector vector, ColumnVector elements) {
        super(vector);
        this.vector = vector;
        this.elements = elements;
    }

    @Override
    public ArrayData getArray(int i) {
        int k = index(i);
        return new ColumnarArray(elements, (int) vector.offsets[k], (int) vector.lengths[k]);
    }
}
