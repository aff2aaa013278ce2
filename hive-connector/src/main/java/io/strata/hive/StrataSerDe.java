package io.strata.hive;

import io.strata.table.Table;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.HiveTypeNames;
import io.strata.types.RowType;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.serde2.AbstractSerDe;
import org.apache.hadoop.hive.serde2.SerDeException;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.io.Writable;

/**
 * Hive's SerDe for Strata tables (read only). The schema comes from the Strata table at the Hive
 * table's location: all its current columns when the DDL gave none (Hive takes a storage handler's
 * columns from its SerDe, so schema changes made in Strata show), else the declared ones, each of which
 * must still exist with its declared type. {@link #deserialize} hands the row view through unchanged.
 */
public final class StrataSerDe extends AbstractSerDe {

    private StrataRowInspector inspector;

    @Override
    public void initialize(Configuration conf, Properties tableProperties, Properties partitionProperties)
            throws SerDeException {
        super.initialize(conf, tableProperties, partitionProperties);
        String hiveTable = tableProperties.getProperty("name", "(unnamed)");
        if (StrataConf.location(tableProperties) == null) {
            // CREATE TABLE without LOCATION: the Strata table does not exist yet, the declared columns are its schema.
            this.inspector = declaredInspector(tableProperties, StrataConf.localZone(conf));
            return;
        }
        Table table;
        try {
            table = StrataTables.load(conf, StrataConf.location(tableProperties), hiveTable);
        } catch (IllegalArgumentException e) {
            throw new SerDeException(e.getMessage(), e);
        }
        RowType rowType = table.schema().rowType();
        ZoneId zone = StrataConf.localZone(conf);
        // Tables created without a column list follow the Strata table's current columns; declared columns
        // are checked against it on every use, so a schema change in Strata never reads as the wrong type.
        List<String> declared = StrataConf.columnsFromTable(tableProperties) ? List.of()
                : StrataConf.declaredColumns(tableProperties);
        List<String> declaredTypes = declared.isEmpty() ? List.of() : StrataConf.declaredTypes(tableProperties);
        List<Integer> columns = new ArrayList<>();
        if (declared.isEmpty()) {
            for (int i = 0; i < rowType.fieldCount(); i++) {
                columns.add(i);
            }
        } else {
            for (int i = 0; i < declared.size(); i++) {
                String name = declared.get(i);
                int p = StrataInputFormat.indexOfIgnoreCase(rowType, name);
                if (p < 0) {
                    throw new SerDeException("The column '" + name + "' of Hive table " + hiveTable
                            + " is not in the Strata table at " + table.location() + " (its columns: "
                            + String.join(", ", rowType.fieldNames()) + "): it was renamed or dropped in Strata;"
                            + " recreate the Hive table (without a column list it follows the Strata schema)");
                }
                DataType type = rowType.field(p).type();
                if (i < declaredTypes.size() && !HiveTypeMapping.matches(declaredTypes.get(i), type)) {
                    throw new SerDeException("The column '" + name + "' of Hive table " + hiveTable + " is declared as "
                            + declaredTypes.get(i) + " but the Strata table at " + table.location() + " has "
                            + type.asSqlString() + " (Hive type " + HiveTypeNames.of(type)
                            + "): recreate the Hive table with that type, or without a column list to follow the"
                            + " Strata schema");
                }
                columns.add(p);
            }
        }
        StrataRowInspector rowInspector = new StrataRowInspector();
        for (int p : columns) {
            DataField f = rowType.field(p);
            HiveFieldReader reader;
            try {
                reader = new HiveFieldReader(f.type(), zone);
            } catch (IllegalArgumentException e) {
                throw new SerDeException("The column '" + f.name() + "' of the Strata table at " + table.location()
                        + " cannot be read by Hive table " + hiveTable + ": " + e.getMessage(), e);
            }
            rowInspector.addField(HiveTypeNames.hiveName(f.name()), p, reader, f.description());
        }
        this.inspector = rowInspector;
    }

    private static StrataRowInspector declaredInspector(Properties tableProperties, ZoneId zone) throws SerDeException {
        List<String> names = StrataConf.declaredColumns(tableProperties);
        List<String> types = StrataConf.declaredTypes(tableProperties);
        StrataRowInspector rowInspector = new StrataRowInspector();
        try {
            for (int i = 0; i < names.size() && i < types.size(); i++) {
                DataType type = HiveTypeMapping.toStrata(names.get(i), types.get(i));
                rowInspector.addField(HiveTypeNames.hiveName(names.get(i)), i, new HiveFieldReader(type, zone), null);
            }
        } catch (IllegalArgumentException e) {
            throw new SerDeException(e.getMessage(), e);
        }
        return rowInspector;
    }

    @Override
    public ObjectInspector getObjectInspector() {
        return inspector;
    }

    @Override
    public Object deserialize(Writable blob) {
        return blob;
    }

    @Override
    public Class<? extends Writable> getSerializedClass() {
        return StrataRowWritable.class;
    }

    @Override
    public Writable serialize(Object obj, ObjectInspector objInspector) throws SerDeException {
        throw new SerDeException("Strata tables are read-only from Hive for now: INSERT is not supported");
    }
}
