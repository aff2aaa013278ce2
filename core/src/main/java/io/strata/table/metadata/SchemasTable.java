package io.strata.table.metadata;

import static io.strata.table.metadata.MetadataRows.bigint;
import static io.strata.table.metadata.MetadataRows.notNull;
import static io.strata.table.metadata.MetadataRows.nullable;
import static io.strata.table.metadata.MetadataRows.string;
import static io.strata.table.metadata.MetadataRows.text;
import static io.strata.table.metadata.MetadataRows.timestamp;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.data.CloseableIterator;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.schema.TableSchema;
import io.strata.json.Json;
import io.strata.table.Table;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;

/**
 * {@code schemas}: one row per schema version, newest first as Paimon's {@code t$schemas} lists them: fields,
 * keys and options as one-line JSON in the schema file's own notation.
 */
final class SchemasTable extends BaseMetadataTable {

    static final String NAME = "schemas";

    private static final RowType TYPE = MetadataRows.columns(
            notNull("schema_id", bigint()),
            notNull("fields", string()),
            notNull("partition_keys", string()),
            notNull("primary_keys", string()),
            notNull("options", string()),
            nullable("comment", string()),
            notNull("update_time", timestamp()));

    SchemasTable(Table table) {
        super(table, NAME, TYPE, false);
    }

    @Override
    public CloseableIterator<Row> rows(OptionalLong snapshotId) {
        List<Row> rows = new ArrayList<>();
        List<TableSchema> schemas = new ArrayList<>(DescribedSnapshot.schemas(table).listAll());
        schemas.sort(Comparator.comparingLong(TableSchema::id).reversed());
        for (TableSchema schema : schemas) {
            // The schema file's own JSON, so that fields print exactly as stored (default values included).
            JsonNode json = Json.parseObject(schema.toJson(), "schema " + schema.id() + " of table " + table.location(),
                    "table schema");
            rows.add(GenericRow.of(
                    schema.id(),
                    text(json.get("fields").toString()),
                    text(json.get("partitionKeys").toString()),
                    text(json.get("primaryKeys").toString()),
                    text(json.get("options").toString()),
                    text(schema.comment()),
                    PaimonText.localTime(schema.timeMillis())));
        }
        return MetadataRows.iterator(rows);
    }
}
