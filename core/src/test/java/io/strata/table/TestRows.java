package io.strata.table;

import io.strata.data.ArrayData;
import io.strata.data.CloseableIterator;
import io.strata.data.MapData;
import io.strata.data.Row;
import io.strata.data.RowValues;
import io.strata.types.ArrayType;
import io.strata.types.DataType;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Canonical text of rows for order-insensitive comparisons in tests. */
final class TestRows {

    private TestRows() {}

    static String format(Row row, RowType type) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < type.fieldCount(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(value(RowValues.get(row, i, type.typeAt(i)), type.typeAt(i)));
        }
        return sb.append(']').toString();
    }

    static String value(Object v, DataType type) {
        if (v == null) {
            return "null";
        }
        if (v instanceof byte[] b) {
            return Arrays.toString(b);
        }
        if (type instanceof RowType rt) {
            return format((Row) v, rt);
        }
        if (type instanceof ArrayType at) {
            ArrayData a = (ArrayData) v;
            List<String> out = new ArrayList<>();
            for (int i = 0; i < a.size(); i++) {
                out.add(value(RowValues.get(a, i, at.element()), at.element()));
            }
            return out.toString();
        }
        if (type instanceof MapType mt) {
            MapData m = (MapData) v;
            List<String> out = new ArrayList<>();
            for (int i = 0; i < m.size(); i++) {
                out.add(value(RowValues.get(m.keys(), i, mt.key()), mt.key()) + "="
                        + value(RowValues.get(m.values(), i, mt.value()), mt.value()));
            }
            out.sort(null);
            return out.toString();
        }
        if (type instanceof MultisetType) {
            return "multiset";
        }
        return v.toString();
    }

    /** Every row of the plan, formatted and sorted. */
    static List<String> readAll(Table table, Plan plan) throws IOException {
        List<String> out = new ArrayList<>();
        TableRead read = table.newRead(plan);
        for (Split split : plan.splits()) {
            try (CloseableIterator<Row> rows = read.open(split)) {
                while (rows.hasNext()) {
                    out.add(format(rows.next(), plan.readType()));
                }
            }
        }
        out.sort(null);
        return out;
    }

    static List<String> readAll(Table table) throws IOException {
        return readAll(table, table.newScan().plan());
    }

    /** Formats and sorts rows of the given type. */
    static List<String> formatAll(List<? extends Row> rows, RowType type) {
        List<String> out = new ArrayList<>();
        for (Row r : rows) {
            out.add(format(r, type));
        }
        out.sort(null);
        return out;
    }
}
