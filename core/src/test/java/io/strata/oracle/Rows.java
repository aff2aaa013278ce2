package io.strata.oracle;

import io.strata.data.ArrayData;
import io.strata.data.Decimal;
import io.strata.data.GenericRow;
import io.strata.data.MapData;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.data.RowValues;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Canonical text of Strata rows, for comparing row sets regardless of order or of the row class
 * (GenericRow, BinaryRow, columnar views): equal values give equal text, distinct values distinct
 * text. Example: {@code +I[1, a, 2.50, 2024-01-01T00:00:00.123456]}.
 *
 * <p>Forms: null {@code null}; numbers Java's text ({@code -0.0}, {@code NaN}); DECIMAL plain with its
 * scale; strings as they are; binary {@code 0x} + lowercase hex; DATE ISO ({@code 2024-01-01}); TIME
 * ISO with the type's fraction digits; TIMESTAMP ISO local date-time with the type's fraction digits
 * (more if the value has more); TIMESTAMP WITH LOCAL TIME ZONE the same with a {@code Z}; ARRAY
 * {@code [a, b]}; MAP and MULTISET {@code {k=v, ...}} with entries sorted by key text (maps have no
 * order); ROW {@code (a, b)}.
 *
 * <p>Random rows of any type come from {@link RandomRows}; this class also forwards to it for short
 * test code ({@link #random(RowType, int, long)}).
 */
public final class Rows {

    private Rows() {}

    /** The row's kind and values, e.g. {@code +I[1, a]}. */
    public static String canonical(Row row, RowType type) {
        return row.kind().shortString() + "[" + values(row, type) + "]";
    }

    /** The row's values without its kind, e.g. {@code 1, a}. */
    public static String values(Row row, RowType type) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < type.fieldCount(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            DataType fieldType = type.typeAt(i);
            sb.append(value(RowValues.get(row, i, fieldType), fieldType));
        }
        return sb.toString();
    }

    /** The canonical text of every row, sorted: equal lists mean equal row multisets. */
    public static List<String> sorted(Collection<? extends Row> rows, RowType type) {
        List<String> out = new ArrayList<>(rows.size());
        for (Row row : rows) {
            out.add(canonical(row, type));
        }
        out.sort(null);
        return out;
    }

    /**
     * What differs between two row multisets, as text listing the rows missing from {@code actual}
     * and the rows it has in excess (at most 5 of each); empty when they are equal. For assertions:
     * {@code assertThat(Rows.difference(actual, expected, type)).isEmpty()}.
     */
    public static String difference(Collection<? extends Row> actual, Collection<? extends Row> expected, RowType type) {
        Map<String, Integer> counts = new java.util.TreeMap<>();
        for (String row : sorted(expected, type)) {
            counts.merge(row, 1, Integer::sum);
        }
        for (String row : sorted(actual, type)) {
            counts.merge(row, -1, Integer::sum);
        }
        List<String> missing = new ArrayList<>();
        List<String> unexpected = new ArrayList<>();
        counts.forEach((row, n) -> {
            for (int i = 0; i < Math.abs(n); i++) {
                (n > 0 ? missing : unexpected).add(row);
            }
        });
        if (missing.isEmpty() && unexpected.isEmpty()) {
            return "";
        }
        return "expected " + expected.size() + " rows, got " + actual.size() + "; "
                + missing.size() + " missing, e.g. " + missing.subList(0, Math.min(5, missing.size())) + "; "
                + unexpected.size() + " unexpected, e.g. " + unexpected.subList(0, Math.min(5, unexpected.size()));
    }

    /** The canonical text of one value of the given type (a Strata value class, or null). */
    public static String value(Object value, DataType type) {
        if (value == null) {
            return "null";
        }
        if (type instanceof ArrayType a) {
            return array((ArrayData) value, a.element());
        } else if (type instanceof MapType m) {
            return map((MapData) value, m.key(), m.value());
        } else if (type instanceof MultisetType m) {
            return map((MapData) value, m.element(), io.strata.types.DataTypes.INT());
        } else if (type instanceof RowType r) {
            return "(" + values((Row) value, r) + ")";
        }
        return atomic(value, (AtomicType) type);
    }

    private static String atomic(Object value, AtomicType type) {
        return switch (type.root()) {
            case BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE -> value.toString();
            case DECIMAL -> ((Decimal) value).toBigDecimal().setScale(type.scale()).toPlainString();
            case CHAR, VARCHAR -> ((Utf8String) value).toString();
            case BINARY, VARBINARY -> "0x" + HexFormat.of().formatHex((byte[]) value);
            case DATE -> LocalDate.ofEpochDay((Integer) value).toString();
            case TIME -> time((Integer) value, type.precision());
            case TIMESTAMP -> timestamp((Timestamp) value, type.precision());
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> timestamp((Timestamp) value, type.precision()) + "Z";
            case ARRAY, MAP, MULTISET, ROW -> throw new IllegalStateException("not atomic: " + type);
        };
    }

    private static String time(int millisOfDay, int precision) {
        LocalTime t = LocalTime.ofNanoOfDay(Math.floorMod(millisOfDay, 86_400_000) * 1_000_000L);
        return withFraction(hhmmss(t), t.getNano(), precision);
    }

    private static String timestamp(Timestamp ts, int precision) {
        LocalDateTime dt = ts.toLocalDateTime();
        return withFraction(dt.toLocalDate() + "T" + hhmmss(dt.toLocalTime()), dt.getNano(), precision);
    }

    private static String hhmmss(LocalTime t) {
        return String.format("%02d:%02d:%02d", t.getHour(), t.getMinute(), t.getSecond());
    }

    /** Appends the nanos as a fraction of {@code precision} digits, or more if the value needs them. */
    private static String withFraction(String seconds, int nanos, int precision) {
        String digits = String.format("%09d", nanos);
        int needed = 9;
        while (needed > 0 && digits.charAt(needed - 1) == '0') {
            needed--;
        }
        int shown = Math.max(needed, precision);
        return shown == 0 ? seconds : seconds + "." + digits.substring(0, shown);
    }

    private static String array(ArrayData array, DataType element) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < array.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(value(RowValues.get(array, i, element), element));
        }
        return sb.append(']').toString();
    }

    private static String map(MapData map, DataType key, DataType value) {
        List<String> entries = new ArrayList<>(map.size());
        for (int i = 0; i < map.size(); i++) {
            entries.add(value(RowValues.get(map.keys(), i, key), key) + "="
                    + value(RowValues.get(map.values(), i, value), value));
        }
        entries.sort(null);
        return "{" + String.join(", ", entries) + "}";
    }

    /**
     * What a merged primary-key read returns after the given changes, in arrival order, under the
     * default {@code deduplicate} merge engine: the last row per key, as +I, without keys whose last
     * row is -U or -D. Returned in order of the keys' arrival.
     */
    public static List<GenericRow> deduplicate(List<? extends Row> changes, RowType type, List<String> primaryKeys) {
        int[] keyPositions = new int[primaryKeys.size()];
        for (int i = 0; i < keyPositions.length; i++) {
            keyPositions[i] = type.requireIndexOf(primaryKeys.get(i));
        }
        RowType keyType = type.project(keyPositions);
        Function<Row, String> keyOf = row -> {
            Object[] key = new Object[keyPositions.length];
            for (int i = 0; i < key.length; i++) {
                key[i] = RowValues.get(row, keyPositions[i], type.typeAt(keyPositions[i]));
            }
            return values(GenericRow.of(key), keyType);
        };
        Map<String, GenericRow> byKey = new java.util.LinkedHashMap<>();
        for (Row change : changes) {
            String key = keyOf.apply(change);
            if (change.kind().isAdd()) {
                GenericRow copy = GenericRow.copyOf(change, type);
                copy.setKind(RowKind.INSERT);
                byKey.remove(key);
                byKey.put(key, copy);
            } else {
                byKey.remove(key);
            }
        }
        return new ArrayList<>(byKey.values());
    }

    /** {@code count} random insert rows of the type from a generator seeded with {@code seed}. */
    public static List<GenericRow> random(RowType type, int count, long seed) {
        return new RandomRows(seed).rows(type, count);
    }
}
