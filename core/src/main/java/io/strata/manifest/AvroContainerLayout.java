package io.strata.manifest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The framing of an Avro container file, checked end to end before anything is decoded: magic,
 * header metadata, then blocks that each end with the header's sync marker, up to exactly the end of
 * the file. Avro's own reader takes a file cut at a block boundary for a complete one, which would
 * silently drop manifest entries; here that is an error.
 */
final class AvroContainerLayout {

    /** One block: how many records, and where its (compressed) bytes are. */
    record Block(long recordCount, int offset, int length) {}

    private final byte[] file;
    private int pos;
    private String schemaJson;
    private String codec = "null";
    private final List<Block> blocks = new ArrayList<>();

    private AvroContainerLayout(byte[] file) {
        this.file = file;
    }

    /** Parses the framing; fails with a message saying what is wrong if the file is not complete. */
    static AvroContainerLayout parse(byte[] file) throws IOException {
        AvroContainerLayout layout = new AvroContainerLayout(file);
        layout.run();
        return layout;
    }

    String schemaJson() {
        return schemaJson;
    }

    String codec() {
        return codec;
    }

    List<Block> blocks() {
        return blocks;
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
                String key = readString();
                String value = readString();
                if (key.equals("avro.schema")) {
                    schemaJson = value;
                } else if (key.equals("avro.codec")) {
                    codec = value;
                }
            }
        }
        if (schemaJson == null) {
            throw new IOException("the Avro header has no avro.schema");
        }
        int syncAt = pos;
        skip(16);
        while (pos < file.length) {
            long count = readLong();
            long size = readLong();
            if (count < 0 || size < 0) {
                throw new IOException("block " + blocks.size() + " at byte " + pos + " has a negative count or size");
            }
            int offset = pos;
            skip(size);
            int markerAt = pos;
            skip(16);
            if (!Arrays.equals(file, markerAt, markerAt + 16, file, syncAt, syncAt + 16)) {
                throw new IOException("block " + blocks.size() + " does not end with the file's sync marker (at byte " + markerAt + ")");
            }
            blocks.add(new Block(count, offset, (int) size));
        }
    }

    private String readString() throws IOException {
        long len = readLong();
        int start = pos;
        skip(len);
        return new String(file, start, (int) len, StandardCharsets.UTF_8);
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
