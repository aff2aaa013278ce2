package io.strata.format.parquet;

import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Dictionary-encoded values: the chunk's dictionary page decoded once into a typed array, and per
 * data page a bit width byte followed by RLE/bit-packed dictionary ids.
 */
final class DictionaryValues extends PageValues {

    private final int size;
    private int[] ints;
    private long[] longs;
    private float[] floats;
    private double[] doubles;
    private byte[] bytes;
    private int[] offsets;
    private int[] lengths;

    private final HybridDecoder ids = new HybridDecoder();
    private int[] idBuffer = new int[0];

    /** Decodes a PLAIN-encoded dictionary page of {@code size} entries of the given type. */
    DictionaryValues(PrimitiveTypeName type, int fixedLength, byte[] page, int offset, int end, int size) {
        if (size < 0) {
            throw new IllegalArgumentException("dictionary page with " + size + " entries");
        }
        this.size = size;
        PlainValues plain = new PlainValues(fixedLength);
        plain.reset(page, offset, end);
        switch (type) {
            case INT32 -> plain.readInts(ints = new int[size], 0, size);
            case INT64 -> plain.readLongs(longs = new long[size], 0, size);
            case FLOAT -> plain.readFloats(floats = new float[size], 0, size);
            case DOUBLE -> plain.readDoubles(doubles = new double[size], 0, size);
            case BINARY, FIXED_LEN_BYTE_ARRAY -> {
                BytesVector entries = new BytesVector(0);
                entries.appendSlots(size);
                plain.readBytes(entries, 0, size);
                bytes = entries.buffer();
                offsets = entries.offsets();
                lengths = entries.lengths();
            }
            default -> throw new IllegalArgumentException("no dictionary decoding for " + type + " columns");
        }
    }

    /** Starts the ids of a data page: {@code page[offset]} is their bit width. */
    void reset(byte[] page, int offset, int end) {
        if (offset >= end) {
            throw new IllegalStateException("dictionary-encoded page without a bit width");
        }
        ids.reset(page, offset + 1, end, page[offset] & 0xFF);
    }

    private int[] ids(int count) {
        if (idBuffer.length < count) {
            idBuffer = new int[Math.max(count, 2 * idBuffer.length)];
        }
        ids.read(idBuffer, 0, count);
        for (int i = 0; i < count; i++) {
            if (Integer.compareUnsigned(idBuffer[i], size) >= 0) {
                throw new IllegalStateException("dictionary id " + idBuffer[i] + " outside a dictionary of " + size);
            }
        }
        return idBuffer;
    }

    @Override
    void readInts(int[] out, int offset, int count) {
        int[] id = ids(count);
        int[] dict = ints;
        for (int i = 0; i < count; i++) {
            out[offset + i] = dict[id[i]];
        }
    }

    @Override
    void readLongs(long[] out, int offset, int count) {
        int[] id = ids(count);
        long[] dict = longs;
        for (int i = 0; i < count; i++) {
            out[offset + i] = dict[id[i]];
        }
    }

    @Override
    void readFloats(float[] out, int offset, int count) {
        int[] id = ids(count);
        float[] dict = floats;
        for (int i = 0; i < count; i++) {
            out[offset + i] = dict[id[i]];
        }
    }

    @Override
    void readDoubles(double[] out, int offset, int count) {
        int[] id = ids(count);
        double[] dict = doubles;
        for (int i = 0; i < count; i++) {
            out[offset + i] = dict[id[i]];
        }
    }

    @Override
    void readBooleans(boolean[] out, int offset, int count) {
        throw wrongKind("BOOLEAN", "dictionary-encoded");
    }

    @Override
    void readBytes(BytesVector out, int first, int count) {
        int[] id = ids(count);
        for (int i = 0; i < count; i++) {
            int entry = id[i];
            out.put(first + i, bytes, offsets[entry], lengths[entry]);
        }
    }
}
