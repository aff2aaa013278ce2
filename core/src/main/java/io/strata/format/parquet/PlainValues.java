package io.strata.format.parquet;

/**
 * PLAIN-encoded values read straight from a page's bytes: fixed-width numbers little-endian, booleans
 * one bit each, byte arrays as a 4-byte length and the bytes (or {@code fixedLength} bytes each).
 */
final class PlainValues extends PageValues {

    private final int fixedLength;
    private byte[] data;
    private int pos;
    private int end;
    /** Bits of the current byte already used by booleans. */
    private int bitInByte;

    /** @param fixedLength the length of FIXED_LEN_BYTE_ARRAY values, or 0 for a length per value */
    PlainValues(int fixedLength) {
        this.fixedLength = fixedLength;
    }

    void reset(byte[] data, int offset, int end) {
        this.data = data;
        this.pos = offset;
        this.end = end;
        this.bitInByte = 0;
    }

    private void require(long bytes) {
        if (bytes > end - pos) {
            throw new IllegalStateException("PLAIN values end at byte " + end + ", " + bytes
                    + " more bytes asked for at byte " + pos);
        }
    }

    @Override
    void readInts(int[] out, int offset, int count) {
        require(4L * count);
        byte[] bytes = data;
        int p = pos;
        for (int i = 0; i < count; i++) {
            out[offset + i] = LittleEndian.getInt(bytes, p);
            p += 4;
        }
        pos = p;
    }

    @Override
    void readLongs(long[] out, int offset, int count) {
        require(8L * count);
        byte[] bytes = data;
        int p = pos;
        for (int i = 0; i < count; i++) {
            out[offset + i] = LittleEndian.getLong(bytes, p);
            p += 8;
        }
        pos = p;
    }

    @Override
    void readFloats(float[] out, int offset, int count) {
        require(4L * count);
        byte[] bytes = data;
        int p = pos;
        for (int i = 0; i < count; i++) {
            out[offset + i] = Float.intBitsToFloat(LittleEndian.getInt(bytes, p));
            p += 4;
        }
        pos = p;
    }

    @Override
    void readDoubles(double[] out, int offset, int count) {
        require(8L * count);
        byte[] bytes = data;
        int p = pos;
        for (int i = 0; i < count; i++) {
            out[offset + i] = Double.longBitsToDouble(LittleEndian.getLong(bytes, p));
            p += 8;
        }
        pos = p;
    }

    @Override
    void readBooleans(boolean[] out, int offset, int count) {
        require(((long) bitInByte + count + 7) / 8);
        for (int i = 0; i < count; i++) {
            out[offset + i] = ((data[pos] >>> bitInByte) & 1) != 0;
            if (++bitInByte == 8) {
                bitInByte = 0;
                pos++;
            }
        }
    }

    @Override
    void readBytes(BytesVector out, int first, int count) {
        for (int i = 0; i < count; i++) {
            int length = fixedLength;
            if (length == 0) {
                require(4);
                length = LittleEndian.getInt(data, pos);
                pos += 4;
                if (length < 0) {
                    throw new IllegalStateException("negative value length " + length + " at byte " + (pos - 4));
                }
            }
            require(length);
            out.put(first + i, data, pos, length);
            pos += length;
        }
    }
}
