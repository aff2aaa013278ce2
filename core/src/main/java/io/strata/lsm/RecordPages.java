package io.strata.lsm;

import io.strata.data.BinaryRow;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Buffered records in fixed-size byte pages, appended in arrival order: per record its sequence number
 * (8 bytes), the size of its row (4 bytes), then the stored BinaryRow (row kind in its header). A record
 * never spans two pages; a record larger than a page gets a page of its own. A record is addressed by
 * a pointer: page index in the high 32 bits, offset in the low 32. Holding records as bytes instead of
 * objects keeps the buffer's size known and its garbage-collection cost independent of its row count.
 */
final class RecordPages {

    private static final int HEADER_BYTES = 12;

    private final int pageSize;
    private final int arity;
    private final List<byte[]> pages = new ArrayList<>();
    private byte[] current;
    private int position;
    private long allocatedBytes;

    RecordPages(int pageSize, int arity) {
        this.pageSize = pageSize;
        this.arity = arity;
    }

    /** Appends a record; returns its pointer. */
    long append(long sequenceNumber, BinaryRow row) {
        int size = row.sizeInBytes();
        int needed = HEADER_BYTES + size;
        if (current == null || position + needed > current.length) {
            current = new byte[Math.max(pageSize, needed)];
            pages.add(current);
            allocatedBytes += current.length;
            position = 0;
        }
        int at = position;
        putLong(current, at, sequenceNumber);
        putInt(current, at + 8, size);
        // Straight into the page: a copy of the row first would double the bytes moved per record.
        row.copyTo(current, at + HEADER_BYTES);
        position += needed;
        return ((long) (pages.size() - 1) << 32) | at;
    }

    /** The stored row of a record: a view over the page, valid until {@link #clear()}. */
    BinaryRow row(long pointer) {
        byte[] page = pages.get((int) (pointer >>> 32));
        int at = (int) pointer;
        return new BinaryRow(arity, page, at + HEADER_BYTES, getInt(page, at + 8));
    }

    long sequenceNumber(long pointer) {
        return getLong(pages.get((int) (pointer >>> 32)), (int) pointer);
    }

    /** Writes a record as a spill file holds it: sequence number, row size, row bytes. */
    void writeRecord(long pointer, DataOutput out) throws IOException {
        byte[] page = pages.get((int) (pointer >>> 32));
        int at = (int) pointer;
        int size = getInt(page, at + 8);
        out.writeLong(getLong(page, at));
        out.writeInt(size);
        out.write(page, at + HEADER_BYTES, size);
    }

    /** Bytes of all pages allocated. */
    long allocatedBytes() {
        return allocatedBytes;
    }

    /** Drops every record and every page. */
    void clear() {
        pages.clear();
        current = null;
        position = 0;
        allocatedBytes = 0;
    }

    private static void putLong(byte[] b, int at, long v) {
        for (int i = 0; i < 8; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
    }

    private static void putInt(byte[] b, int at, int v) {
        for (int i = 0; i < 4; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
    }

    private static long getLong(byte[] b, int at) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (b[at + i] & 0xFFL);
        }
        return v;
    }

    private static int getInt(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8 | (b[at + 2] & 0xFF) << 16 | (b[at + 3] & 0xFF) << 24;
    }
}
