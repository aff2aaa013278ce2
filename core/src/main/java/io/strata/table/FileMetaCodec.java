package io.strata.table;

import io.strata.data.BinaryRow;
import io.strata.data.Timestamp;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.DeletionVectorMeta;
import io.strata.manifest.FileSource;
import io.strata.manifest.IndexFileMeta;
import io.strata.manifest.SimpleStats;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The binary form of data-file and index-file metadata that {@link SplitCodec} and {@link
 * CommitMessageCodec} share: every field of {@link DataFileMeta} and {@link IndexFileMeta}, nullable
 * ones behind a presence flag, lengths checked against the bytes left.
 */
final class FileMetaCodec {

    private FileMetaCodec() {}

    static void writeFile(DataOutputStream out, DataFileMeta f) throws IOException {
        out.writeUTF(f.fileName());
        out.writeLong(f.fileSize());
        out.writeLong(f.rowCount());
        writeRow(out, f.minKey());
        writeRow(out, f.maxKey());
        writeStats(out, f.keyStats());
        writeStats(out, f.valueStats());
        out.writeLong(f.minSequenceNumber());
        out.writeLong(f.maxSequenceNumber());
        out.writeLong(f.schemaId());
        out.writeInt(f.level());
        writeStrings(out, f.extraFiles());
        out.writeBoolean(f.creationTime() != null);
        if (f.creationTime() != null) {
            out.writeLong(f.creationTime().millisecond());
            out.writeInt(f.creationTime().nanoOfMillisecond());
        }
        writeNullableLong(out, f.deleteRowCount());
        writeBytes(out, f.embeddedIndex());
        out.writeByte(f.fileSource() == null ? -1 : f.fileSource().toByteValue());
        writeStrings(out, f.valueStatsCols());
        writeNullableString(out, f.externalPath());
        writeNullableLong(out, f.firstRowId());
        writeStrings(out, f.writeCols());
    }

    static DataFileMeta readFile(DataInputStream in) throws IOException {
        String fileName = in.readUTF();
        long fileSize = in.readLong();
        long rowCount = in.readLong();
        BinaryRow minKey = readRow(in);
        BinaryRow maxKey = readRow(in);
        SimpleStats keyStats = readStats(in);
        SimpleStats valueStats = readStats(in);
        long minSeq = in.readLong();
        long maxSeq = in.readLong();
        long schemaId = in.readLong();
        int level = in.readInt();
        List<String> extraFiles = readStrings(in);
        Timestamp creationTime = in.readBoolean() ? Timestamp.of(in.readLong(), in.readInt()) : null;
        Long deleteRowCount = readNullableLong(in);
        byte[] embeddedIndex = readBytes(in);
        byte source = in.readByte();
        FileSource fileSource = source < 0 ? null : FileSource.fromByteValue(source);
        List<String> valueStatsCols = readStrings(in);
        String externalPath = readNullableString(in);
        Long firstRowId = readNullableLong(in);
        List<String> writeCols = readStrings(in);
        return new DataFileMeta(fileName, fileSize, rowCount, minKey, maxKey, keyStats, valueStats, minSeq, maxSeq,
                schemaId, level, extraFiles == null ? List.of() : extraFiles, creationTime, deleteRowCount,
                embeddedIndex, fileSource, valueStatsCols, externalPath, firstRowId, writeCols);
    }

    static void writeIndexFile(DataOutputStream out, IndexFileMeta m) throws IOException {
        out.writeUTF(m.indexType());
        out.writeUTF(m.fileName());
        out.writeLong(m.fileSize());
        out.writeLong(m.rowCount());
        out.writeBoolean(m.dvRanges() != null);
        if (m.dvRanges() != null) {
            out.writeInt(m.dvRanges().size());
            for (DeletionVectorMeta dv : m.dvRanges().values()) {
                out.writeUTF(dv.dataFileName());
                out.writeInt(dv.offset());
                out.writeInt(dv.length());
                writeNullableLong(out, dv.cardinality());
            }
        }
        writeNullableString(out, m.externalPath());
    }

    static IndexFileMeta readIndexFile(DataInputStream in) throws IOException {
        String type = in.readUTF();
        String name = in.readUTF();
        long size = in.readLong();
        long rows = in.readLong();
        LinkedHashMap<String, DeletionVectorMeta> ranges = null;
        if (in.readBoolean()) {
            int n = in.readInt();
            ranges = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                DeletionVectorMeta dv = new DeletionVectorMeta(in.readUTF(), in.readInt(), in.readInt(), readNullableLong(in));
                ranges.put(dv.dataFileName(), dv);
            }
        }
        return new IndexFileMeta(type, name, size, rows, ranges, readNullableString(in));
    }

    static void writeRow(DataOutputStream out, BinaryRow row) throws IOException {
        writeBytes(out, row == null ? null : row.toBytesWithArity());
    }

    static BinaryRow readRow(DataInputStream in) throws IOException {
        byte[] b = readBytes(in);
        return b == null ? null : BinaryRow.fromBytesWithArity(b);
    }

    private static void writeStats(DataOutputStream out, SimpleStats s) throws IOException {
        out.writeBoolean(s != null);
        if (s == null) {
            return;
        }
        writeRow(out, s.minValues());
        writeRow(out, s.maxValues());
        Long[] nulls = s.nullCounts();
        out.writeInt(nulls == null ? -1 : nulls.length);
        if (nulls != null) {
            for (Long n : nulls) {
                writeNullableLong(out, n);
            }
        }
    }

    private static SimpleStats readStats(DataInputStream in) throws IOException {
        if (!in.readBoolean()) {
            return null;
        }
        BinaryRow min = readRow(in);
        BinaryRow max = readRow(in);
        int n = in.readInt();
        Long[] nulls = null;
        if (n >= 0) {
            checkLength(in, n);
            nulls = new Long[n];
            for (int i = 0; i < n; i++) {
                nulls[i] = readNullableLong(in);
            }
        }
        return new SimpleStats(min, max, nulls);
    }

    private static void writeBytes(DataOutputStream out, byte[] b) throws IOException {
        out.writeInt(b == null ? -1 : b.length);
        if (b != null) {
            out.write(b);
        }
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            return null;
        }
        checkLength(in, n);
        byte[] b = new byte[n];
        in.readFully(b);
        return b;
    }

    private static void writeStrings(DataOutputStream out, List<String> strings) throws IOException {
        out.writeInt(strings == null ? -1 : strings.size());
        if (strings != null) {
            for (String s : strings) {
                out.writeUTF(s);
            }
        }
    }

    private static List<String> readStrings(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            return null;
        }
        checkLength(in, n);
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(in.readUTF());
        }
        return out;
    }

    private static void writeNullableLong(DataOutputStream out, Long v) throws IOException {
        out.writeBoolean(v != null);
        if (v != null) {
            out.writeLong(v);
        }
    }

    private static Long readNullableLong(DataInputStream in) throws IOException {
        return in.readBoolean() ? in.readLong() : null;
    }

    private static void writeNullableString(DataOutputStream out, String s) throws IOException {
        out.writeBoolean(s != null);
        if (s != null) {
            out.writeUTF(s);
        }
    }

    private static String readNullableString(DataInputStream in) throws IOException {
        return in.readBoolean() ? in.readUTF() : null;
    }

    /**
     * Fails if a length read from the bytes is more than the bytes left (each element takes at least one
     * byte): corrupt input must not make the reader allocate gigabytes.
     */
    static void checkLength(DataInputStream in, int n) throws IOException {
        if (n > in.available()) {
            throw new EOFException("a length of " + n + " but only " + in.available() + " bytes left");
        }
    }
}
