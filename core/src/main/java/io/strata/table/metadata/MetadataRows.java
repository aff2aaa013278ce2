package io.strata.table.metadata;

import io.strata.data.CloseableIterator;
import io.strata.data.Row;
import io.strata.data.Utf8String;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.util.Iterator;
import java.util.List;

/**
 * The columns and rows of a metadata table: the columns are built here, the rows in memory (a metadata
 * table has one row per snapshot, schema, tag, file or manifest, so they are few and small).
 */
final class MetadataRows {

    private MetadataRows() {}

    /** A row type of the given columns, their ids their positions, as Paimon numbers its system tables' fields. */
    static RowType columns(Column... columns) {
        DataField[] fields = new DataField[columns.length];
        for (int i = 0; i < columns.length; i++) {
            fields[i] = new DataField(i, columns[i].name(), columns[i].type());
        }
        return RowType.of(fields);
    }

    /** A nullable column. */
    static Column nullable(String name, DataType type) {
        return new Column(name, type);
    }

    /** A NOT NULL column. */
    static Column notNull(String name, DataType type) {
        return new Column(name, type.withNullable(false));
    }

    static DataType string() {
        return DataTypes.STRING();
    }

    static DataType bigint() {
        return DataTypes.BIGINT();
    }

    /** Paimon's TIMESTAMP_MILLIS: the local wall clock, as its system tables show times. */
    static DataType timestamp() {
        return DataTypes.TIMESTAMP(3);
    }

    /** The text as a row value; null stays null. */
    static Utf8String text(String s) {
        return s == null ? null : Utf8String.fromString(s);
    }

    /** An iterator over rows already built. */
    static CloseableIterator<Row> iterator(List<? extends Row> rows) {
        Iterator<? extends Row> it = rows.iterator();
        return new CloseableIterator<>() {
            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public Row next() {
                return it.next();
            }

            @Override
            public void close() {}
        };
    }

    /** A column: its name and type. */
    record Column(String name, DataType type) {}
}
