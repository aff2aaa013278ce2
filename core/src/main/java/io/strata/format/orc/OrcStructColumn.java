package io.strata.format.orc;

import io.strata.data.Row;
import io.strata.format.ColumnVector;
import io.strata.format.ColumnarRow;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;

/** ROW columns: a value is a row view over the field columns (one per field of the read type). */
final class OrcStructColumn extends OrcColumn {

    private final ColumnVector[] fields;

    OrcStructColumn(StructColumnVector vector, ColumnVector[] fields) {
        super(vector);
        this.fields = fields;
    }

    @Override
    public Row getRow(int i) {
        // A new view per value: a caller may hold rows of two positions at once (comparing keys).
        return new ColumnarRow(fields).at(index(i));
    }
}
