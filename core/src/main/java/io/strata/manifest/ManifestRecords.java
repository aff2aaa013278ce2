package io.strata.manifest;

import static io.strata.manifest.AvroFields.get;
import static io.strata.manifest.AvroFields.optionalBytes;
import static io.strata.manifest.AvroFields.optionalInt;
import static io.strata.manifest.AvroFields.optionalLong;
import static io.strata.manifest.AvroFields.optionalString;
import static io.strata.manifest.AvroFields.optionalStrings;
import static io.strata.manifest.AvroFields.requiredInt;
import static io.strata.manifest.AvroFields.requiredLong;
import static io.strata.manifest.AvroFields.requiredRecord;
import static io.strata.manifest.AvroFields.requiredRow;
import static io.strata.manifest.AvroFields.requiredString;
import static io.strata.manifest.AvroFields.requiredStrings;
import static io.strata.manifest.AvroFields.row;

import io.strata.data.Timestamp;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * Converts manifest entries, data file metas, manifest file metas and stats to and from generic Avro
 * records. Writing uses the exact 1.4.2 schemas; reading looks fields up by name in whatever schema
 * the file has.
 */
final class ManifestRecords {

    private static final Schema FILE_SCHEMA = ManifestSchemas.MANIFEST_ENTRY.getField("_FILE").schema();
    private static final Schema KEY_STATS_SCHEMA = FILE_SCHEMA.getField("_KEY_STATS").schema();
    private static final Schema VALUE_STATS_SCHEMA = FILE_SCHEMA.getField("_VALUE_STATS").schema();
    private static final Schema PARTITION_STATS_SCHEMA =
            ManifestSchemas.MANIFEST_FILE_META.getField("_PARTITION_STATS").schema();

    private ManifestRecords() {}

    static GenericRecord toRecord(ManifestEntry entry) {
        GenericRecord r = new GenericData.Record(ManifestSchemas.MANIFEST_ENTRY);
        r.put("_VERSION", ManifestSchemas.MANIFEST_VERSION);
        r.put("_KIND", (int) entry.kind().toByteValue());
        r.put("_PARTITION", row(entry.partition()));
        r.put("_BUCKET", entry.bucket());
        r.put("_TOTAL_BUCKETS", entry.totalBuckets());
        r.put("_FILE", toRecord(entry.file()));
        return r;
    }

    static ManifestEntry toManifestEntry(GenericRecord r) {
        GenericRecord file = requiredRecord(r, "_FILE");
        try {
            return new ManifestEntry(
                    FileKind.fromByteValue((byte) requiredInt(r, "_KIND")),
                    requiredRow(r, "_PARTITION"),
                    requiredInt(r, "_BUCKET"),
                    requiredInt(r, "_TOTAL_BUCKETS"),
                    toDataFileMeta(file));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Bad entry for data file " + get(file, "_FILE_NAME") + ": " + e.getMessage(), e);
        }
    }

    private static GenericRecord toRecord(DataFileMeta f) {
        GenericRecord r = new GenericData.Record(FILE_SCHEMA);
        r.put("_FILE_NAME", f.fileName());
        r.put("_FILE_SIZE", f.fileSize());
        r.put("_ROW_COUNT", f.rowCount());
        r.put("_MIN_KEY", row(f.minKey()));
        r.put("_MAX_KEY", row(f.maxKey()));
        r.put("_KEY_STATS", toRecord(f.keyStats(), KEY_STATS_SCHEMA));
        r.put("_VALUE_STATS", toRecord(f.valueStats(), VALUE_STATS_SCHEMA));
        r.put("_MIN_SEQUENCE_NUMBER", f.minSequenceNumber());
        r.put("_MAX_SEQUENCE_NUMBER", f.maxSequenceNumber());
        r.put("_SCHEMA_ID", f.schemaId());
        r.put("_LEVEL", f.level());
        r.put("_EXTRA_FILES", f.extraFiles());
        r.put("_CREATION_TIME", f.creationTime() == null ? null : f.creationTime().millisecond());
        r.put("_DELETE_ROW_COUNT", f.deleteRowCount());
        r.put("_EMBEDDED_FILE_INDEX", f.embeddedIndex() == null ? null : ByteBuffer.wrap(f.embeddedIndex()));
        r.put("_FILE_SOURCE", f.fileSource() == null ? null : (int) f.fileSource().toByteValue());
        r.put("_VALUE_STATS_COLS", f.valueStatsCols());
        r.put("_EXTERNAL_PATH", f.externalPath());
        r.put("_FIRST_ROW_ID", f.firstRowId());
        r.put("_WRITE_COLS", f.writeCols());
        return r;
    }

    private static DataFileMeta toDataFileMeta(GenericRecord r) {
        Long creationMillis = optionalLong(r, "_CREATION_TIME");
        Integer fileSource = optionalInt(r, "_FILE_SOURCE");
        return new DataFileMeta(
                requiredString(r, "_FILE_NAME"),
                requiredLong(r, "_FILE_SIZE"),
                requiredLong(r, "_ROW_COUNT"),
                requiredRow(r, "_MIN_KEY"),
                requiredRow(r, "_MAX_KEY"),
                toSimpleStats(requiredRecord(r, "_KEY_STATS")),
                toSimpleStats(requiredRecord(r, "_VALUE_STATS")),
                requiredLong(r, "_MIN_SEQUENCE_NUMBER"),
                requiredLong(r, "_MAX_SEQUENCE_NUMBER"),
                requiredLong(r, "_SCHEMA_ID"),
                requiredInt(r, "_LEVEL"),
                requiredStrings(r, "_EXTRA_FILES"),
                creationMillis == null ? null : Timestamp.fromEpochMillis(creationMillis),
                optionalLong(r, "_DELETE_ROW_COUNT"),
                optionalBytes(r, "_EMBEDDED_FILE_INDEX"),
                fileSource == null ? null : FileSource.fromByteValue(fileSource.byteValue()),
                optionalStrings(r, "_VALUE_STATS_COLS"),
                optionalString(r, "_EXTERNAL_PATH"),
                optionalLong(r, "_FIRST_ROW_ID"),
                optionalStrings(r, "_WRITE_COLS"));
    }

    static GenericRecord toRecord(ManifestFileMeta m) {
        GenericRecord r = new GenericData.Record(ManifestSchemas.MANIFEST_FILE_META);
        r.put("_VERSION", ManifestSchemas.MANIFEST_VERSION);
        r.put("_FILE_NAME", m.fileName());
        r.put("_FILE_SIZE", m.fileSize());
        r.put("_NUM_ADDED_FILES", m.numAddedFiles());
        r.put("_NUM_DELETED_FILES", m.numDeletedFiles());
        r.put("_PARTITION_STATS", toRecord(m.partitionStats(), PARTITION_STATS_SCHEMA));
        r.put("_SCHEMA_ID", m.schemaId());
        r.put("_MIN_BUCKET", m.minBucket());
        r.put("_MAX_BUCKET", m.maxBucket());
        r.put("_MIN_LEVEL", m.minLevel());
        r.put("_MAX_LEVEL", m.maxLevel());
        r.put("_MIN_ROW_ID", m.minRowId());
        r.put("_MAX_ROW_ID", m.maxRowId());
        return r;
    }

    static ManifestFileMeta toManifestFileMeta(GenericRecord r) {
        try {
            return new ManifestFileMeta(
                    requiredString(r, "_FILE_NAME"),
                    requiredLong(r, "_FILE_SIZE"),
                    requiredLong(r, "_NUM_ADDED_FILES"),
                    requiredLong(r, "_NUM_DELETED_FILES"),
                    toSimpleStats(requiredRecord(r, "_PARTITION_STATS")),
                    requiredLong(r, "_SCHEMA_ID"),
                    optionalInt(r, "_MIN_BUCKET"),
                    optionalInt(r, "_MAX_BUCKET"),
                    optionalInt(r, "_MIN_LEVEL"),
                    optionalInt(r, "_MAX_LEVEL"),
                    optionalLong(r, "_MIN_ROW_ID"),
                    optionalLong(r, "_MAX_ROW_ID"));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Bad entry for manifest " + get(r, "_FILE_NAME") + ": " + e.getMessage(), e);
        }
    }

    private static GenericRecord toRecord(SimpleStats stats, Schema schema) {
        GenericRecord r = new GenericData.Record(schema);
        r.put("_MIN_VALUES", row(stats.minValues()));
        r.put("_MAX_VALUES", row(stats.maxValues()));
        r.put("_NULL_COUNTS", stats.nullCounts() == null ? null : Arrays.asList(stats.nullCounts()));
        return r;
    }

    private static SimpleStats toSimpleStats(GenericRecord r) {
        Object counts = get(r, "_NULL_COUNTS");
        Long[] nullCounts = null;
        if (counts != null) {
            Collection<?> items = (Collection<?>) counts;
            List<Long> list = new ArrayList<>(items.size());
            for (Object item : items) {
                list.add(item == null ? null : ((Number) item).longValue());
            }
            nullCounts = list.toArray(new Long[0]);
        }
        return new SimpleStats(requiredRow(r, "_MIN_VALUES"), requiredRow(r, "_MAX_VALUES"), nullCounts);
    }
}
