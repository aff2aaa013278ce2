package io.strata.hive;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;

/**
 * Hive's view of a {@link StrataRowWritable}: one struct field per Hive column, each read straight
 * from the Strata row by its {@link HiveFieldReader}. Columns the query does not read are null.
 *
 * <p>Two inspectors of the same columns are equal. Hive's map operator compares the inspector of the
 * partition's SerDe with the table's (two SerDe instances, even for an unpartitioned table): when they
 * are not equal it converts every row into a new struct before any operator sees it
 * ({@code ObjectInspectorConverters.StructConverter}), reading all columns of every row, also those the
 * query does not use, and filling a Writable for each.
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

    /**
     * Equal when both show the same columns in the same order, read from the same table positions as the
     * same Hive values; comments do not matter.
     */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof StrataRowInspector other) || other.fields.size() != fields.size()) {
            return false;
        }
        for (int i = 0; i < fields.size(); i++) {
            Field a = fields.get(i);
            Field b = other.fields.get(i);
            if (!a.name.equals(b.name) || a.tableColumn != b.tableColumn || !a.reader.readsLike(b.reader)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int h = 1;
        for (Field f : fields) {
            h = 31 * h + f.name.hashCode();
            h = 31 * h + f.tableColumn;
        }
        return h;
    }

    @Override
    public Category getCategory() {
        return Category.STRUCT;
    }
}
