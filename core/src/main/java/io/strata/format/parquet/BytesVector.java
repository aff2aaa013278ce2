package io.strata.format.parquet;

import io.strata.types.AtomicType;
import io.strata.types.TypeRoot;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import io.strata.data.Decimal;
import io.strata.data.Utf8String;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.io.api.Binary;

/**
 * Values of a BINARY or FIXED_LEN_BYTE_ARRAY column (strings, binary strings, wide decimals), copied
 * back to back into one buffer per batch; strings are read as views into that buffer.
 */
final class BytesVector extends LeafVector {

    private final int fileScale;
    private byte[] buffer = new byte[1024];
    private int used;
    private int[] offsets = new int[0];
    private int[] lengths = new int[0];
    private final Appender appender = new Appender();
    /**
     * Hive's vector over this batch's values when the column is read as a string or binary: every slot refers
     * into {@link #buffer} with its offset and length, as Hive's own readers set values by reference.
     */
    private BytesColumnVector shared;

    BytesVector(int fileScale) {
        this.fileScale = fileScale;
    }

    @Override
    void reset() {
        super.reset();
        used = 0;
    }

    @Override
    void growValues(int capacity) {
        offsets = Arrays.copyOf(offsets, capacity);
        lengths = Arrays.copyOf(lengths, capacity);
    }

    @Override
    void decode(PageValues source, int first, int count, int nonNull) {
        source.readBytes(this, first, nonNull);
        spread(offsets, nulls, first, count, nonNull);
        spread(lengths, nulls, first, count, nonNull);
    }

    /** Copies one value to the end of the batch buffer as the value of {@code slot}. */
    void put(int slot, byte[] bytes, int offset, int length) {
        if (used + length > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, used + length));
        }
        System.arraycopy(bytes, offset, buffer, used, length);
        offsets[slot] = used;
        lengths[slot] = length;
        used += length;
    }

    byte[] buffer() {
        return buffer;
    }

    int[] offsets() {
        return offsets;
    }

    int[] lengths() {
        return lengths;
    }

    @Override
    void read(ColumnReader reader, int slot) {
        Binary value = reader.getBinary();
        int length = value.length();
        if (used + length > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, used + length));
        }
        offsets[slot] = used;
        lengths[slot] = length;
        try {
            // writeTo hands over the value's own array slice, where toByteBuffer would allocate a view per value.
            value.writeTo(appender);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (used != offsets[slot] + length) {
            throw new IllegalStateException("binary value of " + length + " bytes wrote " + (used - offsets[slot]));
        }
    }

    /** Appends what a Binary writes to the end of the batch buffer, which {@link #read} has made room for. */
    private final class Appender extends OutputStream {
        @Override
        public void write(int b) {
            buffer[used++] = (byte) b;
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            System.arraycopy(bytes, offset, buffer, used, length);
            used += length;
        }
    }

    @Override
    void shareAs(AtomicType readType) {
        TypeRoot root = readType.root();
        if (root == TypeRoot.VARCHAR || root == TypeRoot.BINARY || root == TypeRoot.VARBINARY) {
            shared = new BytesColumnVector(0);
        }
    }

    @Override
    public ColumnVector storageVector() {
        if (shared == null) {
            return null;
        }
        int n = size();
        if (shared.vector.length < offsets.length) {
            shared.vector = new byte[offsets.length][];
        }
        Arrays.fill(shared.vector, 0, n, buffer);
        shared.start = offsets;
        shared.length = lengths;
        return shareNulls(shared);
    }

    @Override
    public Utf8String getString(int i) {
        return Utf8String.view(buffer, offsets[i], lengths[i]);
    }

    @Override
    public byte[] getBinary(int i) {
        return Arrays.copyOfRange(buffer, offsets[i], offsets[i] + lengths[i]);
    }

    @Override
    public Decimal getDecimal(int i, int precision, int scale) {
        BigInteger unscaled = new BigInteger(buffer, offsets[i], lengths[i]);
        if (fileScale == scale) {
            if (Decimal.isCompact(precision)) {
                return Decimal.fromUnscaledLong(unscaled.longValue(), precision, scale);
            }
            return Decimal.fromBigDecimal(new BigDecimal(unscaled, scale), precision, scale);
        }
        return Decimal.fromBigDecimal(new BigDecimal(unscaled, fileScale), precision, scale);
    }
}
