package io.strata.table.metadata;

import static io.strata.table.metadata.MetadataRows.bigint;
import static io.strata.table.metadata.MetadataRows.notNull;
import static io.strata.table.metadata.MetadataRows.nullable;
import static io.strata.table.metadata.MetadataRows.string;
import static io.strata.table.metadata.MetadataRows.text;

import io.strata.data.CloseableIterator;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.manifest.ManifestFileMeta;
import io.strata.table.Table;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code manifests}: one row per data manifest of the snapshot (its base list, then its delta list), as
 * Paimon's {@code t$manifests}; changelog manifests are not listed, as in Paimon. The partition stats are
 * the smallest and largest partition of the manifest's entries, cast to text ({@code {2024-01-01}}).
 */
final class ManifestsTable extends BaseMetadataTable {

    static final String NAME = "manifests";

    private static final RowType TYPE = MetadataRows.columns(
            notNull("file_name", string()),
            notNull("file_size", bigint()),
            notNull("num_added_files", bigint()),
            notNull("num_deleted_files", bigint()),
            notNull("schema_id", bigint()),
            nullable("min_partition_stats", string()),
            nullable("max_partition_stats", string()),
            nullable("min_row_id", bigint()),
            nullable("max_row_id", bigint()));

    ManifestsTable(Table table) {
        super(table, NAME, TYPE, true);
    }

    @Override
    public CloseableIterator<Row> rows(OptionalLong snapshotId) throws IOException {
        Optional<DescribedSnapshot> described = DescribedSnapshot.of(table, snapshotId);
        if (described.isEmpty()) {
            return CloseableIterator.empty();
        }
        RowType partitionType = described.get().schema().partitionType();
        List<Row> rows = new ArrayList<>();
        for (ManifestFileMeta m : described.get().dataManifests()) {
            rows.add(GenericRow.of(
                    text(m.fileName()),
                    m.fileSize(),
                    m.numAddedFiles(),
                    m.numDeletedFiles(),
                    m.schemaId(),
                    text(PaimonText.row(m.partitionStats().minValues(), partitionType)),
                    text(PaimonText.row(m.partitionStats().maxValues(), partitionType)),
                    m.minRowId(),
                    m.maxRowId()));
        }
        return MetadataRows.iterator(rows);
    }
}
