package io.strata.fileindex;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The container of one data file's indexes, in Paimon's file index format (version 1), embedded in a
 * manifest entry or stored as {@code <data file>.index}: an 8-byte magic number, the version, the length of
 * the header, then per column its name and per index type the type name, the absolute offset and length of
 * the index's bytes (offset -1 for an index that saw no row), a redundant-length field (0), and the bodies.
 * Integers are big-endian, names Java's modified UTF-8.
 */
final class FileIndexContainer {

    static final long MAGIC = 1493475289347502L;
    static final int VERSION = 1;

    private FileIndexContainer() {}

    /** The container of {@code indexes}: column name to index type to the index's bytes (null: empty). */
    static byte[] write(Map<String, Map<String, byte[]>> indexes) {
        try {
            ByteArrayOutputStream header = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(header);
            // The header's length is needed for the absolute offsets: measure the names first.
            int headLength = 8 + 4 + 4 + 4 + 4;
            for (Map.Entry<String, Map<String, byte[]>> column : indexes.entrySet()) {
                headLength += utfLength(column.getKey()) + 4;
                for (String type : column.getValue().keySet()) {
                    headLength += utfLength(type) + 8;
                }
            }
            out.writeLong(MAGIC);
            out.writeInt(VERSION);
            out.writeInt(headLength);
            out.writeInt(indexes.size());
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            for (Map.Entry<String, Map<String, byte[]>> column : indexes.entrySet()) {
                out.writeUTF(column.getKey());
                out.writeInt(column.getValue().size());
                for (Map.Entry<String, byte[]> index : column.getValue().entrySet()) {
                    out.writeUTF(index.getKey());
                    byte[] bytes = index.getValue();
                    if (bytes == null) {
                        out.writeInt(-1);
                        out.writeInt(0);
                    } else {
                        out.writeInt(headLength + body.size());
                        out.writeInt(bytes.length);
                        body.write(bytes);
                    }
                }
            }
            out.writeInt(0);
            out.flush();
            if (header.size() != headLength) {
                throw new IllegalStateException("file index header of " + header.size() + " bytes, expected " + headLength);
            }
            header.write(body.toByteArray());
            return header.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in memory: cannot happen
        }
    }

    /** Where one index's bytes are in a container. */
    record Slice(int offset, int length) {
        boolean empty() {
            return offset < 0;
        }
    }

    /**
     * The indexes of a container: column name to index type to its slice of {@code bytes}. Fails (with a
     * message the caller prefixes with the file) on a wrong magic number or version, or offsets outside.
     */
    static Map<String, Map<String, Slice>> read(byte[] bytes) throws IOException {
        DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(bytes));
        if (bytes.length < 20) {
            throw new IOException("a file index of " + bytes.length + " bytes is truncated");
        }
        long magic = in.readLong();
        if (magic != MAGIC) {
            throw new IOException("not a file index (magic number " + magic + ")");
        }
        int version = in.readInt();
        if (version != VERSION) {
            throw new IOException("file index version " + version + " is not supported (only " + VERSION + ")");
        }
        int headLength = in.readInt();
        if (headLength < 20 || headLength > bytes.length) {
            throw new IOException("file index header length " + headLength + " does not fit its " + bytes.length
                    + " bytes");
        }
        int columns = in.readInt();
        Map<String, Map<String, Slice>> out = new LinkedHashMap<>();
        for (int c = 0; c < columns; c++) {
            String column = in.readUTF();
            int count = in.readInt();
            Map<String, Slice> types = new LinkedHashMap<>();
            for (int i = 0; i < count; i++) {
                String type = in.readUTF();
                int offset = in.readInt();
                int length = in.readInt();
                if (offset >= 0 && (offset < headLength || (long) offset + length > bytes.length || length < 0)) {
                    throw new IOException("file index of column " + column + " (" + type + ") at " + offset + "+"
                            + length + " lies outside its " + bytes.length + " bytes");
                }
                types.put(type, new Slice(offset, length));
            }
            out.put(column, types);
        }
        return out;
    }

    private static int utfLength(String s) {
        int length = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            length += c >= 0x0001 && c <= 0x007F ? 1 : c > 0x07FF ? 3 : 2;
        }
        return 2 + length;
    }
}
