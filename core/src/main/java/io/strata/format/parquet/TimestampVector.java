package io.strata.format.parquet;

import io.strata.data.Timestamp;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.parquet.column.ColumnReader;

/**
 * Timestamps decoded from INT64 (millis, micros or nanos since the epoch) or INT96 into Paimon's form:
 * epoch milliseconds plus nanoseconds within the millisecond.
 */
final class TimestampVector extends LeafVector {

    /** How the file stores a timestamp. */
    enum Encoding {
        MILLIS,
        MICROS,
        NANOS,
        INT96
    }

    private final Encoding encoding;
    private long[] millis = new long[0];
    private int[] nanos = new int[0];

    TimestampVector(Encoding encoding) {
        this.encoding = encoding;
    }

    @Override
    void growValues(int capacity) {
        millis = Arrays.copyOf(millis, capacity);
        nanos = Arrays.copyOf(nanos, capacity);
    }

    @Override
    boolean decodesPages() {
        // INT96 values are 12-byte binaries; they keep the column reader.
        return encoding != Encoding.INT96;
    }

    @Override
    void decode(PageValues source, int first, int count, int nonNull) {
        source.readLongs(millis, first, nonNull);
        int end = first + nonNull;
        switch (encoding) {
            case MILLIS -> Arrays.fill(nanos, first, end, 0);
            case MICROS -> {
                for (int i = first; i < end; i++) {
                    long v = millis[i];
                    millis[i] = Math.floorDiv(v, 1000L);
                    nanos[i] = (int) Math.floorMod(v, 1000L) * 1000;
                }
            }
            case NANOS -> {
                for (int i = first; i < end; i++) {
                    long v = millis[i];
                    millis[i] = Math.floorDiv(v, 1_000_000L);
                    nanos[i] = (int) Math.floorMod(v, 1_000_000L);
                }
            }
            case INT96 -> throw new IllegalStateException("INT96 timestamps are read by the column reader");
        }
        spread(millis, nulls, first, count, nonNull);
        spread(nanos, nulls, first, count, nonNull);
    }

    @Override
    void read(ColumnReader reader, int slot) {
        switch (encoding) {
            case MILLIS -> {
                millis[slot] = reader.getLong();
                nanos[slot] = 0;
            }
            case MICROS -> {
                long v = reader.getLong();
                millis[slot] = Math.floorDiv(v, 1000L);
                nanos[slot] = (int) Math.floorMod(v, 1000L) * 1000;
            }
            case NANOS -> {
                long v = reader.getLong();
                millis[slot] = Math.floorDiv(v, 1_000_000L);
                nanos[slot] = (int) Math.floorMod(v, 1_000_000L);
            }
            case INT96 -> {
                ByteBuffer b = reader.getBinary().toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
                int p = b.position();
                long nanosOfDay = b.getLong(p);
                long julianDay = b.getInt(p + 8);
                millis[slot] = Int96.epochMillis(julianDay, nanosOfDay);
                nanos[slot] = Int96.nanoOfMillisecond(nanosOfDay);
            }
        }
    }

    @Override
    public Timestamp getTimestamp(int i, int precision) {
        return Timestamp.of(millis[i], nanos[i]);
    }
}
