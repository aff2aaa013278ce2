package io.strata.format.orc;

import io.strata.format.ColumnVector;

/**
 * Base of the adapters from ORC's column vectors to Strata's {@link ColumnVector}. An adapter holds the
 * ORC vector object, which the ORC reader refills batch after batch, and reads its arrays on every call
 * (ORC may replace them when it grows a vector), so one adapter serves a whole file.
 */
abstract class OrcColumn implements ColumnVector {

    private final org.apache.hadoop.hive.ql.exec.vector.ColumnVector vector;
    /** Whether ORC decodes the file column into exactly the values of the read type (see {@link OrcColumns}). */
    private boolean exact;

    OrcColumn(org.apache.hadoop.hive.ql.exec.vector.ColumnVector vector) {
        this.vector = vector;
    }

    /** Marks the ORC vector as holding the read type's values as they are, so it may be shared. */
    final OrcColumn exact() {
        this.exact = true;
        return this;
    }

    @Override
    public final org.apache.hadoop.hive.ql.exec.vector.ColumnVector storageVector() {
        return exact ? vector : null;
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
