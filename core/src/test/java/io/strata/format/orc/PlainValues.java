package io.strata.format.orc;

import io.strata.data.ArrayData;
import io.strata.data.Decimal;
import io.strata.data.MapData;
import io.strata.data.Row;
import io.strata.data.RowValues;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.format.ColumnarBatch;
import io.strata.format.ColumnarRow;
import io.strata.format.FormatReader;
import io.strata.types.ArrayType;
import io.strata.types.DataType;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Strata rows as plain Java values that compare with equals: strings as String, binary as hex, decimals
 * as BigDecimal, timestamps as their LocalDateTime text, arrays as lists, maps as ordered maps, rows as
 * lists. Rows Paimon reads are converted to Strata rows first ({@code io.strata.oracle.PaimonFormats}), so
 * both sides compare in this form.
 */
final class PlainValues {

    private PlainValues() {}

    static List<Object> of(Row row, RowType type) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < type.fieldCount(); i++) {
            out.add(plain(RowValues.get(row, i, type.typeAt(i)), type.typeAt(i)));
        }
        return out;
    }

    /** Every row, as plain values. */
    static List<List<Object>> of(List<? extends Row> rows, RowType type) {
        List<List<Object>> out = new ArrayList<>(rows.size());
        for (Row row : rows) {
            out.add(of(row, type));
        }
        return out;
    }

    static Object plain(Object v, DataType type) {
        if (v == null) {
            return null;
        }
        if (v instanceof Utf8String s) {
            return s.toString();
        }
        if (v instanceof byte[] b) {
            return HexFormat.of().formatHex(b);
        }
        if (v instanceof Decimal d) {
            return d.toBigDecimal();
        }
        if (v instanceof Timestamp t) {
            return t.toString();
        }
        if (v instanceof ArrayData a && type instanceof ArrayType at) {
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < a.size(); i++) {
                out.add(plain(RowValues.get(a, i, at.element()), at.element()));
            }
            return out;
        }
        if (v instanceof MapData m) {
            DataType kt = type instanceof MapType mt ? mt.key() : ((MultisetType) type).element();
            DataType vt = type instanceof MapType mt ? mt.value() : io.strata.types.DataTypes.INT();
            Map<Object, Object> out = new LinkedHashMap<>();
            for (int i = 0; i < m.size(); i++) {
                out.put(plain(RowValues.get(m.keys(), i, kt), kt), plain(RowValues.get(m.values(), i, vt), vt));
            }
            return out;
        }
        if (v instanceof Row r && type instanceof RowType rt) {
            return of(r, rt);
        }
        return v;
    }

    /** Every row of a reader, as plain values. */
    static List<List<Object>> readAll(FormatReader reader, RowType type) throws IOException {
        List<List<Object>> rows = new ArrayList<>();
        try (reader) {
            ColumnarBatch batch;
            while ((batch = reader.nextBatch()) != null) {
                ColumnarRow row = new ColumnarRow(batch.columns());
                for (int i = 0; i < batch.numRows(); i++) {
                    rows.add(of(row.at(i), type));
                }
            }
        }
        return rows;
    }
}
