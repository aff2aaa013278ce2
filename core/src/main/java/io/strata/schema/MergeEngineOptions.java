package io.strata.schema;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The options of the {@code partial-update} and {@code aggregation} merge engines, read from the raw
 * table options with Paimon 1.4.2's keys: engine-wide ones declared here as typed options, per-field ones
 * as {@code fields.<field>.<suffix>} (the field part may itself hold commas for sequence groups).
 * This class parses and checks what the options alone can tell (function names, booleans, numbers);
 * checks against the schema (field names, types) happen where the merge function is built.
 */
public final class MergeEngineOptions {

    /** Prefix of per-field options. */
    public static final String FIELDS_PREFIX = "fields.";

    public static final String AGGREGATE_FUNCTION = "aggregate-function";
    public static final String IGNORE_RETRACT = "ignore-retract";
    public static final String SEQUENCE_GROUP = "sequence-group";
    public static final String LIST_AGG_DELIMITER = "list-agg-delimiter";
    public static final String DISTINCT = "distinct";
    public static final String NESTED_KEY = "nested-key";
    public static final String COUNT_LIMIT = "count-limit";
    /** Not a merge-engine option: the per-column stats mode, parsed by {@link StatsOptions}. */
    public static final String STATS_MODE = StatsOptions.FIELD_STATS_MODE_SUFFIX;

    /** Per-field option suffixes Strata understands. */
    public static final Set<String> FIELD_OPTION_SUFFIXES = Set.of(
            AGGREGATE_FUNCTION, IGNORE_RETRACT, SEQUENCE_GROUP, LIST_AGG_DELIMITER, DISTINCT, NESTED_KEY, COUNT_LIMIT,
            STATS_MODE);

    public static final ConfigOption<String> FIELDS_DEFAULT_AGGREGATE_FUNCTION = ConfigOption.stringOption(
            "fields.default-aggregate-function", null,
            "Aggregate function of fields without 'fields.<f>.aggregate-function' (aggregation engine; "
                    + "default last_non_null_value).");
    public static final ConfigOption<Boolean> AGGREGATION_REMOVE_RECORD_ON_DELETE = ConfigOption.booleanOption(
            "aggregation.remove-record-on-delete", false,
            "Aggregation engine: a -D record removes the whole row.");
    public static final ConfigOption<Boolean> PARTIAL_UPDATE_REMOVE_RECORD_ON_DELETE = ConfigOption.booleanOption(
            "partial-update.remove-record-on-delete", false,
            "Partial-update engine: a -D record removes the whole row.");
    public static final ConfigOption<String> PARTIAL_UPDATE_REMOVE_RECORD_ON_SEQUENCE_GROUP = ConfigOption.stringOption(
            "partial-update.remove-record-on-sequence-group", null,
            "Partial-update engine: a -D record of these sequence fields' groups removes the whole row.");

    public static final ConfigOption<Boolean> IGNORE_UPDATE_BEFORE = ConfigOption.booleanOption(
            "ignore-update-before", false,
            "Writers drop -U records (every merge engine); -D records are kept unless 'ignore-delete'.");

    /** Aggregate functions Strata implements (Paimon 1.4.2's names; first_not_null_value is its legacy alias). */
    public static final List<String> SUPPORTED_FUNCTIONS = List.of(
            "sum", "product", "max", "min", "last_value", "last_non_null_value", "first_value",
            "first_non_null_value", "first_not_null_value", "listagg", "bool_and", "bool_or", "collect",
            "merge_map", "nested_update");

    /** Paimon 1.4.2 functions Strata does not implement yet. */
    public static final List<String> UNSUPPORTED_FUNCTIONS = List.of(
            "hll_sketch", "theta_sketch", "rbm32", "rbm64", "merge_map_with_keytime", "nested_partial_update");

    /**
     * A sequence group as declared.
     *
     * @param optionKey the option, e.g. {@code fields.ts.sequence-group}
     * @param sequenceFields the sequence fields (the key's field part, split on commas)
     * @param fields the fields the group protects (the value, split on commas)
     */
    public record SequenceGroupSpec(String optionKey, List<String> sequenceFields, List<String> fields) {}

    private final Map<String, String> options;

    public MergeEngineOptions(Map<String, String> options) {
        this.options = options;
    }

    /** Fails naming the option when a per-field or engine option has a bad value or names an unknown function. */
    public void validate() {
        FIELDS_DEFAULT_AGGREGATE_FUNCTION.get(options);
        AGGREGATION_REMOVE_RECORD_ON_DELETE.get(options);
        PARTIAL_UPDATE_REMOVE_RECORD_ON_DELETE.get(options);
        IGNORE_UPDATE_BEFORE.get(options);
        String defaultFunction = defaultAggregateFunction();
        if (defaultFunction != null) {
            checkFunction(FIELDS_DEFAULT_AGGREGATE_FUNCTION.key(), defaultFunction);
        }
        for (Map.Entry<String, String> e : options.entrySet()) {
            String key = e.getKey();
            if (!key.startsWith(FIELDS_PREFIX) || key.equals(FIELDS_DEFAULT_AGGREGATE_FUNCTION.key())) {
                continue;
            }
            String suffix = suffixOf(key);
            if (suffix == null) {
                throw new IllegalArgumentException("Unsupported table option '" + key + "' = '" + e.getValue()
                        + "': per-field options supported: fields.<field>." + String.join(", fields.<field>.",
                                FIELD_OPTION_SUFFIXES.stream().sorted().toList()) + ", fields.default-aggregate-function");
            }
            switch (suffix) {
                case AGGREGATE_FUNCTION -> checkFunction(key, e.getValue());
                case IGNORE_RETRACT, DISTINCT -> ConfigOption.booleanOption(key, false, "").get(options);
                case COUNT_LIMIT -> ConfigOption.intOption(key, Integer.MAX_VALUE, "").get(options);
                case STATS_MODE -> StatsOptions.fieldModeOption(key).get(options);
                default -> { }
            }
        }
    }

    /** The suffix of a {@code fields.<field>.<suffix>} key, or null when it has none Strata knows. */
    private static String suffixOf(String key) {
        for (String suffix : FIELD_OPTION_SUFFIXES) {
            if (key.endsWith("." + suffix) && key.length() > FIELDS_PREFIX.length() + suffix.length() + 1) {
                return suffix;
            }
        }
        return null;
    }

    private static void checkFunction(String key, String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        if (UNSUPPORTED_FUNCTIONS.contains(n)) {
            throw new IllegalArgumentException("Unsupported table option '" + key + "' = '" + name
                    + "': Strata does not implement aggregate function '" + n + "' yet; supported: "
                    + String.join(", ", SUPPORTED_FUNCTIONS));
        }
        if (!SUPPORTED_FUNCTIONS.contains(n)) {
            throw new IllegalArgumentException("Table option '" + key + "' = '" + name
                    + "' names an unknown aggregate function; Paimon 1.4.2 has: " + String.join(", ", SUPPORTED_FUNCTIONS)
                    + ", " + String.join(", ", UNSUPPORTED_FUNCTIONS));
        }
    }

    private static String fieldKey(String field, String suffix) {
        return FIELDS_PREFIX + field + "." + suffix;
    }

    /** {@code fields.<field>.aggregate-function}, lower case, or null. */
    public String aggregateFunction(String field) {
        String v = options.get(fieldKey(field, AGGREGATE_FUNCTION));
        return v == null ? null : v.trim().toLowerCase(Locale.ROOT);
    }

    /** {@code fields.default-aggregate-function}, lower case, or null. */
    public String defaultAggregateFunction() {
        String v = FIELDS_DEFAULT_AGGREGATE_FUNCTION.get(options);
        return v == null ? null : v.trim().toLowerCase(Locale.ROOT);
    }

    /** {@code fields.<field>.ignore-retract} (default false). */
    public boolean ignoreRetract(String field) {
        return ConfigOption.booleanOption(fieldKey(field, IGNORE_RETRACT), false, "").get(options);
    }

    /** {@code fields.<field>.distinct} for collect and listagg (default false). */
    public boolean distinct(String field) {
        return ConfigOption.booleanOption(fieldKey(field, DISTINCT), false, "").get(options);
    }

    /** {@code fields.<field>.list-agg-delimiter} (default {@code ,}). */
    public String listAggDelimiter(String field) {
        return options.getOrDefault(fieldKey(field, LIST_AGG_DELIMITER), ",");
    }

    /** {@code fields.<field>.nested-key}, trimmed names, empty when unset. */
    public List<String> nestedKey(String field) {
        String v = options.get(fieldKey(field, NESTED_KEY));
        return v == null ? List.of() : Arrays.stream(v.split(",")).map(String::trim).toList();
    }

    /** {@code fields.<field>.count-limit} of nested_update (default unlimited). */
    public int countLimit(String field) {
        return ConfigOption.intOption(fieldKey(field, COUNT_LIMIT), Integer.MAX_VALUE, "").get(options);
    }

    /** The option key of a per-field option, for error messages. */
    public static String key(String field, String suffix) {
        return fieldKey(field, suffix);
    }

    /** The declared sequence groups, in option order. */
    public List<SequenceGroupSpec> sequenceGroups() {
        List<SequenceGroupSpec> out = new ArrayList<>();
        Map<String, String> sorted = new LinkedHashMap<>();
        options.keySet().stream().sorted().forEach(k -> sorted.put(k, options.get(k)));
        for (Map.Entry<String, String> e : sorted.entrySet()) {
            String key = e.getKey();
            String tail = "." + SEQUENCE_GROUP;
            if (key.startsWith(FIELDS_PREFIX) && key.endsWith(tail) && key.length() > FIELDS_PREFIX.length() + tail.length()) {
                String sequence = key.substring(FIELDS_PREFIX.length(), key.length() - tail.length());
                out.add(new SequenceGroupSpec(key, List.of(sequence.split(",")), List.of(e.getValue().split(","))));
            }
        }
        return out;
    }

    /** {@code ignore-update-before}: writers drop -U records. */
    public boolean ignoreUpdateBefore() {
        return IGNORE_UPDATE_BEFORE.get(options);
    }

    public boolean aggregationRemoveRecordOnDelete() {
        return AGGREGATION_REMOVE_RECORD_ON_DELETE.get(options);
    }

    public boolean partialUpdateRemoveRecordOnDelete() {
        return PARTIAL_UPDATE_REMOVE_RECORD_ON_DELETE.get(options);
    }

    /** The sequence fields named by {@code partial-update.remove-record-on-sequence-group}, or null when unset. */
    public List<String> partialUpdateRemoveRecordOnSequenceGroup() {
        String v = PARTIAL_UPDATE_REMOVE_RECORD_ON_SEQUENCE_GROUP.get(options);
        return v == null ? null : List.of(v.split(","));
    }
}
