package io.strata.table.store;

import io.strata.format.FileFormat;
import io.strata.manifest.DataFileMeta;
import io.strata.schema.SchemaManager;
import io.strata.schema.TableSchema;
import io.strata.types.RowType;
import java.util.HashMap;
import java.util.Map;

/**
 * The row type each data file was written with, by the schema version it records: the file type that version's
 * writer got (for primary-key tables with the {@code _KEY_} and system columns). Readers of formats whose files
 * carry no field ids (Avro) need it to find a column under the name it had when the file was written, so that a
 * renamed column is read and a column dropped and added again does not show the old values. Formats with field
 * ids do not: for them it is null, and no schema file is read.
 */
public final class DataFileWriteTypes {

    private final TableStore store;
    private final Map<Long, RowType> bySchemaId = new HashMap<>();

    public DataFileWriteTypes(TableStore store) {
        this.store = store;
    }

    /** The type {@code file} was written with, or null when its format carries field ids of its own. */
    public RowType of(DataFileMeta file) {
        if (FileFormat.fromFileName(file.fileName()) != FileFormat.AVRO) {
            return null;
        }
        return bySchemaId.computeIfAbsent(file.schemaId(), id -> {
            TableSchema current = store.schema();
            TableSchema schema = id == current.id() ? current
                    : new SchemaManager(store.fileIO(), store.location()).schema(id);
            RowType rowType = schema.rowType();
            return schema.primaryKeys().isEmpty() ? rowType
                    : RollingDataFileWriter.primaryKeyFileType(rowType, schema.trimmedPrimaryKeyType());
        });
    }
}
