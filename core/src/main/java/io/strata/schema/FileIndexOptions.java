package io.strata.schema;

import io.strata.api.PublicApi;
import io.strata.fileindex.BitmapColumn;
import io.strata.fileindex.BloomFilterColumn;
import io.strata.fileindex.ColumnIndex;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The data file index options of a table (docs/file-index.md), Paimon 1.4.2's keys: {@code
 * file-index.<type>.columns} lists the indexed columns of an index type, {@code file-index.<type>.<column>.<option>}
 * tunes one, {@link #IN_MANIFEST_THRESHOLD} decides whether an index is embedded in the manifest or written
 * beside its data file, {@link #READ_ENABLED} whether scans use indexes. Strata writes and reads
 * {@value #BLOOM_FILTER} and {@value #BITMAP} indexes; Paimon's other types (bsi, range-bitmap) are ignored by
 * reads and refused by writes.
 */
@PublicApi
public final class FileIndexOptions {

    /** The bloom-filter index type. */
    public static final String BLOOM_FILTER = "bloom-filter";

    /** The bitmap index type. */
    public static final String BITMAP = "bitmap";

    public static final ConfigOption<List<String>> BLOOM_FILTER_COLUMNS = ConfigOption.of(
            "file-index.bloom-filter.columns", List.of(),
            "Columns (comma-separated, top level) that get a bloom-filter index in every data file, sized by "
                    + "'file-index.bloom-filter.<column>.items' (default 1000000) and '.fpp' (default 0.1).",
            FileIndexOptions::columnList);

    public static final ConfigOption<List<String>> BITMAP_COLUMNS = ConfigOption.of(
            "file-index.bitmap.columns", List.of(),
            "Columns (comma-separated, top level) that get a bitmap index in every data file: the rows of each "
                    + "value and of null, in format 'file-index.bitmap.<column>.version' (1 or 2, default 2) with "
                    + "dictionary blocks of 'file-index.bitmap.<column>.index-block-size' (default 16 kb).",
            FileIndexOptions::columnList);

    public static final ConfigOption<Long> IN_MANIFEST_THRESHOLD = ConfigOption.memoryOption(
            "file-index.in-manifest-threshold", 500L,
            "A data file's index of at most this size is embedded in the manifest entry; a larger one is written "
                    + "as '<data file>.index' beside the data file.");

    public static final ConfigOption<Boolean> READ_ENABLED = ConfigOption.booleanOption(
            "file-index.read.enabled", true, "Whether scans skip data files by their file indexes.");

    /** The options above with fixed keys; the per-column keys are documented in docs/table-options.md. */
    public static final List<ConfigOption<?>> ALL = List.of(BLOOM_FILTER_COLUMNS, BITMAP_COLUMNS, IN_MANIFEST_THRESHOLD,
            READ_ENABLED);

    private static final String PREFIX = "file-index.";
    private static final String COLUMNS_SUFFIX = ".columns";
    private static final int DEFAULT_ITEMS = 1_000_000;
    private static final double DEFAULT_FPP = 0.1;

    private final List<ColumnIndex> columnIndexes;
    /** Index types Strata does not write, by their columns key: its value. */
    private final Map<String, String> otherTypes;
    private final long inManifestThreshold;
    private final boolean readEnabled;

    /** Parses the options; a malformed value fails naming its key. */
    public FileIndexOptions(Map<String, String> options) {
        this.inManifestThreshold = IN_MANIFEST_THRESHOLD.get(options);
        this.readEnabled = READ_ENABLED.get(options);
        // Paimon meets the '.columns' keys in the order of a HashMap it fills from the table options, and that
        // order decides how columns are laid out in an index container (see DataFileIndexWriter).
        Map<String, String> paimonOrder = new HashMap<>();
        options.forEach(paimonOrder::put);
        List<ColumnIndex> indexes = new ArrayList<>();
        Map<String, String> others = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : paimonOrder.entrySet()) {
            String key = e.getKey();
            if (!key.startsWith(PREFIX) || !key.endsWith(COLUMNS_SUFFIX)
                    || key.length() <= PREFIX.length() + COLUMNS_SUFFIX.length()) {
                continue;
            }
            String type = key.substring(PREFIX.length(), key.length() - COLUMNS_SUFFIX.length());
            switch (type) {
                case BLOOM_FILTER -> BLOOM_FILTER_COLUMNS.get(options).forEach(c -> indexes.add(bloomFilter(c, options)));
                case BITMAP -> BITMAP_COLUMNS.get(options).forEach(c -> indexes.add(bitmap(c, options)));
                default -> {
                    ConfigOption.of(key, List.<String>of(), "", FileIndexOptions::columnList).get(options);
                    others.put(key, e.getValue());
                }
            }
        }
        this.columnIndexes = List.copyOf(indexes);
        this.otherTypes = Map.copyOf(others);
    }

    private static List<String> columnList(String value) {
        List<String> names = new ArrayList<>();
        for (String part : value.split(",")) {
            if (part.isBlank()) {
                throw new IllegalArgumentException("names an empty column");
            }
            names.add(part.trim());
        }
        return List.copyOf(names);
    }

    private static BloomFilterColumn bloomFilter(String column, Map<String, String> options) {
        String itemsKey = PREFIX + BLOOM_FILTER + "." + column + ".items";
        String fppKey = PREFIX + BLOOM_FILTER + "." + column + ".fpp";
        int items = perColumn(itemsKey, DEFAULT_ITEMS, options, v -> Integer.parseInt(v.trim()));
        double fpp = perColumn(fppKey, DEFAULT_FPP, options, v -> Double.parseDouble(v.trim()));
        if (items <= 0) {
            throw new IllegalArgumentException("Table option '" + itemsKey + "' = '" + items + "' must be > 0");
        }
        if (!(fpp > 0 && fpp < 1)) {
            throw new IllegalArgumentException("Table option '" + fppKey + "' = '" + fpp
                    + "' must be between 0 and 1 (exclusive)");
        }
        return new BloomFilterColumn(column, items, fpp);
    }

    private static BitmapColumn bitmap(String column, Map<String, String> options) {
        String prefix = PREFIX + BITMAP + "." + column + ".";
        int version = perColumn(prefix + "version", BitmapColumn.DEFAULT_VERSION, options,
                v -> Integer.parseInt(v.trim()));
        long blockSize = perColumn(prefix + "index-block-size", BitmapColumn.DEFAULT_INDEX_BLOCK_SIZE,
                options, MemorySize::parseBytes);
        return new BitmapColumn(column, version, blockSize);
    }

    private static <T> T perColumn(String key, T defaultValue, Map<String, String> options, Function<String, T> parser) {
        return ConfigOption.of(key, defaultValue, "", parser).get(options);
    }

    /**
     * Every index to write, in the order Paimon's writer meets them: the {@code .columns} keys as a hash map of
     * the table options orders them, each key's columns as listed.
     */
    public List<ColumnIndex> columnIndexes() {
        return columnIndexes;
    }

    /** The bloom filters to write, one per indexed column. */
    public List<BloomFilterColumn> bloomFilters() {
        return columnIndexes.stream().filter(i -> i instanceof BloomFilterColumn).map(i -> (BloomFilterColumn) i)
                .toList();
    }

    /** The bitmap indexes to write, one per indexed column. */
    public List<BitmapColumn> bitmaps() {
        return columnIndexes.stream().filter(i -> i instanceof BitmapColumn).map(i -> (BitmapColumn) i).toList();
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

    /** Whether writers build an index (some bloom-filter or bitmap column is configured). */
    public boolean writesIndex() {
        return !columnIndexes.isEmpty();
    }
}
