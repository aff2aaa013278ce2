package io.strata.hive;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;

/**
 * Hive's view of a {@link StrataRowWritable}: one struct field per Hive column, each read straight
 * from the Strata row by its {@link HiveFieldReader}. Columns the query does not read are null.
 */
final class StrataRowInspector extends StructObjectInspector {

    /** One Hive column over one table column. */
    private record Field(int id, String name, int tableColumn, HiveFieldReader reader, String comment)
            implements StructField {
        @Override
        public String getFieldName() {
            return name;
        }

        @Override
        public ObjectInspector getFieldObjectInspector() {
            return reader.inspector();
        }

        @Override
        public int getFieldID() {
            return id;
        }

        @Override
        public String getFieldComment() {
            return comment;
        }
    }

    private final List<Field> fields = new ArrayList<>();

    void addField(String name, int tableColumn, HiveFieldReader reader, String comment) {
        fields.add(new Field(fields.size(), name, tableColumn, reader, comment));
    }

    @Override
    public List<? extends StructField> getAllStructFieldRefs() {
        return fields;
    }

    @Override
    public StructField getStructFieldRef(String fieldName) {
        for (Field f : fields) {
            if (f.name.equalsIgnoreCase(fieldName)) {
                return f;
            }
        }
        throw new IllegalArgumentException("No column '" + fieldName + "' in " + getTypeName());
    }

    @Override
    public Object getStructFieldData(Object data, StructField fieldRef) {
        if (data == null) {
            return null;
        }
        StrataRowWritable row = (StrataRowWritable) data;
        Field field = (Field) fieldRef;
        int pos = row.rowPosition(field.tableColumn);
        return pos < 0 ? null : field.reader.read(row.row(), pos);
    }

    @Override
    public List<Object> getStructFieldsDataAsList(Object data) {
        if (data == null) {
            return null;
        }
        // Each reader reuses one Writable, so the list is valid until the next row, like the row itself.
        List<Object> values = new ArrayList<>(fields.size());
        for (Field f : fields) {
            values.add(getStructFieldData(data, f));
        }
        return values;
    }

    @Override
    public String getTypeName() {
        StringBuilder sb = new StringBuilder("struct<");
        for (Field f : fields) {
            if (f.id > 0) {
                sb.append(',');
            }
            sb.append(f.name).append(':').append(f.reader.inspector().getTypeName());
        }
        return sb.append('>').toString();
    }

    @Override
    public Category getCategory() {
        return Category.STRUCT;
    }
}
