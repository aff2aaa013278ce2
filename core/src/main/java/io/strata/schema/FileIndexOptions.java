package io.strata.schema;

import io.strata.api.PublicApi;
import io.strata.fileindex.BloomFilterColumn;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The data file index options of a table (docs/file-index.md), Paimon 1.4.2's keys: {@code
 * file-index.<type>.columns} lists the indexed columns of an index type, {@code file-index.<type>.<column>.<option>}
 * tunes one, {@link #IN_MANIFEST_THRESHOLD} decides whether an index is embedded in the manifest or written
 * beside its data file, {@link #READ_ENABLED} whether scans use indexes. Strata writes and reads
 * {@value #BLOOM_FILTER} indexes; Paimon's other types (bitmap, bsi, range-bitmap) are ignored by reads and
 * refused by writes.
 */
@PublicApi
public final class FileIndexOptions {

    /** The index type Strata writes and reads. */
    public static final String BLOOM_FILTER = "bloom-filter";

    public static final ConfigOption<Long> IN_MANIFEST_THRESHOLD = ConfigOption.memoryOption(
            "file-index.in-manifest-threshold", 500L,
            "A data file's index of at most this size is embedded in the manifest entry; a larger one is written "
                    + "as '<data file>.index' beside the data file.");

    public static final ConfigOption<Boolean> READ_ENABLED = ConfigOption.booleanOption(
            "file-index.read.enabled", true, "Whether scans skip data files by their file indexes.");

    /** The options above; the per-column keys are documented in docs/table-options.md. */
    public static final List<ConfigOption<?>> ALL = List.of(IN_MANIFEST_THRESHOLD, READ_ENABLED);

    private static final String PREFIX = "file-index.";
    private static final int DEFAULT_ITEMS = 1_000_000;
    private static final double DEFAULT_FPP = 0.1;

    private final List<BloomFilterColumn> bloomFilters;
    /** Index types other than bloom filters that the options configure, by type: columns key and value. */
    private final Map<String, String> otherTypes;
    private final long inManifestThreshold;
    private final boolean readEnabled;

    /** Parses the options; a malformed value fails naming its key. */
    public FileIndexOptions(Map<String, String> options) {
        this.inManifestThreshold = IN_MANIFEST_THRESHOLD.get(options);
        this.readEnabled = READ_ENABLED.get(options);
        Map<String, List<String>> columns = new LinkedHashMap<>();
        Map<String, String> others = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : options.entrySet()) {
            String key = e.getKey();
            if (key.startsWith(PREFIX) && key.endsWith(".columns") && key.length() > PREFIX.length() + ".columns".length()) {
                String type = key.substring(PREFIX.length(), key.length() - ".columns".length());
                List<String> names = new ArrayList<>();
                for (String part : e.getValue().split(",")) {
                    if (part.isBlank()) {
                        throw new IllegalArgumentException("Table option '" + key + "' = '" + e.getValue()
                                + "' names an empty column");
                    }
                    names.add(part.trim());
                }
                columns.put(type, names);
                if (!type.equals(BLOOM_FILTER)) {
                    others.put(key, e.getValue());
                }
            }
        }
        List<BloomFilterColumn> blooms = new ArrayList<>();
        for (String column : columns.getOrDefault(BLOOM_FILTER, List.of())) {
            String itemsKey = PREFIX + BLOOM_FILTER + "." + column + ".items";
            String fppKey = PREFIX + BLOOM_FILTER + "." + column + ".fpp";
            int items = DEFAULT_ITEMS;
            double fpp = DEFAULT_FPP;
            try {
                if (options.containsKey(itemsKey)) {
                    items = Integer.parseInt(options.get(itemsKey).trim());
                }
                if (options.containsKey(fppKey)) {
                    fpp = Double.parseDouble(options.get(fppKey).trim());
                }
            } catch (NumberFormatException ex) {
                throw new IllegalArgumentException("Table option '" + (options.containsKey(itemsKey) ? itemsKey : fppKey)
                        + "' is not a number: " + ex.getMessage(), ex);
            }
            if (items <= 0) {
                throw new IllegalArgumentException("Table option '" + itemsKey + "' = '" + items + "' must be > 0");
            }
            if (!(fpp > 0 && fpp < 1)) {
                throw new IllegalArgumentException("Table option '" + fppKey + "' = '" + fpp
                        + "' must be between 0 and 1 (exclusive)");
            }
            blooms.add(new BloomFilterColumn(column, items, fpp));
        }
        this.bloomFilters = List.copyOf(blooms);
        this.otherTypes = Map.copyOf(others);
    }

    /** The bloom filters to write, one per indexed column. */
    public List<BloomFilterColumn> bloomFilters() {
        return bloomFilters;
    }

    /** The {@code file-index.<type>.columns} options of index types Strata does not write, key to value. */
    public Map<String, String> otherTypes() {
        return otherTypes;
    }

    public long inManifestThreshold() {
        return inManifestThreshold;
    }

    public boolean readEnabled() {
        return readEnabled;
    }

    /** Whether writers build an index (some bloom-filter column is configured). */
    public boolean writesIndex() {
        return !bloomFilters.isEmpty();
    }
}
