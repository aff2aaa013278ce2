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
import io.strata.data.Timestamp;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.Tag;
import io.strata.table.Table;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;

/**
 * {@code tags}: one row per tag, by name, as Paimon's {@code t$tags}. The create time and retention are
 * null for a tag created without a retention (neither Paimon nor Strata records a time then); the
 * retention prints as a Java {@code Duration} ({@code PT72H}), as Paimon prints it.
 */
final class TagsTable extends BaseMetadataTable {

    static final String NAME = "tags";

    private static final RowType TYPE = MetadataRows.columns(
            notNull("tag_name", string()),
            notNull("snapshot_id", bigint()),
            notNull("schema_id", bigint()),
            notNull("commit_time", timestamp()),
            nullable("record_count", bigint()),
            nullable("create_time", timestamp()),
            nullable("time_retained", string()));

    TagsTable(Table table) {
        super(table, NAME, TYPE, false);
    }

    @Override
    public CloseableIterator<Row> rows(OptionalLong snapshotId) {
        List<Tag> tags = new ArrayList<>(table.tags().list());
        tags.sort(Comparator.comparing(Tag::name));
        List<Row> rows = new ArrayList<>();
        for (Tag tag : tags) {
            Snapshot s = tag.snapshot();
            rows.add(GenericRow.of(
                    text(tag.name()),
                    s.id(),
                    s.schemaId(),
                    PaimonText.localTime(s.timeMillis()),
                    s.totalRecordCount(),
                    tag.createTime() == null ? null : Timestamp.fromLocalDateTime(tag.createTime()),
                    text(tag.timeRetained() == null ? null : tag.timeRetained().toString())));
        }
        return MetadataRows.iterator(rows);
    }
}
