package io.strata.manifest;

import java.io.IOException;
import java.util.Arrays;

/**
 * Checks the framing of an Avro container file before it is decoded: magic, header, then blocks
 * that each end with the header's sync marker, up to exactly the end of the file. Avro's own reader
 * takes a file cut at a block boundary for a complete one, which would silently drop manifest
 * entries; this check turns that into an error.
 */
final class AvroContainerCheck {

    private final byte[] file;
    private int pos;

    private AvroContainerCheck(byte[] file) {
        this.file = file;
    }

    /** Fails with a message saying what is wrong if the file is not a complete container file. */
    static void check(byte[] file) throws IOException {
        new AvroContainerCheck(file).run();
    }

    private void run() throws IOException {
        if (file.length < 4 || file[0] != 'O' || file[1] != 'b' || file[2] != 'j' || file[3] != 1) {
            throw new IOException("not an Avro container file (bad magic bytes)");
        }
        pos = 4;
        for (long n = readLong(); n != 0; n = readLong()) {
            if (n < 0) {
                n = -n;
                readLong(); // byte size of the map block
            }
            for (long i = 0; i < n; i++) {
                skip(readLong()); // key
                skip(readLong()); // value
            }
        }
        int syncAt = pos;
        skip(16);
        long blocks = 0;
        while (pos < file.length) {
            long count = readLong();
            long size = readLong();
            if (count < 0 || size < 0) {
                throw new IOException("block " + blocks + " at byte " + pos + " has a negative count or size");
            }
            skip(size);
            int markerAt = pos;
            skip(16);
            if (!Arrays.equals(file, markerAt, markerAt + 16, file, syncAt, syncAt + 16)) {
                throw new IOException("block " + blocks + " does not end with the file's sync marker (at byte " + markerAt + ")");
            }
            blocks++;
        }
    }

    private void skip(long n) throws IOException {
        if (n < 0 || n > file.length - pos) {
            throw new IOException("truncated: needs " + n + " more bytes at byte " + pos + " of " + file.length);
        }
        pos += (int) n;
    }

    private long readLong() throws IOException {
        long n = 0;
        int shift = 0;
        int b;
        do {
            if (pos >= file.length) {
                throw new IOException("truncated: a number runs past the end at byte " + pos);
            }
            if (shift > 63) {
                throw new IOException("a number is longer than 10 bytes at byte " + pos);
            }
            b = file[pos++] & 0xFF;
            n |= (long) (b & 0x7F) << shift;
            shift += 7;
        } while ((b & 0x80) != 0);
        return (n >>> 1) ^ -(n & 1);
    }
}
