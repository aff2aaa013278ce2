package io.strata.fileindex;

import io.strata.data.Row;
import io.strata.types.DataType;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the file index of one data file while its rows are written: each bloom filter takes the hash of every
 * non-null value of its column, each bitmap index the row position of every value and null; {@link #finish}
 * serializes them into one container in Paimon's format and Paimon's order (see {@link ContainerLayout}). A
 * column may have both. Primary-key files index the value of every record they hold, deletes too, as Paimon
 * does.
 */
public final class DataFileIndexWriter {

    /** One index being built: takes the rows, then gives its bytes. */
    private interface Builder {
        void write(Row row);

        byte[] finish();
    }

    private final String[] columns;
    private final String[] types;
    private final Builder[] builders;

    private DataFileIndexWriter(String[] columns, String[] types, Builder[] builders) {
        this.columns = columns;
        this.types = types;
        this.builders = builders;
    }

    /**
     * The writer of {@code indexes} over rows of {@code rowType}, in the order Paimon meets them in the options
     * ({@code FileIndexOptions.columnIndexes()}). Fails naming the option and the column when it is not in the
     * row type or its type takes no index of that kind.
     */
    public static DataFileIndexWriter of(RowType rowType, List<? extends ColumnIndex> indexes) {
        return build(rowType, indexes, true);
    }

    /** Checks that {@link #of} would accept the indexes, without allocating any. */
    public static void check(RowType rowType, List<? extends ColumnIndex> indexes) {
        build(rowType, indexes, false);
    }

    private static DataFileIndexWriter build(RowType rowType, List<? extends ColumnIndex> indexes, boolean allocate) {
        List<String> columns = new ArrayList<>();
        List<String> types = new ArrayList<>();
        List<Builder> builders = new ArrayList<>();
        for (Map.Entry<String, List<ColumnIndex>> column : ContainerLayout.of(indexes).entrySet()) {
            for (ColumnIndex index : column.getValue()) {
                int position = rowType.indexOf(index.column());
                String option = "Table option 'file-index." + index.indexType() + ".columns' names column '"
                        + index.column() + "'";
                if (position < 0) {
                    throw new IllegalArgumentException(option + ", which the table does not have");
                }
                DataType type = rowType.typeAt(position);
                Builder builder;
                if (index instanceof BloomFilterColumn bloom) {
                    ValueHash hash = ValueHash.of(type);
                    if (hash == null) {
                        throw new IllegalArgumentException(option + " of type " + type.asSqlString()
                                + ", which a bloom filter cannot index (as in Paimon: no BOOLEAN, DECIMAL or nested types)");
                    }
                    builder = allocate ? bloom(position, hash, BloomFilter64.forItems(bloom.items(), bloom.fpp())) : null;
                } else {
                    BitmapKeyType keyType = BitmapKeyType.of(type);
                    if (keyType == null) {
                        throw new IllegalArgumentException(option + " of type " + type.asSqlString()
                                + ", which a bitmap index cannot index (as in Paimon: no BINARY, VARBINARY, DECIMAL or"
                                + " nested types)");
                    }
                    builder = allocate ? bitmap(new BitmapIndexWriter((BitmapColumn) index, position, keyType)) : null;
                }
                columns.add(column.getKey());
                types.add(index.indexType());
                builders.add(builder);
            }
        }
        return new DataFileIndexWriter(columns.toArray(String[]::new), types.toArray(String[]::new),
                builders.toArray(Builder[]::new));
    }

    private static Builder bloom(int position, ValueHash hash, BloomFilter64 filter) {
        return new Builder() {
            public void write(Row row) {
                if (!row.isNullAt(position)) {
                    filter.add(hash.hash(row, position));
                }
            }

            public byte[] finish() {
                return filter.serialize();
            }
        };
    }

    private static Builder bitmap(BitmapIndexWriter writer) {
        return new Builder() {
            public void write(Row row) {
                writer.write(row);
            }

            public byte[] finish() {
                return writer.serialize();
            }
        };
    }

    /** Adds a row's values. */
    public void write(Row row) {
        for (Builder builder : builders) {
            builder.write(row);
        }
    }

    /** The container of the file's indexes. */
    public byte[] finish() {
        Map<String, Map<String, byte[]>> indexes = new LinkedHashMap<>();
        for (int i = 0; i < builders.length; i++) {
            indexes.computeIfAbsent(columns[i], k -> new LinkedHashMap<>()).put(types[i], builders[i].finish());
        }
        return FileIndexContainer.write(indexes);
    }
}
