package io.strata.schema;

import io.strata.api.PublicApi;
import io.strata.format.FileFormat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The table options Strata understands, typed and defaulted, over a table's string option map.
 *
 * <p>Each option is declared once below as a {@link ConfigOption} and listed in {@link #ALL}, from
 * which documentation is generated. Defaults are Paimon 1.4.2's. Options Strata does not declare are
 * kept in the map untouched (Paimon has hundreds); those that change what is on disk or what a read
 * means are checked by {@link #validateForRead} and {@link #validateForWrite}.
 */
@PublicApi
public final class TableOptions {

    public static final ConfigOption<Integer> BUCKET = ConfigOption.intOption(
            "bucket", -1,
            "Number of buckets per partition. -1: dynamic bucket mode for primary-key tables (each key stays in "
                    + "the bucket it was first written to), one unbucketed bucket-0 for append tables; -2: postpone "
                    + "mode (read by Strata: rows in real buckets; not written).");

    public static final ConfigOption<List<String>> BUCKET_KEY = ConfigOption.of(
            "bucket-key", List.of(),
            "Comma-separated columns whose hash picks the bucket; default: the primary key minus partition columns.",
            TableOptions::splitColumns);

    public static final ConfigOption<FileFormat> FILE_FORMAT = ConfigOption.of(
            "file.format", FileFormat.PARQUET,
            "Format of new data files: orc, parquet or avro. Schemas of version <= 2 without it mean orc.",
            FileFormat::fromOption);

    public static final ConfigOption<String> FILE_COMPRESSION = ConfigOption.stringOption(
            "file.compression", "zstd", "Compression codec of data files.");

    public static final ConfigOption<Long> TARGET_FILE_SIZE = ConfigOption.memoryOption(
            "target-file-size", null,
            "Target size of a data file; default 128 mb for primary-key tables, 256 mb for append tables.");

    public static final ConfigOption<Long> WRITE_BUFFER_SIZE = ConfigOption.of(
            "write-buffer-size", 256 * MemorySize.MIB,
            "Memory that one writer's sorted write buffers share, over all buckets it writes; when they hold "
                    + "this much, the largest one is spilled to local disk (or, if not spillable, flushed to a "
                    + "level-0 file).",
            TableOptions::parsePositiveMemory);

    public static final ConfigOption<Boolean> WRITE_BUFFER_SPILLABLE = ConfigOption.booleanOption(
            "write-buffer-spillable", true,
            "Whether a full write buffer spills sorted runs to local disk (merged into level-0 files when the "
                    + "write commits), so a commit writes few large level-0 files; false flushes a level-0 file "
                    + "each time the buffer fills.");

    public static final ConfigOption<MergeEngine> MERGE_ENGINE = ConfigOption.of(
            "merge-engine", MergeEngine.DEDUPLICATE,
            "How rows with the same primary key merge: deduplicate, partial-update, aggregation, first-row.",
            MergeEngine::fromValue);

    public static final ConfigOption<List<String>> SEQUENCE_FIELD = ConfigOption.of(
            "sequence.field", List.of(),
            "Comma-separated columns that order rows of one key before the write sequence number does.",
            TableOptions::splitColumns);

    public static final ConfigOption<Boolean> SEQUENCE_FIELD_DESCENDING = ConfigOption.of(
            "sequence.field.sort-order", false,
            "Order of sequence.field: ascending (default, largest wins) or descending (smallest wins).",
            TableOptions::parseSortOrderDescending);

    public static final ConfigOption<Boolean> IGNORE_DELETE = ConfigOption.booleanOption(
                    "ignore-delete", false, "Whether delete (-D, -U) rows are ignored by the merge.")
            .withFallbackKeys("first-row.ignore-delete", "deduplicate.ignore-delete", "partial-update.ignore-delete");

    public static final ConfigOption<ChangelogProducer> CHANGELOG_PRODUCER = ConfigOption.of(
            "changelog-producer", ChangelogProducer.NONE,
            "Changelog files produced for streaming reads: none, input, lookup, full-compaction. "
                    + "Batch reads ignore changelog files.",
            ChangelogProducer::fromValue);

    public static final ConfigOption<Boolean> DELETION_VECTORS_ENABLED = ConfigOption.booleanOption(
            "deletion-vectors.enabled", false,
            "Whether deletes are recorded as deletion vectors, so reads skip level 0 and merge nothing.");

    public static final ConfigOption<String> PARTITION_DEFAULT_NAME = ConfigOption.stringOption(
            "partition.default-name", "__DEFAULT_PARTITION__",
            "Partition directory value for null or blank partition values.");

    public static final ConfigOption<Boolean> PARTITION_LEGACY_NAME = ConfigOption.booleanOption(
            "partition.legacy-name", true,
            "Whether partition directory values are the internal value's text (a DATE is a day number).");

    public static final ConfigOption<Integer> MANIFEST_MERGE_MIN_COUNT = ConfigOption.intOption(
            "manifest.merge-min-count", 30, "Number of small manifests that triggers merging them.");

    public static final ConfigOption<Long> MANIFEST_TARGET_FILE_SIZE = ConfigOption.memoryOption(
            "manifest.target-file-size", 8 * MemorySize.MIB, "Target size of a manifest file.");

    public static final ConfigOption<Integer> COMMIT_MAX_RETRIES = ConfigOption.intOption(
            "commit.max-retries", 10, "How often a commit that lost a race is retried.");

    /**
     * Strata's own option (Paimon ignores it). A compaction's commit retries only the commit, never the
     * compaction, and giving up throws the compaction's work away: beside writers that commit many times a
     * second it may lose more races than a write may before it lands.
     */
    public static final ConfigOption<Integer> COMMIT_COMPACTION_MAX_RETRIES = ConfigOption.intOption(
            "commit.compaction-max-retries", 50,
            "How often the commit of a compaction that lost a race is retried (Strata's own option).");

    public static final ConfigOption<Integer> NUM_SORTED_RUN_COMPACTION_TRIGGER = ConfigOption.intOption(
            "num-sorted-run.compaction-trigger", 5, "Number of sorted runs that triggers a compaction.");

    public static final ConfigOption<Integer> NUM_LEVELS = ConfigOption.intOption(
            "num-levels", null, "Number of LSM levels; default num-sorted-run.compaction-trigger + 1.");

    public static final ConfigOption<Integer> READ_BATCH_SIZE = ConfigOption.intOption(
            "read.batch-size", 1024, "Rows per columnar batch when reading data files.");

    public static final ConfigOption<Boolean> DATA_FILE_THIN_MODE = ConfigOption.booleanOption(
            "data-file.thin-mode", false,
            "Whether primary-key data files omit the _KEY_ columns (not supported by Strata).");

    public static final ConfigOption<Duration> COMMIT_MIN_RETRY_WAIT = ConfigOption.durationOption(
            "commit.min-retry-wait", Duration.ofMillis(10), "Shortest wait before retrying a lost commit.");

    public static final ConfigOption<Duration> COMMIT_MAX_RETRY_WAIT = ConfigOption.durationOption(
            "commit.max-retry-wait", Duration.ofSeconds(10),
            "Longest wait before retrying a lost commit (the wait doubles per retry, with jitter).");

    /**
     * Strata's own option (Paimon ignores it). Safe by default: on a file system without an atomic
     * rename-if-absent, two unlocked writers can both create the same snapshot and one commit is lost
     * without an error, so a commit there needs a lock unless the user states that one writer at a time
     * commits. Paimon's catalogs likewise enable their lock by default on object stores.
     */
    public static final ConfigOption<Boolean> COMMIT_REQUIRE_LOCK_ON_OBJECT_STORE = ConfigOption.booleanOption(
            "commit.require-lock-on-object-store", true,
            "Whether a commit to a file system without atomic rename-if-absent (object stores: S3, GCS, "
                    + "ABFS, OSS...) fails when no commit lock is configured; false only warns (safe only if one "
                    + "writer at a time commits to the table).");

    /** Every option Strata understands, in documentation order: these, then compaction's and the snapshot lifecycle's. */
    public static final List<ConfigOption<?>> ALL = concat(List.of(
            BUCKET, BUCKET_KEY, FILE_FORMAT, FILE_COMPRESSION, TARGET_FILE_SIZE, WRITE_BUFFER_SIZE, WRITE_BUFFER_SPILLABLE,
            MERGE_ENGINE, SEQUENCE_FIELD, SEQUENCE_FIELD_DESCENDING, IGNORE_DELETE, CHANGELOG_PRODUCER,
            DELETION_VECTORS_ENABLED, PARTITION_DEFAULT_NAME, PARTITION_LEGACY_NAME, MANIFEST_MERGE_MIN_COUNT,
            MANIFEST_TARGET_FILE_SIZE, COMMIT_MAX_RETRIES, COMMIT_COMPACTION_MAX_RETRIES, COMMIT_MIN_RETRY_WAIT, COMMIT_MAX_RETRY_WAIT,
            COMMIT_REQUIRE_LOCK_ON_OBJECT_STORE, NUM_SORTED_RUN_COMPACTION_TRIGGER, NUM_LEVELS,
            READ_BATCH_SIZE, DATA_FILE_THIN_MODE), DynamicBucketOptions.ALL, PostponeBucketOptions.ALL, FileIndexOptions.ALL, PartitionExpirationOptions.ALL, CompactionOptions.ALL, ChangelogOptions.ALL, LifecycleOptions.ALL,
            StatsOptions.ALL, FileFormatOptions.ALL);

    private final Map<String, String> options;

    public TableOptions(Map<String, String> options) {
        this.options = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(options, "options")));
    }

    /** The raw option map. */
    public Map<String, String> toMap() {
        return options;
    }

    /** The typed value of any declared option. */
    public <T> T get(ConfigOption<T> option) {
        return option.get(options);
    }

    public int bucket() {
        return get(BUCKET);
    }

    public List<String> bucketKey() {
        return get(BUCKET_KEY);
    }

    public FileFormat fileFormat() {
        return get(FILE_FORMAT);
    }

    public String fileCompression() {
        return get(FILE_COMPRESSION);
    }

    /** The target data file size in bytes; Paimon's default depends on whether the table has a primary key. */
    public long targetFileSize(boolean primaryKeyTable) {
        Long configured = get(TARGET_FILE_SIZE);
        if (configured != null) {
            return configured;
        }
        return primaryKeyTable ? 128 * MemorySize.MIB : 256 * MemorySize.MIB;
    }

    public long writeBufferSize() {
        return get(WRITE_BUFFER_SIZE);
    }

    public boolean writeBufferSpillable() {
        return get(WRITE_BUFFER_SPILLABLE);
    }

    public MergeEngine mergeEngine() {
        return get(MERGE_ENGINE);
    }

    public List<String> sequenceField() {
        return get(SEQUENCE_FIELD);
    }

    public boolean sequenceFieldDescending() {
        return get(SEQUENCE_FIELD_DESCENDING);
    }

    public boolean ignoreDelete() {
        return get(IGNORE_DELETE);
    }

    public ChangelogProducer changelogProducer() {
        return get(CHANGELOG_PRODUCER);
    }

    public boolean deletionVectorsEnabled() {
        return get(DELETION_VECTORS_ENABLED);
    }

    public String partitionDefaultName() {
        return get(PARTITION_DEFAULT_NAME);
    }

    public boolean partitionLegacyName() {
        return get(PARTITION_LEGACY_NAME);
    }

    public int manifestMergeMinCount() {
        return get(MANIFEST_MERGE_MIN_COUNT);
    }

    public long manifestTargetFileSize() {
        return get(MANIFEST_TARGET_FILE_SIZE);
    }

    public int commitMaxRetries() {
        return get(COMMIT_MAX_RETRIES);
    }

    public int commitCompactionMaxRetries() {
        return get(COMMIT_COMPACTION_MAX_RETRIES);
    }

    public Duration commitMinRetryWait() {
        return get(COMMIT_MIN_RETRY_WAIT);
    }

    public Duration commitMaxRetryWait() {
        return get(COMMIT_MAX_RETRY_WAIT);
    }

    public boolean commitRequireLockOnObjectStore() {
        return get(COMMIT_REQUIRE_LOCK_ON_OBJECT_STORE);
    }

    public int numSortedRunCompactionTrigger() {
        return get(NUM_SORTED_RUN_COMPACTION_TRIGGER);
    }

    /** The number of LSM levels: {@code num-levels} if set, else the compaction trigger + 1. */
    public int numLevels() {
        Integer configured = get(NUM_LEVELS);
        return configured != null ? configured : numSortedRunCompactionTrigger() + 1;
    }

    public int readBatchSize() {
        return get(READ_BATCH_SIZE);
    }

    public boolean dataFileThinMode() {
        return get(DATA_FILE_THIN_MODE);
    }

    /**
     * Fails if the options describe a table Strata cannot read correctly: an option that changes what
     * is on disk or what a read means, with a value Strata does not support. The error names the
     * option, its value, and what is supported.
     */
    public static void validateForRead(Map<String, String> options) {
        try {
            OptionsValidation.validateForRead(options);
        } catch (IllegalArgumentException e) {
            throw withTypoHints(e, options);
        }
    }

    /**
     * For each key of {@code options} that Strata does not declare but that is one or two letters away from
     * a key it does (a typo: {@code buckets} for {@code bucket}), a hint naming both. Unknown keys are
     * allowed (Paimon's runtime options, other engines' settings), so this only explains: an error about
     * {@code bucket} from a table given {@code buckets=2} says why.
     */
    public static List<String> typoHints(Map<String, String> options) {
        List<String> declared = new ArrayList<>();
        for (ConfigOption<?> option : ALL) {
            declared.add(option.key());
            declared.addAll(option.fallbackKeys());
        }
        List<String> hints = new ArrayList<>();
        for (String key : options.keySet()) {
            if (declared.contains(key)) {
                continue;
            }
            for (String known : declared) {
                if (editDistanceAtMost2(key, known)) {
                    hints.add("'" + key + "' is not an option Strata knows: did you mean '" + known + "'?");
                    break;
                }
            }
        }
        hints.sort(null);
        return hints;
    }

    private static IllegalArgumentException withTypoHints(IllegalArgumentException e, Map<String, String> options) {
        List<String> hints = typoHints(options);
        return hints.isEmpty() ? e : new IllegalArgumentException(e.getMessage() + " (" + String.join("; ", hints) + ")", e);
    }

    /** Whether two keys differ by at most two single-character insertions, deletions or substitutions. */
    private static boolean editDistanceAtMost2(String a, String b) {
        if (Math.abs(a.length() - b.length()) > 2) {
            return false;
        }
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()] <= 2;
    }

    /**
     * Fails if Strata cannot write a table with these options (the read rules, plus the write-only
     * restrictions). Without the primary keys, rules that depend on them are skipped: prefer
     * {@link #validateForWrite(Map, List)}.
     */
    public static void validateForWrite(Map<String, String> options) {
        try {
            OptionsValidation.validateForWrite(options, null);
        } catch (IllegalArgumentException e) {
            throw withTypoHints(e, options);
        }
    }

    /** Fails if Strata cannot write a table with these options and primary keys (empty for an append table). */
    public static void validateForWrite(Map<String, String> options, List<String> primaryKeys) {
        Objects.requireNonNull(primaryKeys, "primaryKeys");
        try {
            OptionsValidation.validateForWrite(options, primaryKeys);
        } catch (IllegalArgumentException e) {
            throw withTypoHints(e, options);
        }
    }

    /** The options of {@link #ALL} as a Markdown table (key, default, description), for the docs. */
    public static String documentation() {
        StringBuilder sb = new StringBuilder("| option | default | description |\n|---|---|---|\n");
        for (ConfigOption<?> option : ALL) {
            Object value = option.defaultValue();
            String shown = value == null ? "(none)" : value instanceof List<?> list && list.isEmpty() ? "(none)"
                    : value instanceof Long bytes && option.key().contains("size") ? (bytes >> 20) + " mb"
                    : value instanceof FileFormat format ? format.extension()
                    : value instanceof MergeEngine engine ? engine.value()
                    : value instanceof ChangelogProducer producer ? producer.value()
                    : String.valueOf(value);
            if (option == SEQUENCE_FIELD_DESCENDING) {
                shown = "ascending";
            }
            sb.append("| `").append(option.key()).append("` | ").append(shown).append(" | ")
                    .append(option.description());
            if (!option.fallbackKeys().isEmpty()) {
                sb.append(" Also read from: ").append(String.join(", ", option.fallbackKeys())).append('.');
            }
            sb.append(" |\n");
        }
        return sb.toString();
    }

    @SafeVarargs
    private static List<ConfigOption<?>> concat(List<ConfigOption<?>>... groups) {
        List<ConfigOption<?>> all = new ArrayList<>();
        for (List<ConfigOption<?>> group : groups) {
            all.addAll(group);
        }
        return List.copyOf(all);
    }

    private static List<String> splitColumns(String text) {
        if (text.isBlank()) {
            return List.of();
        }
        List<String> columns = new ArrayList<>();
        for (String part : text.split(",")) {
            columns.add(part.trim());
        }
        return List.copyOf(columns);
    }

    private static long parsePositiveMemory(String text) {
        long bytes = MemorySize.parseBytes(text);
        if (bytes <= 0) {
            throw new IllegalArgumentException("must be greater than 0 bytes");
        }
        return bytes;
    }

    private static boolean parseSortOrderDescending(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "ascending" -> false;
            case "descending" -> true;
            default -> throw new IllegalArgumentException("expected ascending or descending");
        };
    }

    @Override
    public String toString() {
        return options.toString();
    }
}
