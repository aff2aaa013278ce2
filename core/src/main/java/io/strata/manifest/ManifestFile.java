package io.strata.manifest;

import io.strata.fs.FileIO;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.fs.Path;

/**
 * Reads and writes manifest files ({@code manifest/manifest-<uuid>-<k>}): Avro files of
 * {@link ManifestEntry}, in Paimon 1.4.2's exact schema. Writing rolls to a new file once a file
 * reaches the target size and summarises each file as a {@link ManifestFileMeta}.
 */
public final class ManifestFile {

    private static final String WHAT = "manifest file";

    private final FileIO io;
    private final Path manifestDir;
    private final RowType partitionType;
    private final long targetFileSize;
    private final MetadataFileNames names;

    /**
     * @param io file access
     * @param manifestDir the table's {@code manifest} directory
     * @param partitionType the table's partition columns (for the partition stats)
     * @param targetFileSize roll to a new file at this size ({@code manifest.target-file-size}, 8 MB by default)
     * @param names names new files
     */
    public ManifestFile(FileIO io, Path manifestDir, RowType partitionType, long targetFileSize, MetadataFileNames names) {
        if (targetFileSize <= 0) {
            throw new IllegalArgumentException("manifest.target-file-size must be positive, got " + targetFileSize);
        }
        this.io = Objects.requireNonNull(io, "io");
        this.manifestDir = Objects.requireNonNull(manifestDir, "manifestDir");
        this.partitionType = Objects.requireNonNull(partitionType, "partitionType");
        this.targetFileSize = targetFileSize;
        this.names = Objects.requireNonNull(names, "names");
    }

    public long targetFileSize() {
        return targetFileSize;
    }

    public RowType partitionType() {
        return partitionType;
    }

    /** The path of a manifest file of this table. */
    public Path path(String fileName) {
        return new Path(manifestDir, fileName);
    }

    /**
     * All entries of the named manifest, in file order.
     *
     * @throws java.io.FileNotFoundException if it does not exist (the message names the path)
     * @throws IOException if it is truncated or corrupt (the message names the path)
     */
    public List<ManifestEntry> read(String fileName) throws IOException {
        return AvroFiles.read(io, path(fileName), WHAT, ManifestRecords::toManifestEntry);
    }

    /**
     * Writes the entries, in order, to as many new manifest files as the target size needs (none for
     * no entries). All or nothing: on failure the files written so far are deleted.
     */
    public List<ManifestFileMeta> write(List<ManifestEntry> entries) throws IOException {
        List<ManifestFileMeta> written = new ArrayList<>();
        RollingManifest current = null;
        try {
            for (ManifestEntry entry : entries) {
                if (current == null) {
                    current = new RollingManifest(names.nextManifest());
                }
                current.add(entry);
                if (current.size() >= targetFileSize) {
                    written.add(current.finish());
                    current = null;
                }
            }
            if (current != null) {
                written.add(current.finish());
            }
            return written;
        } catch (IOException | RuntimeException e) {
            if (current != null) {
                current.abandon();
            }
            delete(written);
            throw e;
        }
    }

    /** Deletes the given manifest files, ignoring failures (cleanup after an aborted commit). */
    public void delete(List<ManifestFileMeta> manifests) {
        for (ManifestFileMeta m : manifests) {
            io.deleteQuietly(path(m.fileName()));
        }
    }

    /** One manifest file being filled, with the summary of its entries. */
    private final class RollingManifest {

        private final String fileName;
        private final AvroFiles.Buffer buffer;
        private final PartitionStatsCollector partitionStats = new PartitionStatsCollector(partitionType);
        private long added;
        private long deleted;
        private long schemaId = Long.MIN_VALUE;
        private int minBucket = Integer.MAX_VALUE;
        private int maxBucket = Integer.MIN_VALUE;
        private int minLevel = Integer.MAX_VALUE;
        private int maxLevel = Integer.MIN_VALUE;
        private boolean allHaveRowIds = true;
        private long minRowId = Long.MAX_VALUE;
        private long maxRowId = Long.MIN_VALUE;

        RollingManifest(String fileName) throws IOException {
            this.fileName = fileName;
            this.buffer = new AvroFiles.Buffer(ManifestSchemas.MANIFEST_ENTRY, AvroFiles.Buffer.syncIntervalFor(targetFileSize));
        }

        void add(ManifestEntry entry) throws IOException {
            buffer.append(ManifestRecords.toRecord(entry));
            switch (entry.kind()) {
                case ADD -> added++;
                case DELETE -> deleted++;
            }
            DataFileMeta file = entry.file();
            // Paimon records the newest schema among the files, so a reader knows the widest schema needed.
            schemaId = Math.max(schemaId, file.schemaId());
            minBucket = Math.min(minBucket, entry.bucket());
            maxBucket = Math.max(maxBucket, entry.bucket());
            minLevel = Math.min(minLevel, file.level());
            maxLevel = Math.max(maxLevel, file.level());
            if (file.firstRowId() == null) {
                allHaveRowIds = false;
            } else {
                minRowId = Math.min(minRowId, file.firstRowId());
                maxRowId = Math.max(maxRowId, file.firstRowId() + file.rowCount() - 1);
            }
            partitionStats.collect(entry.partition());
        }

        long size() {
            return buffer.flushedSize();
        }

        ManifestFileMeta finish() throws IOException {
            byte[] bytes = buffer.finish();
            AvroFiles.writeNewFile(io, path(fileName), bytes, WHAT);
            return new ManifestFileMeta(fileName, bytes.length, added, deleted, partitionStats.result(), schemaId,
                    minBucket, maxBucket, minLevel, maxLevel,
                    allHaveRowIds ? minRowId : null, allHaveRowIds ? maxRowId : null);
        }

        void abandon() {
            try {
                buffer.close();
            } catch (IOException | RuntimeException ignored) {
                // Nothing was written to the file system yet; the buffer is garbage either way.
            }
        }
    }
}
