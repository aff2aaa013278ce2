package io.strata.table.metadata;

import io.strata.table.Table;
import io.strata.types.RowType;

/** What every metadata table fixes when it is made: the table it describes, its name, columns and kind. */
abstract class BaseMetadataTable implements MetadataTable {

    final Table table;
    private final String name;
    private final RowType rowType;
    private final boolean perSnapshot;

    BaseMetadataTable(Table table, String name, RowType rowType, boolean perSnapshot) {
        this.table = table;
        this.name = name;
        this.rowType = rowType;
        this.perSnapshot = perSnapshot;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final RowType rowType() {
        return rowType;
    }

    @Override
    public final boolean perSnapshot() {
        return perSnapshot;
    }
}
