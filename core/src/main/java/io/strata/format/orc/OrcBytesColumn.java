package io.strata.format.orc;

import io.strata.data.Utf8String;
import java.util.Arrays;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;

/**
 * CHAR, VARCHAR, STRING and binary columns. Strings are views into ORC's buffers (valid until the next
 * batch); binary values are copied, since callers keep byte arrays.
 */
final class OrcBytesColumn extends OrcColumn {

    private final BytesColumnVector vector;

    OrcBytesColumn(BytesColumnVector vector) {
        super(vector);
        this.vector = vector;
    }

    @Override
    public Utf8String getString(int i) {
        int k = index(i);
        return Utf8String.view(vector.vector[k], vector.start[k], vector.length[k]);
    }

    @Override
    public byte[] getBinary(int i) {
        int k = index(i);
        int start = vector.start[k];
        return Arrays.copyOfRange(vector.vector[k], start, start + vector.length[k]);
    }
}
