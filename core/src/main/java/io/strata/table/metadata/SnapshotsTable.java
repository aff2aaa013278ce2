package io.strata.table.metadata;

import static io.strata.table.metadata.MetadataRows.bigint;
import static io.strata.table.metadata.MetadataRows.notNull;
import static io.strata.table.metadata.MetadataRows.nullable;
import static io.strata.table.metadata.MetadataRows.string;
import static io.strata.table.metadata.MetadataRows.text;
import static io.strata.table.metadata.MetadataRows.timestamp;

import io.strata.data.CloseableIterator;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.snapshot.Snapshot;
import io.strata.table.Table;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/** {@code snapshots}: one row per snapshot present, oldest first, as Paimon's {@code t$snapshots}. */
final class SnapshotsTable extends BaseMetadataTable {

    static final String NAME = "snapshots";

    private static final RowType TYPE = MetadataRows.columns(
            notNull("snapshot_id", bigint()),
            notNull("schema_id", bigint()),
            notNull("commit_user", string()),
            notNull("commit_identifier", bigint()),
            notNull("commit_kind", string()),
            notNull("commit_time", timestamp()),
            notNull("base_manifest_list", string()),
            notNull("delta_manifest_list", string()),
            nullable("changelog_manifest_list", string()),
            nullable("total_record_count", bigint()),
            nullable("delta_record_count", bigint()),
            nullable("changelog_record_count", bigint()),
            nullable("watermark", bigint()),
            nullable("next_row_id", bigint()));

    SnapshotsTable(Table table) {
        super(table, NAME, TYPE, false);
    }

    @Override
    public CloseableIterator<Row> rows(OptionalLong snapshotId) {
        List<Row> rows = new ArrayList<>();
        for (Snapshot s : table.snapshots().snapshots()) {
            rows.add(GenericRow.of(
                    s.id(),
                    s.schemaId(),
                    text(s.commitUser()),
                    s.commitIdentifier(),
                    text(s.commitKind().name()),
                    PaimonText.localTime(s.timeMillis()),
                    text(s.baseManifestList()),
                    text(s.deltaManifestList()),
                    text(s.changelogManifestList()),
                    s.totalRecordCount(),
                    s.deltaRecordCount(),
                    s.changelogRecordCount(),
                    s.watermark(),
                    s.nextRowId()));
        }
        return MetadataRows.iterator(rows);
    }
}
