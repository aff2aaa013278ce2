package io.strata.data;

import io.strata.api.PublicApi;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A string held as UTF-8 bytes, possibly a view into a larger buffer (an ORC or Parquet batch).
 * Strings compare as unsigned bytes, which is Paimon's key order. A view is valid only as long as
 * the buffer it points into; {@link #copy()} detaches it.
 */
@PublicApi
public final class Utf8String implements Comparable<Utf8String> {

    private final byte[] bytes;
    private final int offset;
    private final int length;

    private Utf8String(byte[] bytes, int offset, int length) {
        this.bytes = bytes;
        this.offset = offset;
        this.length = length;
    }

    public static Utf8String fromString(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        return new Utf8String(b, 0, b.length);
    }

    /** A view over {@code length} bytes of {@code bytes} from {@code offset}; the bytes are not copied. */
    public static Utf8String view(byte[] bytes, int offset, int length) {
        return new Utf8String(bytes, offset, length);
    }

    public static Utf8String fromBytes(byte[] bytes) {
        return new Utf8String(bytes, 0, bytes.length);
    }

    public byte[] buffer() {
        return bytes;
    }

    public int offset() {
        return offset;
    }

    public int length() {
        return length;
    }

    /** The UTF-8 bytes as a new array. */
    public byte[] toBytes() {
        return Arrays.copyOfRange(bytes, offset, offset + length);
    }

    /** A copy that owns its bytes. */
    public Utf8String copy() {
        return new Utf8String(toBytes(), 0, length);
    }

    /** The number of code points. */
    public int numChars() {
        int n = 0;
        for (int i = offset; i < offset + length; i++) {
            if ((bytes[i] & 0xC0) != 0x80) {
                n++;
            }
        }
        return n;
    }

    @Override
    public int compareTo(Utf8String o) {
        return Arrays.compareUnsigned(bytes, offset, offset + length, o.bytes, o.offset, o.offset + o.length);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Utf8String s
                && Arrays.equals(bytes, offset, offset + length, s.bytes, s.offset, s.offset + s.length);
    }

    @Override
    public int hashCode() {
        int h = 1;
        for (int i = offset; i < offset + length; i++) {
            h = 31 * h + bytes[i];
        }
        return h;
    }

    @Override
    public String toString() {
        return new String(bytes, offset, length, StandardCharsets.UTF_8);
    }
}
