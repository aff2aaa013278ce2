package io.strata.format.parquet;

import io.strata.data.Row;
import io.strata.format.ColumnVector;
import io.strata.format.ColumnarRow;

/** ROW values: a null flag per slot over one child vector per field, slot for slot. */
final class StructVector extends HeapVector {

    private final ColumnVector[] fields;

    StructVector(ColumnVector[] fields) {
        this.fields = fields;
    }

    @Override
    void growValues(int capacity) {
        // Only the null flags are per slot; the field vectors grow by themselves.
    }

    @Override
    public Row getRow(int i) {
        return new ColumnarRow(fields).at(i);
    }
}
