package io.strata.manifest;

import static io.strata.manifest.AvroFields.get;
import static io.strata.manifest.AvroFields.optionalLong;
import static io.strata.manifest.AvroFields.optionalString;
import static io.strata.manifest.AvroFields.requiredInt;
import static io.strata.manifest.AvroFields.requiredLong;
import static io.strata.manifest.AvroFields.requiredRow;
import static io.strata.manifest.AvroFields.requiredString;
import static io.strata.manifest.AvroFields.row;

import io.strata.fs.FileIO;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.Path;

/**
 * Reads and writes index manifests ({@code manifest/index-manifest-<uuid>-<k>}): Avro files of
 * {@link IndexManifestEntry}, which a snapshot names in {@code indexManifest}. Entries that carry a
 * global index (a Paimon 1.4 feature Strata does not support) are rejected on read, never dropped.
 */
public final class IndexManifestFile {

    private static final String WHAT = "index manifest";
    private static final Schema RANGE_SCHEMA = ManifestSchemas.INDEX_MANIFEST_ENTRY.getField("_DELETIONS_VECTORS_RANGES")
            .schema().getTypes().get(1).getElementType().getTypes().get(1);

    private final FileIO io;
    private final Path manifestDir;
    private final MetadataFileNames names;

    public IndexManifestFile(FileIO io, Path manifestDir, MetadataFileNames names) {
        this.io = Objects.requireNonNull(io, "io");
        this.manifestDir = Objects.requireNonNull(manifestDir, "manifestDir");
        this.names = Objects.requireNonNull(names, "names");
    }

    /** The path of an index manifest of this table. */
    public Path path(String fileName) {
        return new Path(manifestDir, fileName);
    }

    /**
     * All entries of the named index manifest, in file order.
     *
     * @throws java.io.FileNotFoundException if it does not exist (the message names the path)
     * @throws IOException if it is truncated, corrupt or holds a global index (the message names the path)
     */
    public List<IndexManifestEntry> read(String fileName) throws IOException {
        return AvroFiles.read(io, path(fileName), WHAT, IndexManifestFile::toEntry);
    }

    /** Writes one new index manifest of the given entries and returns its file name. */
    public String write(List<IndexManifestEntry> entries) throws IOException {
        String fileName = names.nextIndexManifest();
        byte[] bytes;
        try (AvroFiles.Buffer buffer = new AvroFiles.Buffer(ManifestSchemas.INDEX_MANIFEST_ENTRY)) {
            for (IndexManifestEntry entry : entries) {
                buffer.append(toRecord(entry));
            }
            bytes = buffer.finish();
        }
        AvroFiles.writeNewFile(io, path(fileName), bytes, WHAT);
        return fileName;
    }

    /** Deletes an index manifest, ignoring failures (cleanup after an aborted commit). */
    public void delete(String fileName) {
        io.deleteQuietly(path(fileName));
    }

    private static GenericRecord toRecord(IndexManifestEntry entry) {
        IndexFileMeta f = entry.indexFile();
        GenericRecord r = new GenericData.Record(ManifestSchemas.INDEX_MANIFEST_ENTRY);
        r.put("_VERSION", ManifestSchemas.INDEX_MANIFEST_VERSION);
        r.put("_KIND", (int) entry.kind().toByteValue());
        r.put("_PARTITION", row(entry.partition()));
        r.put("_BUCKET", entry.bucket());
        r.put("_INDEX_TYPE", f.indexType());
        r.put("_FILE_NAME", f.fileName());
        r.put("_FILE_SIZE", f.fileSize());
        r.put("_ROW_COUNT", f.rowCount());
        if (f.dvRanges() != null) {
            List<GenericRecord> ranges = new ArrayList<>(f.dvRanges().size());
            for (DeletionVectorMeta dv : f.dvRanges().values()) {
                GenericRecord range = new GenericData.Record(RANGE_SCHEMA);
                range.put("f0", dv.dataFileName());
                range.put("f1", dv.offset());
                range.put("f2", dv.length());
                range.put("_CARDINALITY", dv.cardinality());
                ranges.add(range);
            }
            r.put("_DELETIONS_VECTORS_RANGES", ranges);
        }
        r.put("_EXTERNAL_PATH", f.externalPath());
        r.put("_GLOBAL_INDEX", null);
        return r;
    }

    private static IndexManifestEntry toEntry(GenericRecord r) {
        String fileName = requiredString(r, "_FILE_NAME");
        if (get(r, "_GLOBAL_INDEX") != null) {
            throw new IllegalArgumentException("Index file " + fileName + " is a global index (type " + get(r, "_INDEX_TYPE")
                    + "), which Strata does not support");
        }
        LinkedHashMap<String, DeletionVectorMeta> ranges = null;
        Object rawRanges = get(r, "_DELETIONS_VECTORS_RANGES");
        if (rawRanges != null) {
            ranges = new LinkedHashMap<>();
            for (Object item : (Collection<?>) rawRanges) {
                if (item == null) {
                    continue;
                }
                GenericRecord range = (GenericRecord) item;
                DeletionVectorMeta dv = new DeletionVectorMeta(requiredString(range, "f0"), requiredInt(range, "f1"),
                        requiredInt(range, "f2"), optionalLong(range, "_CARDINALITY"));
                ranges.put(dv.dataFileName(), dv);
            }
        }
        IndexFileMeta file = new IndexFileMeta(requiredString(r, "_INDEX_TYPE"), fileName, requiredLong(r, "_FILE_SIZE"),
                requiredLong(r, "_ROW_COUNT"), ranges, optionalString(r, "_EXTERNAL_PATH"));
        return new IndexManifestEntry(FileKind.fromByteValue((byte) requiredInt(r, "_KIND")), requiredRow(r, "_PARTITION"),
                requiredInt(r, "_BUCKET"), file);
    }
}
