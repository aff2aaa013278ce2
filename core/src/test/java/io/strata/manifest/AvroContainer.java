package io.strata.manifest;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Takes an Avro container file apart by hand (header, metadata, sync marker, blocks), so tests can
 * compare the decompressed datum bytes of two files whose sync markers differ by design.
 */
final class AvroContainer {

    final Map<String, byte[]> metadata = new LinkedHashMap<>();
    final byte[] sync;
    final long recordCount;
    final byte[] datumBytes;
    /** Sync-marker positions, so two files can be compared byte for byte with the markers masked. */
    final java.util.List<Integer> syncPositions = new java.util.ArrayList<>();

    private final byte[] file;
    private int pos;

    AvroContainer(byte[] file) throws IOException {
        this.file = file;
        if (file.length < 4 || file[0] != 'O' || file[1] != 'b' || file[2] != 'j' || file[3] != 1) {
            throw new IOException("Not an Avro container file");
        }
        pos = 4;
        for (long n = readLong(); n != 0; n = readLong()) {
            if (n < 0) {
                n = -n;
                readLong();
            }
            for (long i = 0; i < n; i++) {
                String key = new String(readBytes(), StandardCharsets.UTF_8);
                metadata.put(key, readBytes());
            }
        }
        syncPositions.add(pos);
        sync = Arrays.copyOfRange(file, pos, pos + 16);
        pos += 16;
        String codec = metadata.containsKey("avro.codec") ? new String(metadata.get("avro.codec"), StandardCharsets.UTF_8) : "null";
        ByteArrayOutputStream datums = new ByteArrayOutputStream();
        long records = 0;
        while (pos < file.length) {
            records += readLong();
            byte[] block = readBytes();
            datums.write(decompress(codec, block));
            syncPositions.add(pos);
            if (!Arrays.equals(file, pos, pos + 16, sync, 0, 16)) {
                throw new IOException("Bad sync marker at " + pos);
            }
            pos += 16;
        }
        recordCount = records;
        datumBytes = datums.toByteArray();
    }

    private static byte[] decompress(String codec, byte[] block) throws IOException {
        return switch (codec) {
            case "null" -> block;
            case "zstandard" -> {
                try (var in = new com.github.luben.zstd.ZstdInputStream(new java.io.ByteArrayInputStream(block))) {
                    yield in.readAllBytes();
                }
            }
            default -> throw new IOException("Codec " + codec + " is not handled by this test helper");
        };
    }

    String metadataString(String key) {
        return new String(metadata.get(key), StandardCharsets.UTF_8);
    }

    /** The file with every sync marker zeroed. */
    byte[] withoutSyncMarkers() {
        byte[] copy = file.clone();
        for (int p : syncPositions) {
            Arrays.fill(copy, p, p + 16, (byte) 0);
        }
        return copy;
    }

    private long readLong() {
        long n = 0;
        int shift = 0;
        int b;
        do {
            b = file[pos++] & 0xFF;
            n |= (long) (b & 0x7F) << shift;
            shift += 7;
        } while ((b & 0x80) != 0);
        return (n >>> 1) ^ -(n & 1);
    }

    private byte[] readBytes() {
        int len = (int) readLong();
        byte[] out = Arrays.copyOfRange(file, pos, pos + len);
        pos += len;
        return out;
    }
}
