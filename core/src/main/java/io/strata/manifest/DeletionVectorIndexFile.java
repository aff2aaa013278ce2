package io.strata.manifest;

import io.strata.fs.FileIO;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;
import org.apache.hadoop.fs.Path;
import org.roaringbitmap.RoaringBitmap;

/**
 * Reads and writes deletion-vector index files ({@code index/index-<uuid>-<k>}, docs/format.md section 10):
 * a version byte (1), then per data file a 4-byte big-endian size, the 4-byte big-endian magic
 * number, a portable 32-bit RoaringBitmap and a 4-byte big-endian CRC32 of magic plus bitmap. The
 * size counts magic plus bitmap; the index manifest's offset points at the size field. Reading checks
 * the version, sizes, magic and checksum, and names the file on any failure.
 */
public final class DeletionVectorIndexFile {

    /** The only version of the file layout. */
    public static final byte VERSION = 1;
    /** Marks a 32-bit bitmap deletion vector. */
    public static final int MAGIC_NUMBER = 1581511376;

    private final FileIO io;
    private final Path indexDir;
    private final String namePrefix = "index-" + UUID.randomUUID() + "-";
    private final AtomicInteger counter = new AtomicInteger();

    /**
     * @param io file access
     * @param indexDir the table's {@code index} directory
     */
    public DeletionVectorIndexFile(FileIO io, Path indexDir) {
        this.io = Objects.requireNonNull(io, "io");
        this.indexDir = Objects.requireNonNull(indexDir, "indexDir");
    }

    /** Where the file of {@code meta} is: its external path, or the index directory. */
    public Path path(IndexFileMeta meta) {
        return meta.externalPath() != null ? new Path(meta.externalPath()) : new Path(indexDir, meta.fileName());
    }

    /** The deletion vectors of the file, by data file name, in the order of {@code meta.dvRanges()}. */
    public Map<String, DeletionVector> read(IndexFileMeta meta) throws IOException {
        if (!IndexFileMeta.DELETION_VECTORS.equals(meta.indexType())) {
            throw new IllegalArgumentException("Index file " + meta.fileName() + " of type " + meta.indexType()
                    + " holds no deletion vectors");
        }
        if (meta.dvRanges() == null || meta.dvRanges().isEmpty()) {
            // Paimon writes a bucket whose last vector went as a file of no vectors.
            return new LinkedHashMap<>();
        }
        Path path = path(meta);
        byte[] bytes;
        try {
            bytes = io.readFully(path);
        } catch (FileNotFoundException e) {
            FileNotFoundException missing = new FileNotFoundException("The deletion vector file " + path + " does not exist");
            missing.initCause(e);
            throw missing;
        }
        if (bytes.length < 1 || bytes[0] != VERSION) {
            throw new IOException("Deletion vector file " + path + " has version "
                    + (bytes.length < 1 ? "(none: empty file)" : String.valueOf(bytes[0])) + ", expected " + VERSION);
        }
        Map<String, DeletionVector> out = new LinkedHashMap<>();
        for (DeletionVectorMeta dv : meta.dvRanges().values()) {
            out.put(dv.dataFileName(), readOne(bytes, dv, path));
        }
        return out;
    }

    private static DeletionVector readOne(byte[] bytes, DeletionVectorMeta dv, Path path) throws IOException {
        String where = "deletion vector of " + dv.dataFileName() + " in " + path + " at offset " + dv.offset();
        long end = (long) dv.offset() + 4 + (long) dv.length() + 4;
        if (dv.offset() < 1 || dv.length() < 4 || end > bytes.length) {
            throw new IOException("The " + where + " with length " + dv.length() + " does not fit the file of "
                    + bytes.length + " bytes (truncated or a wrong index manifest)");
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes); // big-endian, as Java's DataOutput writes
        int size = buffer.getInt(dv.offset());
        if (size != dv.length()) {
            throw new IOException("The " + where + " has size " + size + " but the index manifest says " + dv.length());
        }
        int magic = buffer.getInt(dv.offset() + 4);
        if (magic != MAGIC_NUMBER) {
            throw new IOException("The " + where + " has magic number " + magic + ", expected " + MAGIC_NUMBER
                    + " (a 64-bit or unknown deletion vector, or a corrupt file)");
        }
        CRC32 crc = new CRC32();
        crc.update(bytes, dv.offset() + 4, size);
        int stored = buffer.getInt(dv.offset() + 4 + size);
        if ((int) crc.getValue() != stored) {
            throw new IOException("The " + where + " fails its checksum: stored " + Integer.toHexString(stored)
                    + ", computed " + Long.toHexString(crc.getValue()));
        }
        RoaringBitmap bitmap = new RoaringBitmap();
        try {
            bitmap.deserialize(ByteBuffer.wrap(bytes, dv.offset() + 8, size - 4).slice());
        } catch (IOException | RuntimeException e) {
            throw new IOException("The " + where + " is not a valid RoaringBitmap: " + e.getMessage(), e);
        }
        DeletionVector vector = DeletionVector.wrap(bitmap);
        if (dv.cardinality() != null && dv.cardinality() != vector.cardinality()) {
            throw new IOException("The " + where + " deletes " + vector.cardinality() + " rows but the index manifest says "
                    + dv.cardinality());
        }
        return vector;
    }

    /**
     * Writes one new index file holding the given vectors (in map order) and returns its meta, whose
     * ranges point at each vector.
     */
    public IndexFileMeta write(Map<String, DeletionVector> vectors) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeByte(VERSION);
        LinkedHashMap<String, DeletionVectorMeta> ranges = new LinkedHashMap<>();
        for (Map.Entry<String, DeletionVector> e : vectors.entrySet()) {
            RoaringBitmap bitmap = e.getValue().bitmap().clone();
            // Paimon run-optimizes before serializing: the same bitmap gives the same bytes.
            bitmap.runOptimize();
            ByteBuffer body = ByteBuffer.allocate(4 + bitmap.serializedSizeInBytes());
            body.putInt(MAGIC_NUMBER);
            bitmap.serialize(body);
            byte[] data = body.array();
            CRC32 crc = new CRC32();
            crc.update(data);
            int offset = out.size();
            out.writeInt(data.length);
            out.write(data);
            out.writeInt((int) crc.getValue());
            ranges.put(e.getKey(), new DeletionVectorMeta(e.getKey(), offset, data.length, bitmap.getLongCardinality()));
        }
        out.flush();
        String fileName = namePrefix + counter.getAndIncrement();
        byte[] content = bytes.toByteArray();
        AvroFiles.writeNewFile(io, new Path(indexDir, fileName), content, "deletion vector file");
        return new IndexFileMeta(IndexFileMeta.DELETION_VECTORS, fileName, content.length, ranges.size(), ranges, null);
    }
}
