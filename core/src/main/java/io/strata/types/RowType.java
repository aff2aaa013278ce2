package io.strata.types;

import io.strata.api.PublicApi;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** A row of named fields: the type of a table, of a key, of a partition, or of a nested ROW column. */
@PublicApi
public final class RowType implements DataType {

    private final List<DataField> fields;
    private final boolean nullable;
    private final Map<String, Integer> indexByName;

    public RowType(List<DataField> fields, boolean nullable) {
        this.fields = List.copyOf(Objects.requireNonNull(fields, "fields"));
        this.nullable = nullable;
        Map<String, Integer> byName = new HashMap<>();
        for (int i = 0; i < this.fields.size(); i++) {
            if (byName.put(this.fields.get(i).name(), i) != null) {
                throw new IllegalArgumentException("Duplicate field name '" + this.fields.get(i).name() + "' in " + this.fields);
            }
        }
        this.indexByName = byName;
    }

    public RowType(List<DataField> fields) {
        this(fields, true);
    }

    /** A row type of the given fields. */
    public static RowType of(DataField... fields) {
        return new RowType(List.of(fields));
    }

    public List<DataField> fields() {
        return fields;
    }

    public int fieldCount() {
        return fields.size();
    }

    public DataField field(int index) {
        return fields.get(index);
    }

    public DataType typeAt(int index) {
        return fields.get(index).type();
    }

    public List<String> fieldNames() {
        List<String> names = new ArrayList<>(fields.size());
        for (DataField f : fields) {
            names.add(f.name());
        }
        return names;
    }

    public List<DataType> fieldTypes() {
        List<DataType> types = new ArrayList<>(fields.size());
        for (DataField f : fields) {
            types.add(f.type());
        }
        return types;
    }

    /** The position of the named field, or -1. */
    public int indexOf(String name) {
        Integer i = indexByName.get(name);
        return i == null ? -1 : i;
    }

    /** The position of the named field; fails naming the field and the fields there are. */
    public int requireIndexOf(String name) {
        int i = indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("No column '" + name + "' among " + fieldNames());
        }
        return i;
    }

    /** The position of the field with this id, or -1. */
    public int indexOfId(int id) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).id() == id) {
                return i;
            }
        }
        return -1;
    }

    /** A row type of the named fields, in the given order. */
    public RowType project(List<String> names) {
        List<DataField> projected = new ArrayList<>(names.size());
        for (String name : names) {
            projected.add(fields.get(requireIndexOf(name)));
        }
        return new RowType(projected);
    }

    /** A row type of the fields at the given positions. */
    public RowType project(int[] positions) {
        List<DataField> projected = new ArrayList<>(positions.length);
        for (int p : positions) {
            projected.add(fields.get(p));
        }
        return new RowType(projected);
    }

    /** The highest field id in this row, nested rows included. */
    public int highestFieldId() {
        int max = -1;
        for (DataField f : fields) {
            max = Math.max(max, f.id());
            if (f.type() instanceof RowType nested) {
                max = Math.max(max, nested.highestFieldId());
            }
        }
        return max;
    }

    @Override
    public TypeRoot root() {
        return TypeRoot.ROW;
    }

    @Override
    public boolean nullable() {
        return nullable;
    }

    @Override
    public RowType withNullable(boolean newNullable) {
        return new RowType(fields, newNullable);
    }

    @Override
    public String asSqlString() {
        StringBuilder sb = new StringBuilder("ROW<");
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            DataField f = fields.get(i);
            sb.append('`').append(f.name().replace("`", "``")).append("` ").append(f.type().asSqlString());
        }
        return sb.append('>').append(nullSuffix()).toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RowType other && nullable == other.nullable && fields.equals(other.fields);
    }

    @Override
    public int hashCode() {
        return Objects.hash(fields, nullable);
    }

    @Override
    public String toString() {
        return asSqlString();
    }
}
