package io.strata.schema;

import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.List;

/**
 * Assigns field ids the way Paimon does, so a table Strata creates numbers its fields exactly as Paimon
 * would. A top-level column takes the next id before the fields nested in its type; a nested ROW field
 * takes its id after the fields nested in its own type (Paimon numbers the inner type first).
 */
final class FieldIds {

    private int highest;

    /** Ids continue after {@code highestFieldId} (-1 for a new table). */
    FieldIds(int highestFieldId) {
        this.highest = highestFieldId;
    }

    /** The highest id handed out so far. */
    int highest() {
        return highest;
    }

    /** A top-level field: the next id, then fresh ids for the fields nested in its type. */
    DataField topLevel(String name, DataType type, String description) {
        int id = ++highest;
        return new DataField(id, name, renumber(type), description);
    }

    private DataType renumber(DataType type) {
        if (type instanceof AtomicType) {
            return type;
        }
        if (type instanceof ArrayType array) {
            return new ArrayType(renumber(array.element()), array.nullable());
        }
        if (type instanceof MultisetType multiset) {
            return new MultisetType(renumber(multiset.element()), multiset.nullable());
        }
        if (type instanceof MapType map) {
            DataType key = renumber(map.key());
            return new MapType(key, renumber(map.value()), map.nullable());
        }
        RowType row = (RowType) type;
        List<DataField> fields = new ArrayList<>(row.fieldCount());
        for (DataField f : row.fields()) {
            DataType inner = renumber(f.type());
            fields.add(new DataField(++highest, f.name(), inner, f.description()));
        }
        return new RowType(fields, row.nullable());
    }
}
