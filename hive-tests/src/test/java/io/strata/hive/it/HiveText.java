package io.strata.hive.it;

import io.strata.data.ArrayData;
import io.strata.data.CloseableIterator;
import io.strata.data.Row;
import io.strata.data.Timestamp;
import io.strata.table.Table;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.TableRead;
import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.RowType;
import java.io.IOException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/** Renders rows read by Strata's core the way Hive prints query results: tab-separated, NULL for null. */
final class HiveText {

    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private HiveText() {}

    /** Every row of the table's latest snapshot, read by core, as Hive prints them. */
    static List<String> lines(Table table) throws IOException {
        Plan plan = table.newScan().plan();
        TableRead read = table.newRead(plan);
        List<String> lines = new ArrayList<>();
        for (Split split : plan.splits()) {
            try (CloseableIterator<Row> rows = read.open(split)) {
                while (rows.hasNext()) {
                    lines.add(line(rows.next(), plan.readType()));
                }
            }
        }
        return lines;
    }

    static String line(Row row, RowType type) {
        List<String> cells = new ArrayList<>();
        for (int i = 0; i < type.fieldCount(); i++) {
            if (type.typeAt(i) instanceof ArrayType array) {
                cells.add(row.isNullAt(i) ? "NULL" : stringArray(row.getArray(i), array));
            } else {
                cells.add(cell(row, i, (AtomicType) type.typeAt(i)));
            }
        }
        return String.join("\t", cells);
    }

    static String cell(Row row, int pos, AtomicType type) {
        if (row.isNullAt(pos)) {
            return "NULL";
        }
        return switch (type.root()) {
            case BOOLEAN -> Boolean.toString(row.getBoolean(pos));
            case TINYINT -> Byte.toString(row.getByte(pos));
            case SMALLINT -> Short.toString(row.getShort(pos));
            case INT -> Integer.toString(row.getInt(pos));
            case BIGINT -> Long.toString(row.getLong(pos));
            case FLOAT -> Float.toString(row.getFloat(pos));
            case DOUBLE -> Double.toString(row.getDouble(pos));
            case DECIMAL -> row.getDecimal(pos, type.precision(), type.scale()).toBigDecimal().toPlainString();
            case CHAR, VARCHAR -> row.getString(pos).toString();
            case BINARY, VARBINARY -> new String(row.getBinary(pos), java.nio.charset.StandardCharsets.UTF_8);
            case DATE -> LocalDate.ofEpochDay(row.getInt(pos)).toString();
            case TIMESTAMP -> timestamp(row.getTimestamp(pos, type.precision()));
            default -> throw new IllegalArgumentException("No Hive text for " + type);
        };
    }

    /** An array of strings (the only array the metadata tables have) as Hive prints it: {@code ["a","b"]}. */
    private static String stringArray(ArrayData array, ArrayType type) {
        if (type.element().root() != io.strata.types.TypeRoot.VARCHAR) {
            throw new IllegalArgumentException("No Hive text for " + type);
        }
        List<String> elements = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            elements.add(array.isNullAt(i) ? "null" : "\"" + array.getString(i) + "\"");
        }
        return "[" + String.join(",", elements) + "]";
    }

    /** Hive prints seconds, then the fraction without trailing zeros (none when zero). */
    private static String timestamp(Timestamp ts) {
        LocalDateTime t = ts.toLocalDateTime();
        String text = t.format(SECONDS);
        if (t.getNano() == 0) {
            return text;
        }
        String fraction = String.format("%09d", t.getNano()).replaceAll("0+$", "");
        return text + "." + fraction;
    }
}
