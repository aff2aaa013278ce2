package io.strata.fileindex;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The dictionary of a serialized bitmap index (version 1 or 2, as Paimon's {@code BitmapFileIndex} and
 * {@link BitmapIndexWriter} write it): whether the file holds a value, any null, any non-null value. File
 * skipping needs no more, so the bitmaps themselves are never decoded, but their offsets are checked to lie
 * inside the index. Version 1's dictionary is read whole; version 2's block directory is read at once and a
 * block of entries only when a value falls in it. Malformed bytes fail with a message the caller prefixes
 * with the file.
 */
final class BitmapIndexReader {

    private final BitmapKey.Kind kind;
    private final ByteBuffer in;
    private final int valueCount;
    private final boolean hasNull;
    /** Version 1: every value of the dictionary. */
    private final Set<BitmapKey> values;
    /** Version 2: the first value and offset of each block, where the blocks start and end, the body's size. */
    private final BitmapKey[] blockKeys;
    private final int[] blockOffsets;
    private final int blocksStart;
    private final int blocksEnd;
    private final int bodyLength;
    private final Map<Integer, BitmapKey[]> blocks = new HashMap<>();

    private BitmapIndexReader(BitmapKey.Kind kind, ByteBuffer in, int valueCount, boolean hasNull,
            Set<BitmapKey> values, BitmapKey[] blockKeys, int[] blockOffsets, int blocksStart, int blocksEnd,
            int bodyLength) {
        this.kind = kind;
        this.in = in;
        this.valueCount = valueCount;
        this.hasNull = hasNull;
        this.values = values;
        this.blockKeys = blockKeys;
        this.blockOffsets = blockOffsets;
        this.blocksStart = blocksStart;
        this.blocksEnd = blocksEnd;
        this.bodyLength = bodyLength;
    }

    /** Reads the index of {@code length} bytes at {@code offset} whose values are of {@code kind}. */
    static BitmapIndexReader read(BitmapKey.Kind kind, byte[] bytes, int offset, int length) {
        ByteBuffer in = ByteBuffer.wrap(bytes, offset, length).slice();
        int version = in.get() & 0xFF;
        if (version != 1 && version != 2) {
            throw new IllegalArgumentException("bitmap index version " + version + " is not supported (1 or 2)");
        }
        int rowCount = in.getInt();
        int valueCount = in.getInt();
        if (rowCount < 0 || valueCount < 0 || valueCount > rowCount) {
            throw new IllegalArgumentException("a bitmap index of " + rowCount + " rows has " + valueCount + " values");
        }
        boolean hasNull = in.get() != 0;
        int nullOffset = hasNull ? in.getInt() : -1;
        int nullLength = hasNull && version == 2 ? in.getInt() : 0;
        if (version == 1) {
            Set<BitmapKey> values = new HashSet<>();
            int[] offsets = new int[valueCount];
            for (int i = 0; i < valueCount; i++) {
                values.add(BitmapKey.read(kind, in));
                offsets[i] = in.getInt();
            }
            int bodyLength = in.remaining();
            for (int o : offsets) {
                checkInBody(o, 1, bodyLength);
            }
            checkInBody(nullOffset, 1, bodyLength);
            return new BitmapIndexReader(kind, in, valueCount, hasNull, values, null, null, 0, 0, bodyLength);
        }
        int blockCount = in.getInt();
        if (blockCount < 0 || blockCount > valueCount) {
            throw new IllegalArgumentException("a bitmap index of " + valueCount + " values has " + blockCount
                    + " index blocks");
        }
        BitmapKey[] blockKeys = new BitmapKey[blockCount];
        int[] blockOffsets = new int[blockCount];
        for (int i = 0; i < blockCount; i++) {
            blockKeys[i] = BitmapKey.read(kind, in);
            blockOffsets[i] = in.getInt();
        }
        int blocksLength = in.getInt();
        int blocksStart = in.position();
        if (blocksLength < 0 || blocksLength > in.remaining()) {
            throw new IllegalArgumentException("index blocks of " + blocksLength + " bytes where " + in.remaining()
                    + " remain");
        }
        for (int blockOffset : blockOffsets) {
            if (blockOffset < 0 || blockOffset >= blocksLength) {
                throw new IllegalArgumentException("an index block at " + blockOffset + " lies outside the "
                        + blocksLength + " bytes of blocks");
            }
        }
        int bodyLength = in.remaining() - blocksLength;
        if (nullOffset >= 0) {
            checkInBody(nullOffset, nullLength, bodyLength);
        }
        return new BitmapIndexReader(kind, in, valueCount, hasNull, null, blockKeys, blockOffsets, blocksStart,
                blocksStart + blocksLength, bodyLength);
    }

    /** Whether some row is null. */
    boolean hasNull() {
        return hasNull;
    }

    /** Whether some row is not null. */
    boolean hasValue() {
        return valueCount > 0;
    }

    /** Whether some row holds {@code key}. */
    boolean contains(BitmapKey key) {
        if (values != null) {
            return values.contains(key);
        }
        // The last block whose first value is at most the key holds it, if any does.
        int i = Arrays.binarySearch(blockKeys, key);
        int block = i >= 0 ? i : -i - 2;
        if (block < 0) {
            return false;
        }
        return Arrays.binarySearch(block(block), key) >= 0;
    }

    private BitmapKey[] block(int index) {
        BitmapKey[] keys = blocks.get(index);
        if (keys != null) {
            return keys;
        }
        ByteBuffer b = in.duplicate();
        b.position(blocksStart + blockOffsets[index]).limit(blocksEnd);
        int count = b.getInt();
        if (count < 0 || count > valueCount) {
            throw new IllegalArgumentException("index block " + index + " has " + count + " entries");
        }
        List<BitmapKey> entries = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            entries.add(BitmapKey.read(kind, b));
            int offset = b.getInt();
            int length = b.getInt();
            if (offset >= 0) {
                checkInBody(offset, length, bodyLength);
            }
        }
        keys = entries.toArray(BitmapKey[]::new);
        blocks.put(index, keys);
        return keys;
    }

    /** A bitmap at a non-negative offset (a negative one is a single row) must lie inside the body. */
    private static void checkInBody(int offset, int length, int bodyLength) {
        if (offset >= 0 && (length < 0 || (long) offset + length > bodyLength)) {
            throw new IllegalArgumentException("a bitmap at " + offset + "+" + length + " lies outside the "
                    + bodyLength + " bytes of bitmaps");
        }
    }
}
