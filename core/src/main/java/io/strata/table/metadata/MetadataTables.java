package io.strata.table.metadata;

import io.strata.api.PublicApi;
import io.strata.table.Table;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/** The metadata tables of a table, by name ({@link MetadataTable}). */
@PublicApi
public final class MetadataTables {

    /** Every metadata table's name, in the order documentation lists them. */
    public static final List<String> NAMES = List.of(SnapshotsTable.NAME, SchemasTable.NAME, OptionsTable.NAME,
            TagsTable.NAME, ConsumersTable.NAME, FilesTable.NAME, ManifestsTable.NAME, PartitionsTable.NAME,
            BucketsTable.NAME, AuditLogTable.NAME);

    private MetadataTables() {}

    /** The metadata table {@code name} (any case) of {@code table}, or empty if there is none of that name. */
    public static Optional<MetadataTable> of(Table table, String name) {
        Objects.requireNonNull(name, "name of a metadata table");
        MetadataTable metadataTable = switch (name.toLowerCase(Locale.ROOT)) {
            case SnapshotsTable.NAME -> new SnapshotsTable(table);
            case SchemasTable.NAME -> new SchemasTable(table);
            case OptionsTable.NAME -> new OptionsTable(table);
            case TagsTable.NAME -> new TagsTable(table);
            case ConsumersTable.NAME -> new ConsumersTable(table);
            case FilesTable.NAME -> new FilesTable(table);
            case ManifestsTable.NAME -> new ManifestsTable(table);
            case PartitionsTable.NAME -> new PartitionsTable(table);
            case BucketsTable.NAME -> new BucketsTable(table);
            case AuditLogTable.NAME -> new AuditLogTable(table);
            default -> null;
        };
        return Optional.ofNullable(metadataTable);
    }
}
