package io.strata.table.metadata;

import static io.strata.table.metadata.MetadataRows.bigint;
import static io.strata.table.metadata.MetadataRows.notNull;
import static io.strata.table.metadata.MetadataRows.string;
import static io.strata.table.metadata.MetadataRows.text;

import io.strata.data.CloseableIterator;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.snapshot.Consumer;
import io.strata.table.Table;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * {@code consumers}: one row per consumer, by id, with the next snapshot it will read, as Paimon's
 * {@code t$consumers}.
 */
final class ConsumersTable extends BaseMetadataTable {

    static final String NAME = "consumers";

    private static final RowType TYPE = MetadataRows.columns(
            notNull("consumer_id", string()),
            notNull("next_snapshot_id", bigint()));

    ConsumersTable(Table table) {
        super(table, NAME, TYPE, false);
    }

    @Override
    public CloseableIterator<Row> rows(OptionalLong snapshotId) {
        List<Row> rows = new ArrayList<>();
        for (Consumer consumer : table.consumers().consumers()) {
            rows.add(GenericRow.of(text(consumer.id()), consumer.nextSnapshot()));
        }
        return MetadataRows.iterator(rows);
    }
}
