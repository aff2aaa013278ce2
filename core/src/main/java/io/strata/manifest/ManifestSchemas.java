package io.strata.manifest;

import java.util.ArrayList;
import java.util.List;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;

/**
 * The Avro writer schemas of Paimon 1.4.2's manifest, manifest list and index manifest, field for
 * field (fixtures/paimon-1.4.2/avro-schemas.txt). Record names follow Paimon's scheme: the top record
 * is {@code org.apache.paimon.avro.generated.record}, a nested record is its parent's name plus
 * {@code _} plus the field name. Readers never depend on these: they read the file's own schema by
 * field name, so files of older and newer Paimon versions read too.
 */
final class ManifestSchemas {

    static final String NAMESPACE = "org.apache.paimon.avro.generated";
    static final String ROOT = "record";

    /** {@code _VERSION} of manifest and manifest list entries. */
    static final int MANIFEST_VERSION = 2;
    /** {@code _VERSION} of index manifest entries. */
    static final int INDEX_MANIFEST_VERSION = 1;

    static final Schema MANIFEST_ENTRY = manifestEntry();
    static final Schema MANIFEST_FILE_META = manifestFileMeta();
    static final Schema INDEX_MANIFEST_ENTRY = indexManifestEntry();

    private ManifestSchemas() {}

    private static Schema manifestEntry() {
        String fileRecord = nested(ROOT, "_FILE");
        Schema file = record(fileRecord,
                required("_FILE_NAME", primitive(Schema.Type.STRING)),
                required("_FILE_SIZE", primitive(Schema.Type.LONG)),
                required("_ROW_COUNT", primitive(Schema.Type.LONG)),
                required("_MIN_KEY", primitive(Schema.Type.BYTES)),
                required("_MAX_KEY", primitive(Schema.Type.BYTES)),
                required("_KEY_STATS", simpleStats(nested(fileRecord, "_KEY_STATS"))),
                required("_VALUE_STATS", simpleStats(nested(fileRecord, "_VALUE_STATS"))),
                required("_MIN_SEQUENCE_NUMBER", primitive(Schema.Type.LONG)),
                required("_MAX_SEQUENCE_NUMBER", primitive(Schema.Type.LONG)),
                required("_SCHEMA_ID", primitive(Schema.Type.LONG)),
                required("_LEVEL", primitive(Schema.Type.INT)),
                required("_EXTRA_FILES", Schema.createArray(primitive(Schema.Type.STRING))),
                optional("_CREATION_TIME", LogicalTypes.timestampMillis().addToSchema(primitive(Schema.Type.LONG))),
                optional("_DELETE_ROW_COUNT", primitive(Schema.Type.LONG)),
                optional("_EMBEDDED_FILE_INDEX", primitive(Schema.Type.BYTES)),
                optional("_FILE_SOURCE", primitive(Schema.Type.INT)),
                optional("_VALUE_STATS_COLS", Schema.createArray(primitive(Schema.Type.STRING))),
                optional("_EXTERNAL_PATH", primitive(Schema.Type.STRING)),
                optional("_FIRST_ROW_ID", primitive(Schema.Type.LONG)),
                optional("_WRITE_COLS", Schema.createArray(primitive(Schema.Type.STRING))));
        return record(ROOT,
                required("_VERSION", primitive(Schema.Type.INT)),
                required("_KIND", primitive(Schema.Type.INT)),
                required("_PARTITION", primitive(Schema.Type.BYTES)),
                required("_BUCKET", primitive(Schema.Type.INT)),
                required("_TOTAL_BUCKETS", primitive(Schema.Type.INT)),
                required("_FILE", file));
    }

    private static Schema manifestFileMeta() {
        return record(ROOT,
                required("_VERSION", primitive(Schema.Type.INT)),
                required("_FILE_NAME", primitive(Schema.Type.STRING)),
                required("_FILE_SIZE", primitive(Schema.Type.LONG)),
                required("_NUM_ADDED_FILES", primitive(Schema.Type.LONG)),
                required("_NUM_DELETED_FILES", primitive(Schema.Type.LONG)),
                required("_PARTITION_STATS", simpleStats(nested(ROOT, "_PARTITION_STATS"))),
                required("_SCHEMA_ID", primitive(Schema.Type.LONG)),
                optional("_MIN_BUCKET", primitive(Schema.Type.INT)),
                optional("_MAX_BUCKET", primitive(Schema.Type.INT)),
                optional("_MIN_LEVEL", primitive(Schema.Type.INT)),
                optional("_MAX_LEVEL", primitive(Schema.Type.INT)),
                optional("_MIN_ROW_ID", primitive(Schema.Type.LONG)),
                optional("_MAX_ROW_ID", primitive(Schema.Type.LONG)));
    }

    private static Schema indexManifestEntry() {
        Schema range = record(nested(ROOT, "_DELETIONS_VECTORS_RANGES"),
                required("f0", primitive(Schema.Type.STRING)),
                required("f1", primitive(Schema.Type.INT)),
                required("f2", primitive(Schema.Type.INT)),
                optional("_CARDINALITY", primitive(Schema.Type.LONG)));
        Schema globalIndex = record(nested(ROOT, "_GLOBAL_INDEX"),
                required("_ROW_RANGE_START", primitive(Schema.Type.LONG)),
                required("_ROW_RANGE_END", primitive(Schema.Type.LONG)),
                required("_INDEX_FIELD_ID", primitive(Schema.Type.INT)),
                optional("_EXTRA_FIELD_IDS", Schema.createArray(primitive(Schema.Type.INT))),
                optional("_INDEX_META", primitive(Schema.Type.BYTES)));
        return record(ROOT,
                required("_VERSION", primitive(Schema.Type.INT)),
                required("_KIND", primitive(Schema.Type.INT)),
                required("_PARTITION", primitive(Schema.Type.BYTES)),
                required("_BUCKET", primitive(Schema.Type.INT)),
                required("_INDEX_TYPE", primitive(Schema.Type.STRING)),
                required("_FILE_NAME", primitive(Schema.Type.STRING)),
                required("_FILE_SIZE", primitive(Schema.Type.LONG)),
                required("_ROW_COUNT", primitive(Schema.Type.LONG)),
                optional("_DELETIONS_VECTORS_RANGES", Schema.createArray(nullable(range))),
                optional("_EXTERNAL_PATH", primitive(Schema.Type.STRING)),
                optional("_GLOBAL_INDEX", globalIndex));
    }

    /** SimpleStats: min and max rows as bytes, nullable array of nullable null counts. */
    private static Schema simpleStats(String name) {
        return record(name,
                required("_MIN_VALUES", primitive(Schema.Type.BYTES)),
                required("_MAX_VALUES", primitive(Schema.Type.BYTES)),
                optional("_NULL_COUNTS", Schema.createArray(nullable(primitive(Schema.Type.LONG)))));
    }

    private static String nested(String parent, String field) {
        return parent + "_" + field;
    }

    private static Schema primitive(Schema.Type type) {
        return Schema.create(type);
    }

    private static Schema nullable(Schema schema) {
        return Schema.createUnion(primitive(Schema.Type.NULL), schema);
    }

    private static Schema record(String name, Schema.Field... fields) {
        List<Schema.Field> list = new ArrayList<>(List.of(fields));
        return Schema.createRecord(name, null, NAMESPACE, false, list);
    }

    private static Schema.Field required(String name, Schema schema) {
        return new Schema.Field(name, schema);
    }

    /** A nullable field: {@code ["null", T]} with default null, as Paimon writes every nullable column. */
    private static Schema.Field optional(String name, Schema schema) {
        return new Schema.Field(name, nullable(schema), null, Schema.Field.NULL_DEFAULT_VALUE);
    }
}
