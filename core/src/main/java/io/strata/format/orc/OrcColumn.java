package io.strata.format.orc;

import io.strata.format.ColumnVector;

/**
 * Base of the adapters from ORC's column vectors to Strata's {@link ColumnVector}. An adapter holds the
 * ORC vector object, which the ORC reader refills batch after batch, and reads its arrays on every call
 * (ORC may replace them when it grows a vector), so one adapter serves a whole file.
 */
abstract class OrcColumn implements ColumnVector {

    private final org.apache.hadoop.hive.ql.exec.vector.ColumnVector vector;

    OrcColumn(org.apache.hadoop.hive.ql.exec.vector.ColumnVector vector) {
        this.vector = vector;
    }

    /** The slot holding row {@code i}: a repeating vector keeps its one value in slot 0. */
    final int index(int i) {
        return vector.isRepeating ? 0 : i;
    }

    @Override
    public final boolean isNullAt(int i) {
        return !vector.noNulls && vector.isNull[vector.isRepeating ? 0 : i];
    }
}
