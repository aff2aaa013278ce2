package io.strata.fileindex;

import io.strata.data.Row;
import io.strata.types.RowType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the file index of one data file while its rows are written: each configured bloom filter takes the
 * hash of every non-null value of its column, and {@link #finish} serializes them into one container in
 * Paimon's format. Primary-key files index the value of every record they hold, deletes too, as Paimon does.
 */
public final class DataFileIndexWriter {

    private final String[] columns;
    private final int[] positions;
    private final ValueHash[] hashes;
    private final BloomFilter64[] filters;

    private DataFileIndexWriter(String[] columns, int[] positions, ValueHash[] hashes, BloomFilter64[] filters) {
        this.columns = columns;
        this.positions = positions;
        this.hashes = hashes;
        this.filters = filters;
    }

    /**
     * The writer of the bloom filters {@code blooms} over rows of {@code rowType}. Fails naming the column when
     * it is not in the row type or its type takes no bloom filter.
     */
    public static DataFileIndexWriter of(RowType rowType, List<BloomFilterColumn> blooms) {
        return build(rowType, blooms, true);
    }

    /** Checks that {@link #of} would accept the columns, without sizing any filter. */
    public static void check(RowType rowType, List<BloomFilterColumn> blooms) {
        build(rowType, blooms, false);
    }

    private static DataFileIndexWriter build(RowType rowType, List<BloomFilterColumn> blooms, boolean allocate) {
        int n = blooms.size();
        String[] columns = new String[n];
        int[] positions = new int[n];
        ValueHash[] hashes = new ValueHash[n];
        BloomFilter64[] filters = new BloomFilter64[n];
        for (int i = 0; i < n; i++) {
            BloomFilterColumn bloom = blooms.get(i);
            int position = rowType.indexOf(bloom.column());
            if (position < 0) {
                throw new IllegalArgumentException("Table option 'file-index.bloom-filter.columns' names column '"
                        + bloom.column() + "', which the table does not have");
            }
            ValueHash hash = ValueHash.of(rowType.typeAt(position));
            if (hash == null) {
                throw new IllegalArgumentException("Table option 'file-index.bloom-filter.columns' names column '"
                        + bloom.column() + "' of type " + rowType.typeAt(position).asSqlString()
                        + ", which a bloom filter cannot index (as in Paimon: no BOOLEAN, DECIMAL or nested types)");
            }
            columns[i] = bloom.column();
            positions[i] = position;
            hashes[i] = hash;
            filters[i] = allocate ? BloomFilter64.forItems(bloom.items(), bloom.fpp()) : null;
        }
        return new DataFileIndexWriter(columns, positions, hashes, filters);
    }

    /** Adds a row's values. */
    public void write(Row row) {
        for (int i = 0; i < positions.length; i++) {
            if (!row.isNullAt(positions[i])) {
                filters[i].add(hashes[i].hash(row, positions[i]));
            }
        }
    }

    /** The container of the file's indexes. */
    public byte[] finish() {
        Map<String, Map<String, byte[]>> indexes = new LinkedHashMap<>();
        for (int i = 0; i < columns.length; i++) {
            indexes.computeIfAbsent(columns[i], k -> new LinkedHashMap<>()).put("bloom-filter", filters[i].serialize());
        }
        return FileIndexContainer.write(indexes);
    }
}
