package io.strata.schema;

import io.strata.format.FileFormat;
import java.util.List;
import java.util.Map;

/**
 * The rules behind {@link TableOptions#validateForRead} and {@link TableOptions#validateForWrite}:
 * options that change what is on disk or what a read means (docs/format.md section 9) must be understood
 * or rejected, never ignored, because ignoring them silently returns wrong rows or writes files Paimon
 * misreads. Options that only tune Paimon's own runtime are allowed.
 */
final class OptionsValidation {

    /** Legacy spellings of ignore-delete; partial-update.ignore-delete is one, not a partial-update option. */
    private static final List<String> IGNORE_DELETE_KEYS = TableOptions.IGNORE_DELETE.fallbackKeys();

    private OptionsValidation() {}

    static void validateForRead(Map<String, String> options) {
        // Parse every declared option first so a malformed value fails naming its key.
        for (ConfigOption<?> option : TableOptions.ALL) {
            option.get(options);
        }
        TableOptions typed = new TableOptions(options);

        int bucket = typed.bucket();
        if (bucket == 0 || bucket < -2) {
            throw unsupported("bucket", String.valueOf(bucket), "supported: bucket > 0, -1 or -2 (postpone)");
        }
        String bucketFunction = options.get("bucket-function.type");
        if (bucketFunction != null && !bucketFunction.trim().equalsIgnoreCase("default")) {
            throw unsupported("bucket-function.type", bucketFunction, "supported: default");
        }
        // Every merge engine is read; its options are parsed here, checked against the schema when a read is built.
        new MergeEngineOptions(options).validate();
        // file.format names orc, parquet or avro (its parser refuses the rest), and so do the per-level and
        // changelog formats: files are read by their extension and written as FileFormatOptions says.
        new FileFormatOptions(options);
        if (!typed.partitionLegacyName()) {
            throw unsupported("partition.legacy-name", options.get("partition.legacy-name"), "supported: true");
        }
        if (typed.dataFileThinMode()) {
            throw unsupported("data-file.thin-mode", options.get("data-file.thin-mode"), "supported: false");
        }
        // Non-legacy ORC TIMESTAMP WITH LOCAL TIME ZONE values are stored shifted; Strata reads the legacy form.
        if ("false".equalsIgnoreCase(options.get("orc.timestamp-ltz.legacy.type"))) {
            throw unsupported("orc.timestamp-ltz.legacy.type", "false", "supported: true");
        }
        rejectIfTrue(options, "row-tracking.enabled");
        rejectIfTrue(options, "data-evolution.enabled");
        rejectIfTrue(options, "deletion-vectors.bitmap64");
        // Every stats option is read and written as Paimon does (a malformed per-column mode fails naming its key).
        new StatsOptions(options);
        for (Map.Entry<String, String> e : options.entrySet()) {
            String key = e.getKey();
            if (key.equals("scan.fallback-branch")
                    || key.equals("data-file.external-paths")
                    || key.equals("data-file.path-directory")) {
                throw unsupported(key, e.getValue(), "Strata does not support this option yet; remove it");
            }
            if (key.startsWith("partial-update.") && !IGNORE_DELETE_KEYS.contains(key)
                    && !key.equals(MergeEngineOptions.PARTIAL_UPDATE_REMOVE_RECORD_ON_DELETE.key())
                    && !key.equals(MergeEngineOptions.PARTIAL_UPDATE_REMOVE_RECORD_ON_SEQUENCE_GROUP.key())) {
                throw unsupported(key, e.getValue(), "partial-update options supported: "
                        + MergeEngineOptions.PARTIAL_UPDATE_REMOVE_RECORD_ON_DELETE.key() + ", "
                        + MergeEngineOptions.PARTIAL_UPDATE_REMOVE_RECORD_ON_SEQUENCE_GROUP.key() + ", "
                        + "partial-update.ignore-delete");
            }
        }
    }

    /** {@code primaryKeys} null means unknown: rules that need them are skipped. */
    static void validateForWrite(Map<String, String> options, List<String> primaryKeys) {
        validateForRead(options);
        TableOptions typed = new TableOptions(options);
        // Every merge engine and changelog producer is written (docs/changelog.md); first-row compacts level 0
        // at every commit, since its batch reads skip level 0. Paimon's own restrictions are kept.
        new ChangelogOptions(typed);
        if (typed.bucket() == -2) {
            // Paimon's postpone mode: Strata writes rows straight into each partition's real buckets, as Paimon's
            // batch writes do; rows Paimon's streaming writers leave in bucket-postpone are moved by a compaction.
            // (postpone.batch-write-fixed-bucket = false is refused by the writer: compactions still run.)
            if (primaryKeys != null && primaryKeys.isEmpty()) {
                throw unsupported("bucket", "-2", "postpone bucket mode is for primary-key tables, as in Paimon");
            }
        }
        if (typed.mergeEngine() == MergeEngine.FIRST_ROW) {
            ChangelogProducer producer = typed.changelogProducer();
            if (producer != ChangelogProducer.NONE && producer != ChangelogProducer.LOOKUP) {
                throw unsupported("changelog-producer", options.get("changelog-producer"),
                        "merge-engine 'first-row' takes only changelog-producer 'none' or 'lookup'");
            }
            if (!typed.sequenceField().isEmpty()) {
                throw unsupported("sequence.field", options.get("sequence.field"),
                        "merge-engine 'first-row' takes no sequence field");
            }
        }
        String ignoredFields = options.get("changelog-producer.row-deduplicate-ignore-fields");
        if (ignoredFields != null && !ignoredFields.isBlank()) {
            throw unsupported("changelog-producer.row-deduplicate-ignore-fields", ignoredFields,
                    "Strata cannot write it yet; remove it");
        }
        if (typed.deletionVectorsEnabled()) {
            validateForDeletionVectors(options, typed);
        }
        // File indexes only speed up reads, so a reader may ignore them; a writer must build them.
        FileIndexOptions fileIndex = new FileIndexOptions(options);
        for (Map.Entry<String, String> e : fileIndex.otherTypes().entrySet()) {
            throw unsupported(e.getKey(), e.getValue(), "Strata writes bloom-filter and bitmap file indexes only"
                    + " ('file-index.bloom-filter.columns', 'file-index.bitmap.columns'); Paimon's bsi and"
                    + " range-bitmap indexes are not written yet");
        }
        for (io.strata.fileindex.ColumnIndex index : fileIndex.columnIndexes()) {
            if (index.column().contains("[")) {
                String key = "file-index." + index.indexType() + ".columns";
                throw unsupported(key, options.get(key), "map-key columns ('" + index.column()
                        + "') are not indexed by Strata yet");
            }
        }
        if (primaryKeys == null) {
            return;
        }
        if (primaryKeys.isEmpty() && typed.changelogProducer() != ChangelogProducer.NONE) {
            // As Paimon: an append table's data files are its changelog already.
            throw unsupported("changelog-producer", options.get("changelog-producer"),
                    "a table without primary key takes only 'none'; define a primary key");
        }
        int bucket = typed.bucket();
        if (!primaryKeys.isEmpty() && bucket == -1 && options.containsKey(TableOptions.BUCKET_KEY.key())) {
            // As Paimon: in dynamic bucket mode the whole key (without partition columns) finds the bucket.
            throw unsupported("bucket-key", options.get(TableOptions.BUCKET_KEY.key()), "a primary-key table with"
                    + " bucket = -1 (dynamic bucket mode) takes no bucket key, as in Paimon; remove it or set 'bucket'"
                    + " to a number > 0");
        }
        if (primaryKeys.isEmpty() && bucket > 0 && typed.bucketKey().isEmpty()) {
            throw new IllegalArgumentException(
                    "Table option 'bucket' = '" + bucket + "' on an append table needs option 'bucket-key'");
        }
    }

    /**
     * Paimon 1.4's rules for {@code deletion-vectors.enabled} (its SchemaValidation): the changelog
     * producer must be none, input or lookup (full-compaction compares whole old and new top levels,
     * which vectors would hide), and first-row needs no vectors, since it never replaces an old row.
     */
    private static void validateForDeletionVectors(Map<String, String> options, TableOptions typed) {
        String dv = "'deletion-vectors.enabled' = '" + options.get("deletion-vectors.enabled") + "'";
        ChangelogProducer producer = typed.changelogProducer();
        if (producer != ChangelogProducer.NONE && producer != ChangelogProducer.INPUT
                && producer != ChangelogProducer.LOOKUP) {
            throw unsupported("changelog-producer", options.get("changelog-producer"),
                    "with " + dv + " only changelog-producer 'none', 'input' or 'lookup' is supported, as in Paimon"
                            + " (\"Deletion vectors mode is only supported for NONE/INPUT/LOOKUP changelog producer\")");
        }
        if (typed.mergeEngine() == MergeEngine.FIRST_ROW) {
            throw unsupported("merge-engine", options.get("merge-engine"),
                    "'first-row' does not take " + dv + ", as in Paimon: first-row never deletes an old row,"
                            + " so it needs no deletion vectors (its batch reads already skip level 0)");
        }
    }

    private static void rejectIfTrue(Map<String, String> options, String key) {
        String value = options.get(key);
        if (value != null && value.trim().equalsIgnoreCase("true")) {
            throw unsupported(key, value, "supported: false");
        }
    }

    private static IllegalArgumentException unsupported(String key, String value, String supported) {
        return new IllegalArgumentException(
                "Unsupported table option '" + key + "' = '" + value + "': " + supported);
    }
}
