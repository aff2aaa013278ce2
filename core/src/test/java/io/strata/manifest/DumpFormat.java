package io.strata.manifest;

import io.strata.data.BinaryRow;
import io.strata.data.Decimal;
import io.strata.data.RowValues;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/** Renders metadata read by Strata the way dump-manifests.txt prints it, so the two compare as text. */
final class DumpFormat {

    private DumpFormat() {}

    static String manifestFileMeta(ManifestFileMeta m, RowType partitionType) {
        return "ManifestFileMeta{_VERSION=2, _FILE_NAME=" + m.fileName() + ", _FILE_SIZE=" + m.fileSize()
                + ", _NUM_ADDED_FILES=" + m.numAddedFiles() + ", _NUM_DELETED_FILES=" + m.numDeletedFiles()
                + ", _SCHEMA_ID=" + m.schemaId() + ", _MIN_BUCKET=" + m.minBucket() + ", _MAX_BUCKET=" + m.maxBucket()
                + ", _MIN_LEVEL=" + m.minLevel() + ", _MAX_LEVEL=" + m.maxLevel() + ", _MIN_ROW_ID=" + m.minRowId()
                + ", _MAX_ROW_ID=" + m.maxRowId() + ", _PARTITION_STATS=" + stats(m.partitionStats(), partitionType, false) + "}";
    }

    static String manifestEntry(ManifestEntry e, RowType partitionType, RowType keyType, RowType valueType) {
        DataFileMeta f = e.file();
        return "ManifestEntry{_VERSION=2, _KIND=" + e.kind().toByteValue() + ", _PARTITION=" + row(e.partition(), partitionType, false)
                + " (hex " + HexFormat.of().formatHex(e.partition().toBytesWithArity()) + "), _BUCKET=" + e.bucket()
                + ", _TOTAL_BUCKETS=" + e.totalBuckets() + ","
                + " _FILE={_FILE_NAME=" + f.fileName() + ", _FILE_SIZE=" + f.fileSize() + ", _ROW_COUNT=" + f.rowCount()
                + ", _MIN_KEY=" + row(f.minKey(), keyType, false) + ", _MAX_KEY=" + row(f.maxKey(), keyType, false) + ","
                + " _KEY_STATS=" + stats(f.keyStats(), keyType, true) + ","
                + " _VALUE_STATS=" + stats(f.valueStats(), valueType, true) + ","
                + " _MIN_SEQUENCE_NUMBER=" + f.minSequenceNumber() + ", _MAX_SEQUENCE_NUMBER=" + f.maxSequenceNumber()
                + ", _SCHEMA_ID=" + f.schemaId() + ", _LEVEL=" + f.level() + ", _EXTRA_FILES=" + f.extraFiles()
                + ", _CREATION_TIME=" + (f.creationTime() == null ? null : f.creationTime().millisecond())
                + ", _DELETE_ROW_COUNT=" + f.deleteRowCount()
                + ", _EMBEDDED_FILE_INDEX=" + (f.embeddedIndex() == null ? null : HexFormat.of().formatHex(f.embeddedIndex()))
                + ", _FILE_SOURCE=" + (f.fileSource() == null ? null : f.fileSource().toByteValue())
                + ", _VALUE_STATS_COLS=" + f.valueStatsCols() + ", _EXTERNAL_PATH=" + f.externalPath()
                + ", _FIRST_ROW_ID=" + f.firstRowId() + ", _WRITE_COLS=" + f.writeCols() + "}}";
    }

    static String indexManifestEntry(IndexManifestEntry e, RowType partitionType) {
        IndexFileMeta f = e.indexFile();
        String ranges = "null";
        if (f.dvRanges() != null) {
            List<String> items = new ArrayList<>();
            for (DeletionVectorMeta dv : f.dvRanges().values()) {
                items.add("{\"f0\": \"" + dv.dataFileName() + "\", \"f1\": " + dv.offset() + ", \"f2\": " + dv.length()
                        + ", \"_CARDINALITY\": " + dv.cardinality() + "}");
            }
            ranges = "[" + String.join(", ", items) + "]";
        }
        return "IndexManifestEntry{_VERSION=1, _KIND=" + e.kind().toByteValue() + ", _PARTITION=" + row(e.partition(), partitionType, false)
                + ", _BUCKET=" + e.bucket() + ", _INDEX_TYPE=" + f.indexType() + ", _FILE_NAME=" + f.fileName()
                + ", _FILE_SIZE=" + f.fileSize() + ", _ROW_COUNT=" + f.rowCount() + ", _DELETIONS_VECTORS_RANGES=" + ranges
                + ", _EXTERNAL_PATH=" + f.externalPath() + ", _GLOBAL_INDEX=null}";
    }

    private static String stats(SimpleStats s, RowType type, boolean annotated) {
        return "{min=" + row(s.minValues(), type, annotated) + ", max=" + row(s.maxValues(), type, annotated)
                + ", nulls=" + Arrays.toString(s.nullCounts()).replace("[]", "[]") + "}";
    }

    private static String row(BinaryRow row, RowType type, boolean annotated) {
        List<String> values = new ArrayList<>();
        for (int i = 0; i < row.arity(); i++) {
            values.add(value(RowValues.get(row, i, type.typeAt(i)), type.typeAt(i), annotated));
        }
        return "[" + String.join(", ", values) + "]";
    }

    private static String value(Object v, DataType type, boolean annotated) {
        if (v == null) {
            return "null";
        }
        if (v instanceof Utf8String s) {
            return "'" + s + "'";
        }
        if (v instanceof Decimal d) {
            String plain = d.toBigDecimal().toPlainString();
            if (!annotated) {
                return plain;
            }
            return plain + (d.isCompact() ? " (compact)" : " (var, " + d.toUnscaledBytes().length + " bytes)");
        }
        if (v instanceof Timestamp t) {
            if (!annotated) {
                return t.toString();
            }
            return Timestamp.isCompact(((AtomicType) type).precision())
                    ? t + " (compact millis)"
                    : t + " (millis in var part, nanoOfMilli=" + t.nanoOfMillisecond() + " in slot)";
        }
        return String.valueOf(v);
    }
}
