package io.strata.table.metadata;

import static io.strata.table.metadata.MetadataRows.notNull;
import static io.strata.table.metadata.MetadataRows.string;
import static io.strata.table.metadata.MetadataRows.text;

import io.strata.data.CloseableIterator;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.schema.TableSchema;
import io.strata.table.Table;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * {@code options}: the table options of a schema, one row per option in the schema file's order. Without a
 * snapshot id, those of the latest schema, as Paimon's {@code t$options} shows them, even when the table has
 * no snapshot yet (a new table has options before it has data); with one, those of that snapshot's schema
 * (Paimon's shows the latest schema's options whatever the time travel).
 */
final class OptionsTable extends BaseMetadataTable {

    static final String NAME = "options";

    private static final RowType TYPE = MetadataRows.columns(notNull("key", string()), notNull("value", string()));

    OptionsTable(Table table) {
        super(table, NAME, TYPE, true);
    }

    @Override
    public CloseableIterator<Row> rows(OptionalLong snapshotId) {
        TableSchema schema = snapshotId.isPresent()
                ? DescribedSnapshot.of(table, snapshotId).orElseThrow().schema()
                : DescribedSnapshot.latestSchema(table);
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<String, String> option : schema.options().entrySet()) {
            rows.add(GenericRow.of(text(option.getKey()), text(option.getValue())));
        }
        return MetadataRows.iterator(rows);
    }
}
