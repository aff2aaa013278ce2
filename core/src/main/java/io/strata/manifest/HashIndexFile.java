package io.strata.manifest;

import io.strata.fs.FileIO;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.Path;
import org.roaringbitmap.IntIterator;
import org.roaringbitmap.RoaringBitmap;

/**
 * Reads and writes the key hash index of one bucket of a dynamic-bucket table ({@code index/index-<uuid>-<k>},
 * index type {@link IndexFileMeta#HASH}, docs/format.md section 10): the 32-bit hash of every key the bucket
 * ever took, each as a 4-byte big-endian int, in no order, with no header; the index manifest's row count is
 * the number of hashes. A writer reads the hashes to keep known keys in their bucket; readers of rows never
 * need the file.
 */
public final class HashIndexFile {

    private final FileIO io;
    private final Path indexDir;
    private final String namePrefix = "index-" + UUID.randomUUID() + "-";
    private final AtomicInteger counter = new AtomicInteger();

    /**
     * @param io file access
     * @param indexDir the table's {@code index} directory
     */
    public HashIndexFile(FileIO io, Path indexDir) {
        this.io = Objects.requireNonNull(io, "io");
        this.indexDir = Objects.requireNonNull(indexDir, "indexDir");
    }

    /** Where the file of {@code meta} is: its external path, or the index directory. */
    public Path path(IndexFileMeta meta) {
        return meta.externalPath() != null ? new Path(meta.externalPath()) : new Path(indexDir, meta.fileName());
    }

    /**
     * The hashes of the file, added to {@code into}. Fails naming the file when it is not a HASH index, is
     * missing, or its size is not four bytes per hash of its meta.
     */
    public void read(IndexFileMeta meta, RoaringBitmap into) throws IOException {
        Path path = path(meta);
        if (!IndexFileMeta.HASH.equals(meta.indexType())) {
            throw new IllegalArgumentException("Index file " + path + " of type " + meta.indexType()
                    + " holds no key hashes");
        }
        byte[] bytes;
        try {
            bytes = io.readFully(path);
        } catch (FileNotFoundException e) {
            FileNotFoundException missing = new FileNotFoundException("The hash index file " + path + " does not exist");
            missing.initCause(e);
            throw missing;
        }
        if (bytes.length % Integer.BYTES != 0 || bytes.length / Integer.BYTES != meta.rowCount()) {
            throw new IOException("The hash index file " + path + " has " + bytes.length + " bytes, but its "
                    + meta.rowCount() + " hashes take " + meta.rowCount() * Integer.BYTES
                    + " (truncated, or a wrong index manifest)");
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
            into.add(buffer.getInt());
        }
    }

    /** Writes {@code hashes} as one new index file and returns its meta. */
    public IndexFileMeta write(RoaringBitmap hashes) throws IOException {
        long count = hashes.getLongCardinality();
        ByteBuffer buffer = ByteBuffer.allocate(Math.toIntExact(count * Integer.BYTES));
        IntIterator values = hashes.getIntIterator();
        while (values.hasNext()) {
            buffer.putInt(values.next());
        }
        String fileName = namePrefix + counter.getAndIncrement();
        byte[] content = buffer.array();
        AvroFiles.writeNewFile(io, new Path(indexDir, fileName), content, "hash index file");
        return new IndexFileMeta(IndexFileMeta.HASH, fileName, content.length, count, null, null);
    }
}
