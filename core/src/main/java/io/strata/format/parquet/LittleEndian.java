package io.strata.format.parquet;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Unaligned little-endian loads from byte arrays, which the JIT turns into single machine loads. */
final class LittleEndian {

    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private LittleEndian() {}

    static int getInt(byte[] bytes, int offset) {
        return (int) INT.get(bytes, offset);
    }

    static long getLong(byte[] bytes, int offset) {
        return (long) LONG.get(bytes, offset);
    }
}
