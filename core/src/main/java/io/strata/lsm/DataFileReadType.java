package io.strata.lsm;

import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.List;

/**
 * What to read from a data file: for primary-key files {@code _SEQUENCE_NUMBER} and {@code _VALUE_KIND}
 * first, then the wanted table fields (by field id, so older files map by id). Records the table
 * position of each wanted field.
 */
public final class DataFileReadType {

    /** Paimon's field id of {@code _SEQUENCE_NUMBER}. */
    public static final int SEQUENCE_NUMBER_ID = Integer.MAX_VALUE - 1;
    /** Paimon's field id of {@code _VALUE_KIND}. */
    public static final int VALUE_KIND_ID = Integer.MAX_VALUE - 2;
    /** Key column ids are the value field id plus this. */
    public static final int KEY_FIELD_ID_START = Integer.MAX_VALUE / 2;

    public static final String SEQUENCE_NUMBER = "_SEQUENCE_NUMBER";
    public static final String VALUE_KIND = "_VALUE_KIND";
    public static final String KEY_PREFIX = "_KEY_";

    private final RowType fileReadType;
    private final int[] tablePositions;
    private final int tableArity;
    private final boolean primaryKey;

    public DataFileReadType(RowType tableType, boolean[] wanted, boolean primaryKey) {
        List<DataField> fields = new ArrayList<>();
        if (primaryKey) {
            fields.addAll(systemFields());
        }
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < tableType.fieldCount(); i++) {
            if (wanted[i]) {
                fields.add(tableType.field(i));
                positions.add(i);
            }
        }
        this.fileReadType = new RowType(fields);
        this.tablePositions = positions.stream().mapToInt(Integer::intValue).toArray();
        this.tableArity = tableType.fieldCount();
        this.primaryKey = primaryKey;
    }

    /** {@code _SEQUENCE_NUMBER BIGINT NOT NULL} and {@code _VALUE_KIND TINYINT NOT NULL}. */
    public static List<DataField> systemFields() {
        return List.of(
                new DataField(SEQUENCE_NUMBER_ID, SEQUENCE_NUMBER, DataTypes.BIGINT().withNullable(false)),
                new DataField(VALUE_KIND_ID, VALUE_KIND, DataTypes.TINYINT().withNullable(false)));
    }

    /** The row type to open the file reader with. */
    public RowType fileReadType() {
        return fileReadType;
    }

    public int[] tablePositions() {
        return tablePositions;
    }

    public int tableArity() {
        return tableArity;
    }

    int systemColumnCount() {
        return primaryKey ? 2 : 0;
    }
}
