package io.strata.manifest;

import io.strata.fs.FileIO;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.fs.Path;

/**
 * Reads and writes manifest lists ({@code manifest/manifest-list-<uuid>-<k>}): Avro files of
 * {@link ManifestFileMeta}. A snapshot points at a base list and a delta list (and a changelog list).
 */
public final class ManifestList {

    private static final String WHAT = "manifest list";

    private final FileIO io;
    private final Path manifestDir;
    private final MetadataFileNames names;

    /** A written manifest list: its name and size, as the snapshot records them. */
    public record Written(String fileName, long fileSize) {}

    public ManifestList(FileIO io, Path manifestDir, MetadataFileNames names) {
        this.io = Objects.requireNonNull(io, "io");
        this.manifestDir = Objects.requireNonNull(manifestDir, "manifestDir");
        this.names = Objects.requireNonNull(names, "names");
    }

    /** The path of a manifest list of this table. */
    public Path path(String fileName) {
        return new Path(manifestDir, fileName);
    }

    /**
     * The manifests of the named list, in order.
     *
     * @throws java.io.FileNotFoundException if it does not exist (the message names the path)
     * @throws IOException if it is truncated or corrupt (the message names the path)
     */
    public List<ManifestFileMeta> read(String fileName) throws IOException {
        return AvroFiles.read(io, path(fileName), WHAT, ManifestRecords::toManifestFileMeta);
    }

    /** Writes one new list file of the given manifests (an empty list is a valid file too). */
    public Written write(List<ManifestFileMeta> metas) throws IOException {
        String fileName = names.nextManifestList();
        byte[] bytes;
        try (AvroFiles.Buffer buffer = new AvroFiles.Buffer(ManifestSchemas.MANIFEST_FILE_META)) {
            for (ManifestFileMeta meta : metas) {
                buffer.append(ManifestRecords.toRecord(meta));
            }
            bytes = buffer.finish();
        }
        AvroFiles.writeNewFile(io, path(fileName), bytes, WHAT);
        return new Written(fileName, bytes.length);
    }

    /** Deletes a list file, ignoring failures (cleanup after an aborted commit). */
    public void delete(String fileName) {
        io.deleteQuietly(path(fileName));
    }
}
