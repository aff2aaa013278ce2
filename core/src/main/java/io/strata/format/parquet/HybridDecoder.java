package io.strata.format.parquet;

import java.util.Arrays;

/**
 * Decodes Parquet's RLE/bit-packed hybrid encoding (definition levels, dictionary ids) from a byte
 * range: runs of one repeated value, and runs of groups of eight values packed least significant bit
 * first. Whole runs are expanded into an int array at a time, so a batch costs a few loops, not one
 * call per value.
 */
final class HybridDecoder {

    private byte[] data;
    private int pos;
    private int end;
    private int bitWidth;
    private int valueMask;
    private int repeatedLeft;
    private int repeatedValue;
    private int packedLeft;
    /** Bit offset of the next packed value from the start of {@link #data}. */
    private long packedBit;

    /** Starts decoding {@code data[offset, end)} with values of {@code bitWidth} bits. */
    void reset(byte[] data, int offset, int end, int bitWidth) {
        if (bitWidth < 0 || bitWidth > 32) {
            throw new IllegalArgumentException("impossible bit width " + bitWidth);
        }
        if (offset < 0 || end > data.length || offset > end) {
            throw new IllegalArgumentException("encoded range [" + offset + ", " + end + ") outside a page of "
                    + data.length + " bytes");
        }
        this.data = data;
        this.pos = offset;
        this.end = end;
        this.bitWidth = bitWidth;
        this.valueMask = bitWidth == 32 ? -1 : (1 << bitWidth) - 1;
        this.repeatedLeft = 0;
        this.packedLeft = 0;
    }

    /** Decodes the next {@code count} values into {@code out[offset, offset + count)}. */
    void read(int[] out, int offset, int count) {
        if (bitWidth == 0) {
            // Every value is 0 (a one-entry dictionary); the runs carry nothing else.
            Arrays.fill(out, offset, offset + count, 0);
            return;
        }
        int done = 0;
        while (done < count) {
            if (repeatedLeft == 0 && packedLeft == 0) {
                nextRun();
            }
            if (repeatedLeft > 0) {
                int n = Math.min(count - done, repeatedLeft);
                Arrays.fill(out, offset + done, offset + done + n, repeatedValue);
                repeatedLeft -= n;
                done += n;
            } else {
                int n = Math.min(count - done, packedLeft);
                unpack(out, offset + done, n);
                packedLeft -= n;
                done += n;
            }
        }
    }

    private void unpack(int[] out, int offset, int n) {
        long bit = packedBit;
        int width = bitWidth;
        int mask = valueMask;
        byte[] bytes = data;
        // Values whose 8-byte window lies inside the array are read with one unaligned long load.
        long safeEnd = ((long) bytes.length - 8) * 8;
        for (int i = 0; i < n; i++) {
            int byteIndex = (int) (bit >>> 3);
            long window;
            if (bit <= safeEnd) {
                window = LittleEndian.getLong(bytes, byteIndex);
            } else {
                window = 0;
                for (int b = 0; b < 8 && byteIndex + b < bytes.length; b++) {
                    window |= (bytes[byteIndex + b] & 0xFFL) << (8 * b);
                }
            }
            out[offset + i] = (int) (window >>> (bit & 7)) & mask;
            bit += width;
        }
        packedBit = bit;
    }

    private void nextRun() {
        int header = readVarInt();
        if ((header & 1) == 0) {
            repeatedLeft = header >>> 1;
            int byteWidth = (bitWidth + 7) / 8;
            if (end - pos < byteWidth) {
                throw new IllegalStateException("RLE run cut short at byte " + pos);
            }
            int value = 0;
            for (int b = 0; b < byteWidth; b++) {
                value |= (data[pos + b] & 0xFF) << (8 * b);
            }
            pos += byteWidth;
            repeatedValue = value;
            if (repeatedLeft == 0) {
                nextRunIfAny();
            }
        } else {
            int groups = header >>> 1;
            long bytes = (long) groups * bitWidth;
            // A writer may end the last run early; values past the end are never asked for.
            packedLeft = groups * 8;
            packedBit = (long) pos * 8;
            pos = (int) Math.min(end, pos + bytes);
            if (packedLeft == 0) {
                nextRunIfAny();
            }
        }
    }

    private void nextRunIfAny() {
        if (pos < end) {
            nextRun();
        } else {
            throw new IllegalStateException("RLE/bit-packed data ends before all its values were read");
        }
    }

    private int readVarInt() {
        int value = 0;
        int shift = 0;
        while (true) {
            if (pos >= end) {
                throw new IllegalStateException("RLE/bit-packed data ends before all its values were read");
            }
            byte b = data[pos++];
            value |= (b & 0x7F) << shift;
            if (b >= 0) {
                return value;
            }
            shift += 7;
            if (shift > 28) {
                throw new IllegalStateException("malformed run header at byte " + pos);
            }
        }
    }
}
