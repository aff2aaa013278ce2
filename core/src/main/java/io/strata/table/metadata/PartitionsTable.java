package io.strata.table.metadata;

import static io.strata.table.metadata.MetadataRows.bigint;
import static io.strata.table.metadata.MetadataRows.notNull;
import static io.strata.table.metadata.MetadataRows.nullable;
import static io.strata.table.metadata.MetadataRows.string;
import static io.strata.table.metadata.MetadataRows.text;
import static io.strata.table.metadata.MetadataRows.timestamp;

import io.strata.data.BinaryRow;
import io.strata.data.CloseableIterator;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.RowValues;
import io.strata.manifest.ManifestEntry;
import io.strata.schema.TableSchema;
import io.strata.table.Table;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * {@code partitions}: one row per partition that holds files in the snapshot, sorted by its text
 * ({@code dt=2024-01-01/hr=3}), with its totals ({@link FileTotals}), as Paimon's {@code t$partitions}. The
 * creation, author and options columns are null: Paimon fills them only from a REST catalog's partition
 * records, and a filesystem table, which is what Strata tables are, has none.
 */
final class PartitionsTable extends BaseMetadataTable {

    static final String NAME = "partitions";

    private static final RowType TYPE = MetadataRows.columns(
            nullable("partition", string()),
            notNull("record_count", bigint()),
            notNull("file_size_in_bytes", bigint()),
            notNull("file_count", bigint()),
            nullable("last_update_time", timestamp()),
            nullable("created_at", timestamp()),
            nullable("created_by", string()),
            nullable("updated_by", string()),
            nullable("options", string()));

    PartitionsTable(Table table) {
        super(table, NAME, TYPE, true);
    }

    @Override
    public CloseableIterator<Row> rows(OptionalLong snapshotId) throws IOException {
        Optional<DescribedSnapshot> described = DescribedSnapshot.of(table, snapshotId);
        if (described.isEmpty()) {
            return CloseableIterator.empty();
        }
        Map<BinaryRow, FileTotals> byPartition = new LinkedHashMap<>();
        for (ManifestEntry entry : described.get().manifestEntries()) {
            byPartition.computeIfAbsent(entry.partition(), p -> new FileTotals()).add(entry);
        }
        TableSchema schema = described.get().schema();
        Map<String, FileTotals> sorted = new TreeMap<>();
        byPartition.forEach((partition, totals) -> {
            if (totals.hasFiles()) {
                sorted.put(partitionText(partition, schema), totals);
            }
        });
        List<Row> rows = new ArrayList<>(sorted.size());
        sorted.forEach((partition, totals) -> rows.add(GenericRow.of(
                text(partition),
                totals.recordCount(),
                totals.fileSizeInBytes(),
                totals.fileCount(),
                totals.lastUpdateTime(),
                null,
                null,
                null,
                null)));
        return MetadataRows.iterator(rows);
    }

    /**
     * {@code key=value} per partition column, joined by {@code /}; values cast to text, unescaped, a null or
     * blank value as the default partition name (Paimon goes through the partition's directory spec, which
     * writes a blank value so).
     */
    private static String partitionText(BinaryRow partition, TableSchema schema) {
        RowType type = schema.partitionType();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < type.fieldCount(); i++) {
            if (i > 0) {
                text.append('/');
            }
            Object value = RowValues.get(partition, i, type.typeAt(i));
            String valueText = value == null ? null : PaimonText.cast(value, type.typeAt(i));
            if (valueText == null || valueText.isBlank()) {
                valueText = schema.tableOptions().partitionDefaultName();
            }
            text.append(type.field(i).name()).append('=').append(valueText);
        }
        return text.toString();
    }
}
