package io.strata.format.orc;

import io.strata.data.MapData;
import io.strata.format.ColumnVector;
import io.strata.format.ColumnarMap;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;

/** MAP and MULTISET columns: each value is the same slice of the key and the value column. */
final class OrcMapColumn extends OrcColumn {

    private final MapColumnVector vector;
    private final ColumnVector keys;
    private final ColumnVector values;

    OrcMapColumn(MapColumnVector vector, ColumnVector keys, ColumnVector values) {
        super(vector);
        this.vector = vector;
        this.keys = keys;
        this.values = values;
    }

    @Override
    public MapData getMap(int i) {
        int k = index(i);
        return new ColumnarMap(keys, values, (int) vector.offsets[k], (int) vector.lengths[k]);
    }
}
