package io.strata.schema;

import io.strata.format.FileFormat;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The options that decide which column statistics a data file's manifest entry keeps, with Paimon 1.4.2's names,
 * defaults and rules, listed in {@link TableOptions#ALL} through {@link #ALL}:
 *
 * <ul>
 *   <li>the mode of a column ({@link StatsMode}) is {@code fields.<column>.stats-mode} if set; else, for the
 *       {@code _KEY_} copies of the key and the system columns of primary-key files in ORC and Parquet,
 *       {@code truncate(128)} (so the key statistics stay whatever the table's mode); else {@code none} once
 *       {@link #KEEP_FIRST_N_COLUMNS} columns (those with a mode of their own included, the key copies and
 *       system columns not) have had one; else the file's mode;
 *   <li>the file's mode is {@link #STATS_MODE}; for primary-key tables {@link #STATS_MODE_PER_LEVEL} may set
 *       another per level, and {@link #CHANGELOG_FILE_STATS_MODE} another for changelog files;
 *   <li>{@link #DENSE_STORE}: value statistics hold only the columns whose mode is not {@code none} (and name
 *       them in {@code _VALUE_STATS_COLS}, null when that is every column, an empty list when none); otherwise
 *       every column, a {@code none} column with a null minimum, maximum and null count.
 * </ul>
 */
public final class StatsOptions {

    public static final ConfigOption<StatsMode> STATS_MODE = ConfigOption.of(
            "metadata.stats-mode", StatsMode.truncate(16),
            "Column statistics kept per data file in the manifest: none, counts (null counts), full (null counts, "
                    + "min, max), truncate(N) (as full, strings cut to N characters, the max rounded up); per column "
                    + "fields.<column>.stats-mode.",
            StatsMode::parse);

    public static final ConfigOption<Map<Integer, StatsMode>> STATS_MODE_PER_LEVEL = ConfigOption.of(
            "metadata.stats-mode.per.level", Map.of(),
            "Primary-key tables: metadata.stats-mode per LSM level, as level:mode pairs ('0:none,5:full'); other "
                    + "levels use metadata.stats-mode.",
            StatsOptions::parsePerLevel);

    public static final ConfigOption<StatsMode> CHANGELOG_FILE_STATS_MODE = ConfigOption.of(
            "changelog-file.stats-mode", null,
            "Primary-key tables: the stats mode of changelog files; default the mode of the level written.",
            StatsMode::parse);

    public static final ConfigOption<Boolean> DENSE_STORE = ConfigOption.booleanOption(
            "metadata.stats-dense-store", true,
            "Whether value statistics keep only the columns that have any (named in _VALUE_STATS_COLS), rather than "
                    + "every column with nulls for those without.");

    public static final ConfigOption<Integer> KEEP_FIRST_N_COLUMNS = ConfigOption.intOption(
            "metadata.stats-keep-first-n-columns", -1,
            "Statistics are kept for the first N columns only (the rest: none); -1 (any negative): all columns.");

    /** The options above, in documentation order. */
    public static final List<ConfigOption<?>> ALL = List.of(
            STATS_MODE, STATS_MODE_PER_LEVEL, CHANGELOG_FILE_STATS_MODE, DENSE_STORE, KEEP_FIRST_N_COLUMNS);

    /** Suffix of the per-column option {@code fields.<column>.stats-mode}. */
    public static final String FIELD_STATS_MODE_SUFFIX = "stats-mode";

    /** The mode of the {@code _KEY_} and system columns of ORC and Parquet files (Paimon's, not configurable). */
    public static final StatsMode SYSTEM_FIELD_MODE = StatsMode.truncate(128);

    /** Paimon's system column names, which get {@link #SYSTEM_FIELD_MODE} (with the {@code _KEY_} prefix). */
    private static final Set<String> SYSTEM_FIELD_NAMES = Set.of(
            "_SEQUENCE_NUMBER", "_VALUE_KIND", "_LEVEL", "rowkind", "_ROW_ID");
    private static final String KEY_FIELD_PREFIX = "_KEY_";

    private final Map<String, String> options;
    private final StatsMode mode;
    private final Map<Integer, StatsMode> perLevel;
    private final StatsMode changelogMode;
    private final boolean denseStore;
    private final int keepFirstNColumns;

    /** Parses the options; fails naming the option when one has a bad value. */
    public StatsOptions(Map<String, String> options) {
        this.options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
        this.mode = STATS_MODE.get(options);
        this.perLevel = perLevel(options);
        this.changelogMode = CHANGELOG_FILE_STATS_MODE.get(options);
        this.denseStore = DENSE_STORE.get(options);
        this.keepFirstNColumns = KEEP_FIRST_N_COLUMNS.get(options);
        for (String key : options.keySet()) {
            if (isFieldModeKey(key)) {
                fieldModeOption(key).get(options);
            }
        }
    }

    /** Paimon's defaults. */
    public static StatsOptions defaults() {
        return new StatsOptions(Map.of());
    }

    /** Whether {@code key} is a per-column {@code fields.<column>.stats-mode}. */
    public static boolean isFieldModeKey(String key) {
        String suffix = "." + FIELD_STATS_MODE_SUFFIX;
        return key.startsWith(MergeEngineOptions.FIELDS_PREFIX) && key.endsWith(suffix)
                && key.length() > MergeEngineOptions.FIELDS_PREFIX.length() + suffix.length();
    }

    /** The per-column option under {@code key}, parsed as a mode. */
    public static ConfigOption<StatsMode> fieldModeOption(String key) {
        return ConfigOption.of(key, null, "The stats mode of one column.", StatsMode::parse);
    }

    public StatsMode mode() {
        return mode;
    }

    public boolean denseStore() {
        return denseStore;
    }

    public int keepFirstNColumns() {
        return keepFirstNColumns;
    }

    /**
     * The mode of a file as Paimon picks it: append tables always {@link #STATS_MODE}; primary-key tables
     * {@link #CHANGELOG_FILE_STATS_MODE} for changelog files when set, else the mode of the level.
     */
    public StatsMode fileMode(boolean primaryKey, int level, boolean changelog) {
        if (!primaryKey) {
            return mode;
        }
        if (changelog && changelogMode != null) {
            return changelogMode;
        }
        return perLevel.getOrDefault(level, mode);
    }

    /** The mode of {@code fields.<column>.stats-mode}, or null when not set. */
    public StatsMode fieldMode(String column) {
        String key = MergeEngineOptions.FIELDS_PREFIX + column + "." + FIELD_STATS_MODE_SUFFIX;
        return options.containsKey(key) ? fieldModeOption(key).get(options) : null;
    }

    /**
     * The mode of each column of a data file ({@code fileColumns}: the columns the file stores, for primary-key
     * files the {@code _KEY_} copies and system columns too) whose file mode is {@code fileMode}, as Paimon 1.4.2
     * decides them for the file's format (Avro files have no special key and system columns).
     */
    public StatsMode[] columnModes(List<String> fileColumns, StatsMode fileMode, FileFormat format) {
        boolean avro = format == FileFormat.AVRO;
        StatsMode[] modes = new StatsMode[fileColumns.size()];
        int counted = 0;
        for (int i = 0; i < modes.length; i++) {
            String column = fileColumns.get(i);
            StatsMode own = fieldMode(column);
            if (own != null) {
                modes[i] = own;
                counted++;
            } else if (!avro && isSystemField(column)) {
                modes[i] = SYSTEM_FIELD_MODE;
            } else {
                modes[i] = keepFirstNColumns >= 0 && counted >= keepFirstNColumns ? StatsMode.NONE : fileMode;
                counted++;
            }
        }
        return modes;
    }

    private static boolean isSystemField(String column) {
        return column.startsWith(KEY_FIELD_PREFIX) || SYSTEM_FIELD_NAMES.contains(column);
    }

    /**
     * {@link #STATS_MODE_PER_LEVEL}: its own key, or else (Paimon's other map syntax) one key per level,
     * {@code metadata.stats-mode.per.level.<level>}.
     */
    private static Map<Integer, StatsMode> perLevel(Map<String, String> options) {
        return LevelMap.get(options, STATS_MODE_PER_LEVEL.key(), StatsMode::parse);
    }

    /** Paimon's map syntax: comma-separated {@code level:mode} pairs. */
    private static Map<Integer, StatsMode> parsePerLevel(String text) {
        return LevelMap.parse(text, StatsMode::parse);
    }
}
