package io.strata.lsm.mergeengine.aggregate;

import io.strata.data.ArrayData;
import io.strata.data.GenericArray;
import io.strata.data.Row;
import io.strata.data.RowValues;
import io.strata.types.ArrayType;
import io.strata.types.DataType;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code nested_update} of an ARRAY&lt;ROW&gt; field: appends the non-null rows of the input (up to
 * {@code fields.<f>.count-limit} rows in total); with {@code fields.<f>.nested-key} a newer row replaces
 * the row of the same nested key. Retraction removes equal rows (or rows of the same nested key).
 *
 * <p>Row order with a nested key: first appearance of each key. Paimon orders them by its own hash map
 * instead, so only the set of rows is the same.
 */
final class NestedUpdateAggregator extends FieldAggregator {

    private final RowType rowType;
    private final int[] keyPositions;
    private final int countLimit;

    NestedUpdateAggregator(String field, DataType type, List<String> nestedKey, int countLimit) {
        super("nested_update", field, type);
        this.rowType = (RowType) ((ArrayType) type).element();
        this.keyPositions = nestedKey.stream().mapToInt(name -> {
            int p = rowType.indexOf(name);
            if (p < 0) {
                throw new IllegalArgumentException("Table option 'fields." + field + ".nested-key' names '" + name
                        + "', which is not a field of " + rowType.asSqlString());
            }
            return p;
        }).toArray();
        this.countLimit = countLimit;
    }

    @Override
    public Object agg(Object accumulator, Object input) {
        if (accumulator == null || input == null) {
            return accumulator == null ? input : accumulator;
        }
        ArrayData acc = (ArrayData) accumulator;
        if (acc.size() >= countLimit) {
            return accumulator;
        }
        List<Row> rows = new ArrayList<>();
        addRows(rows, acc, Integer.MAX_VALUE);
        addRows(rows, (ArrayData) input, countLimit - acc.size());
        if (keyPositions.length > 0) {
            Map<Object, Row> byKey = new LinkedHashMap<>();
            for (Row row : rows) {
                byKey.put(nestedKey(row), row);
            }
            rows = new ArrayList<>(byKey.values());
        }
        return new GenericArray(rows.toArray());
    }

    private void addRows(List<Row> rows, ArrayData array, int limit) {
        int added = 0;
        for (int i = 0; i < array.size() && added < limit; i++) {
            if (!array.isNullAt(i)) {
                rows.add(array.getRow(i, rowType.fieldCount()));
                added++;
            }
        }
    }

    @Override
    public boolean canRetract() {
        return true;
    }

    @Override
    public Object retract(Object accumulator, Object retracted) {
        if (accumulator == null || retracted == null) {
            return accumulator;
        }
        ArrayData acc = (ArrayData) accumulator;
        ArrayData retract = (ArrayData) retracted;
        List<Row> rows = new ArrayList<>();
        addRows(rows, acc, Integer.MAX_VALUE);
        if (keyPositions.length == 0) {
            for (int i = 0; i < retract.size(); i++) {
                if (!retract.isNullAt(i)) {
                    Object removed = Values.key(retract.getRow(i, rowType.fieldCount()), rowType, false);
                    rows.removeIf(row -> Objects.equals(Values.key(row, rowType, false), removed));
                }
            }
            return new GenericArray(rows.toArray());
        }
        Map<Object, Row> byKey = new LinkedHashMap<>();
        for (Row row : rows) {
            byKey.put(nestedKey(row), row);
        }
        for (int i = 0; i < retract.size(); i++) {
            if (!retract.isNullAt(i)) {
                byKey.remove(nestedKey(retract.getRow(i, rowType.fieldCount())));
            }
        }
        return new GenericArray(new ArrayList<>(byKey.values()).toArray());
    }

    private Object nestedKey(Row row) {
        List<Object> key = new ArrayList<>(keyPositions.length);
        for (int p : keyPositions) {
            DataType t = rowType.typeAt(p);
            key.add(Values.key(RowValues.get(row, p, t), t, false));
        }
        return key;
    }
}
