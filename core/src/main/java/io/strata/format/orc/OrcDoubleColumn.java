package io.strata.format.orc;

import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;

/** FLOAT and DOUBLE columns, held by ORC as doubles; a FLOAT column also reads as DOUBLE. */
final class OrcDoubleColumn extends OrcColumn {

    private final DoubleColumnVector vector;

    OrcDoubleColumn(DoubleColumnVector vector) {
        super(vector);
        this.vector = vector;
    }

    @Override
    public float getFloat(int i) {
        return (float) vector.vector[index(i)];
    }

    @Override
    public double getDouble(int i) {
        return vector.vector[index(i)];
    }
}
