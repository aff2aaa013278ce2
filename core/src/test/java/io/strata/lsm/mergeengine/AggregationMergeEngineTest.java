package io.strata.lsm.mergeengine;

import static io.strata.types.DataTypes.ARRAY;
import static io.strata.types.DataTypes.BIGINT;
import static io.strata.types.DataTypes.BOOLEAN;
import static io.strata.types.DataTypes.DECIMAL;
import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.INT;
import static io.strata.types.DataTypes.MAP;
import static io.strata.types.DataTypes.ROW;
import static io.strata.types.DataTypes.STRING;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.ArrayData;
import io.strata.data.Decimal;
import io.strata.data.GenericArray;
import io.strata.data.GenericMap;
import io.strata.data.GenericRow;
import io.strata.data.MapData;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.types.RowType;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The aggregation merge engine read by Strata equals Paimon's read and the model below, for every
 * function, over many commits of overlapping sorted runs with and without full compaction between
 * them: inserts only, with retractions (-U/-D, ignore-retract where a function cannot retract, distinct
 * collect and listagg), and with {@code aggregation.remove-record-on-delete}.
 */
class AggregationMergeEngineTest {

    @TempDir
    Path warehouse;

    enum Variant { INSERTS, RETRACTIONS, REMOVE_ON_DELETE, SEQUENCE_FIELD_AND_DEFAULT }

    static final RowType TYPE = new RowType(List.of(
            FIELD(0, "k", INT().withNullable(false)),
            FIELD(1, "total", BIGINT()),
            FIELD(2, "prod", INT()),
            FIELD(3, "hi", INT()),
            FIELD(4, "lo", STRING()),
            FIELD(5, "lastv", INT()),
            FIELD(6, "lastnn", STRING()),
            FIELD(7, "firstv", INT()),
            FIELD(8, "firstnn", INT()),
            FIELD(9, "tags", STRING()),
            FIELD(10, "alltrue", BOOLEAN()),
            FIELD(11, "anytrue", BOOLEAN()),
            FIELD(12, "items", ARRAY(INT())),
            FIELD(13, "attrs", MAP(STRING().withNullable(false), INT())),
            FIELD(14, "lines", ARRAY(ROW(FIELD(100, "id", INT()), FIELD(101, "v", STRING())))),
            FIELD(15, "amount", DECIMAL(12, 2))));

    /** Function per field (k is the key); lastnn has none: the engine's default. */
    static final String[] FUNCTIONS = {null, "sum", "product", "max", "min", "last_value", null, "first_value",
        "first_non_null_value", "listagg", "bool_and", "bool_or", "collect", "merge_map", "nested_update", "sum"};
    /** Functions that cannot retract: ignore-retract is set on them where retractions are written. */
    static final Set<String> NO_RETRACT = Set.of("max", "min", "first_value", "first_non_null_value", "listagg",
            "bool_and", "bool_or");

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (String format : List.of("orc", "parquet")) {
            for (Variant v : Variant.values()) {
                out.add(Arguments.of(format, v));
            }
        }
        return out.stream();
    }

    static Map<String, String> options(String format, Variant variant) {
        Map<String, String> o = new HashMap<>();
        o.put("merge-engine", "aggregation");
        o.put("bucket", "2");
        o.put("file.format", format);
        // No automatic compaction: the test decides where full compactions happen.
        o.put("num-sorted-run.compaction-trigger", "50");
        o.put("num-sorted-run.stop-trigger", "100");
        for (int i = 1; i < FUNCTIONS.length; i++) {
            String f = TYPE.field(i).name();
            if (FUNCTIONS[i] != null) {
                o.put("fields." + f + ".aggregate-function", FUNCTIONS[i]);
            }
            if (variant == Variant.RETRACTIONS && FUNCTIONS[i] != null && NO_RETRACT.contains(FUNCTIONS[i])) {
                o.put("fields." + f + ".ignore-retract", "true");
            }
        }
        o.put("fields.tags.list-agg-delimiter", "|");
        o.put("fields.lines.nested-key", "id");
        if (variant == Variant.RETRACTIONS) {
            o.put("fields.items.distinct", "true");
            o.put("fields.tags.distinct", "true");
        }
        if (variant == Variant.REMOVE_ON_DELETE) {
            o.put("aggregation.remove-record-on-delete", "true");
        }
        if (variant == Variant.SEQUENCE_FIELD_AND_DEFAULT) {
            // Records merge in lastv order (lastv takes the last value); lastnn takes the default function.
            o.put("sequence.field", "lastv");
            o.remove("fields.lastv.aggregate-function");
            o.put("fields.default-aggregate-function", "last_value");
        }
        return o;
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void strataReadsLikePaimonAndTheModel(String format, Variant variant) throws Exception {
        Map<String, String> options = options(format, variant);
        Random random = new Random(format.hashCode() * 31L + variant.ordinal());
        // items: distinct collect order is Paimon's hash order; lines: nested-key order likewise.
        try (MergeEngineHarness h = new MergeEngineHarness(warehouse, "agg", TYPE, 0, options,
                new Model(options), 12, 14)) {
            for (int c = 0; c < 11; c++) {
                h.write(commit(h, random, variant));
                if (c % 5 == 4) {
                    h.compact();
                }
                if (c % 2 == 1 || c == 10) {
                    List<String> expected = h.expected();
                    assertThat(h.paimonRows()).as("Paimon vs model after commit %s", c).isEqualTo(expected);
                    assertThat(h.strataRows()).as("Strata after commit %s", c).isEqualTo(expected);
                }
            }
            assertThat(h.expected()).hasSizeGreaterThan(20);
        }
    }

    /** One record per key per commit (so Paimon's write buffer merges nothing); retractions only for live keys. */
    private static List<GenericRow> commit(MergeEngineHarness h, Random random, Variant variant) {
        List<Object> live = h.liveKeys();
        List<GenericRow> rows = new ArrayList<>();
        for (int k = 0; k < 40; k++) {
            if (random.nextInt(4) == 0) {
                continue;
            }
            GenericRow row = randomRow(random, k);
            if (live.contains(k)) {
                int r = random.nextInt(10);
                switch (variant) {
                    case INSERTS, SEQUENCE_FIELD_AND_DEFAULT -> row.setKind(RowKind.UPDATE_AFTER);
                    case RETRACTIONS -> row.setKind(r < 5 ? RowKind.UPDATE_AFTER : r < 8 ? RowKind.UPDATE_BEFORE : RowKind.DELETE);
                    case REMOVE_ON_DELETE -> row.setKind(r < 7 ? RowKind.UPDATE_AFTER : RowKind.DELETE);
                }
                if (row.kind() != RowKind.UPDATE_AFTER && variant == Variant.RETRACTIONS) {
                    // Product retracts by division: never by zero.
                    row.set(2, row.get(2) == null || (Integer) row.get(2) == 0 ? null : row.get(2));
                }
            }
            rows.add(row);
        }
        return rows;
    }

    private static <T> T maybe(Random r, T value) {
        return r.nextInt(5) == 0 ? null : value;
    }

    private static GenericRow randomRow(Random r, int key) {
        String[] strings = {"a", "b", "c", "", "d|e", "é"};
        Object[] v = new Object[TYPE.fieldCount()];
        v[0] = key;
        v[1] = maybe(r, (long) r.nextInt(200) - 100);
        v[2] = maybe(r, r.nextInt(5) - 2);
        v[3] = maybe(r, r.nextInt(100) - 50);
        v[4] = maybe(r, Utf8String.fromString(strings[r.nextInt(strings.length)]));
        v[5] = maybe(r, r.nextInt(10));
        v[6] = maybe(r, Utf8String.fromString(strings[r.nextInt(strings.length)]));
        v[7] = maybe(r, r.nextInt(10));
        v[8] = maybe(r, r.nextInt(10));
        v[9] = maybe(r, Utf8String.fromString(strings[r.nextInt(strings.length)] + (r.nextBoolean() ? "|b" : "")));
        v[10] = maybe(r, r.nextInt(4) != 0);
        v[11] = maybe(r, r.nextInt(4) == 0);
        Object[] items = new Object[r.nextInt(4)];
        for (int i = 0; i < items.length; i++) {
            items[i] = r.nextInt(8) == 0 ? null : r.nextInt(5);
        }
        v[12] = maybe(r, new GenericArray(items));
        int entries = r.nextInt(3);
        List<Object> keys = new ArrayList<>(List.of(Utf8String.fromString("x"), Utf8String.fromString("y"),
                Utf8String.fromString("z")));
        java.util.Collections.shuffle(keys, r);
        Object[] mapValues = new Object[entries];
        for (int i = 0; i < entries; i++) {
            mapValues[i] = r.nextInt(6) == 0 ? null : r.nextInt(9);
        }
        v[13] = maybe(r, new GenericMap(new GenericArray(keys.subList(0, entries).toArray()), new GenericArray(mapValues)));
        Object[] lines = new Object[r.nextInt(3)];
        Set<Integer> ids = new LinkedHashSet<>();
        for (int i = 0; i < lines.length; i++) {
            int id = r.nextInt(4);
            lines[i] = ids.add(id) ? GenericRow.of(id, Utf8String.fromString(strings[r.nextInt(strings.length)])) : null;
        }
        v[14] = maybe(r, new GenericArray(lines));
        v[15] = maybe(r, Decimal.fromBigDecimal(BigDecimal.valueOf(r.nextInt(100000) - 50000, 2), 12, 2));
        return new GenericRow(RowKind.INSERT, v);
    }

    /** The engine's semantics, stated independently of the production code. */
    static final class Model implements MergeEngineHarness.Model {

        private final Map<String, String> options;

        Model(Map<String, String> options) {
            this.options = options;
        }

        private boolean opt(String key) {
            return Boolean.parseBoolean(options.getOrDefault(key, "false"));
        }

        @Override
        public GenericRow merge(List<GenericRow> records) {
            if (options.containsKey("sequence.field")) {
                // Oldest first by the sequence field (nulls first), then in writing order.
                records = new ArrayList<>(records);
                records.sort((x, y) -> x.get(5) == null || y.get(5) == null
                        ? Boolean.compare(x.get(5) != null, y.get(5) != null)
                        : Integer.compare((Integer) x.get(5), (Integer) y.get(5)));
            }
            Object[] acc = new Object[TYPE.fieldCount()];
            boolean[] started = new boolean[TYPE.fieldCount()];
            boolean deleted = false;
            boolean removeOnDelete = opt("aggregation.remove-record-on-delete");
            for (GenericRow rec : records) {
                if (removeOnDelete && rec.kind() == RowKind.DELETE) {
                    deleted = true;
                    for (int i = 0; i < acc.length; i++) {
                        acc[i] = rec.get(i);
                    }
                    continue;
                }
                deleted = false;
                boolean retract = !rec.kind().isAdd();
                for (int i = 0; i < acc.length; i++) {
                    String f = TYPE.field(i).name();
                    String fn = i == 0 ? "key" : FUNCTIONS[i] != null ? FUNCTIONS[i]
                            : options.getOrDefault("fields.default-aggregate-function", "last_non_null_value");
                    Object in = rec.get(i);
                    if (retract && opt("fields." + f + ".ignore-retract")) {
                        continue;
                    }
                    acc[i] = retract ? retract(fn, f, acc[i], in) : add(fn, f, acc[i], in, started, i);
                }
            }
            return new GenericRow(deleted ? RowKind.DELETE : RowKind.INSERT, acc);
        }

        private Object add(String fn, String f, Object a, Object in, boolean[] started, int i) {
            switch (fn) {
                case "key", "last_value":
                    return in;
                case "last_non_null_value":
                    return in == null ? a : in;
                case "first_value":
                    if (started[i]) {
                        return a;
                    }
                    started[i] = true;
                    return in;
                case "first_non_null_value":
                    if (started[i] || in == null) {
                        return a;
                    }
                    started[i] = true;
                    return in;
                default:
                    break;
            }
            if (fn.equals("collect") && opt("fields." + f + ".distinct")) {
                if (a == null && in == null) {
                    return null;
                }
                LinkedHashSet<Object> set = new LinkedHashSet<>();
                addAll(set, (ArrayData) a);
                addAll(set, (ArrayData) in);
                return new GenericArray(set.toArray());
            }
            if (a == null || in == null) {
                return a == null ? in : a;
            }
            return switch (fn) {
                case "sum" -> a instanceof Long x ? (Object) (x + (Long) in) : decimal(((Decimal) a).toBigDecimal().add(((Decimal) in).toBigDecimal()));
                case "product" -> (Integer) a * (Integer) in;
                case "max" -> Math.max((Integer) a, (Integer) in);
                case "min" -> ((Utf8String) a).compareTo((Utf8String) in) <= 0 ? a : in;
                case "bool_and" -> (Boolean) a && (Boolean) in;
                case "bool_or" -> (Boolean) a || (Boolean) in;
                case "listagg" -> Utf8String.fromString(listagg(f, a.toString(), in.toString()));
                case "collect" -> {
                    List<Object> all = new ArrayList<>();
                    addAll(all, (ArrayData) a);
                    addAll(all, (ArrayData) in);
                    yield new GenericArray(all.toArray());
                }
                case "merge_map" -> {
                    Map<Object, Object> m = new LinkedHashMap<>();
                    putAll(m, (MapData) a);
                    putAll(m, (MapData) in);
                    yield new GenericMap(new GenericArray(m.keySet().toArray()), new GenericArray(m.values().toArray()));
                }
                case "nested_update" -> {
                    Map<Object, Object> byId = new LinkedHashMap<>();
                    for (ArrayData arr : List.of((ArrayData) a, (ArrayData) in)) {
                        for (int j = 0; j < arr.size(); j++) {
                            if (!arr.isNullAt(j)) {
                                GenericRow line = (GenericRow) ((GenericArray) arr).get(j);
                                byId.put(line.get(0), line);
                            }
                        }
                    }
                    yield new GenericArray(byId.values().toArray());
                }
                default -> throw new IllegalStateException(fn);
            };
        }

        private String listagg(String f, String a, String in) {
            String d = options.getOrDefault("fields." + f + ".list-agg-delimiter", ",");
            if (in.isEmpty()) {
                return a;
            }
            if (a.isEmpty()) {
                return in;
            }
            if (!opt("fields." + f + ".distinct")) {
                return a + d + in;
            }
            Set<String> seen = new java.util.HashSet<>(List.of(a.split(java.util.regex.Pattern.quote(d), -1)));
            StringBuilder sb = new StringBuilder(a);
            for (String token : in.split(java.util.regex.Pattern.quote(d), -1)) {
                if (!token.isEmpty() && seen.add(token)) {
                    sb.append(d).append(token);
                }
            }
            return sb.toString();
        }

        private Object retract(String fn, String f, Object a, Object in) {
            switch (fn) {
                case "key":
                    return in;
                case "last_value":
                    return null;
                case "last_non_null_value":
                    return in != null ? null : a;
                case "sum":
                    if (a == null || in == null) {
                        return a != null ? a : in == null ? null
                                : in instanceof Long x ? (Object) (-x) : decimal(((Decimal) in).toBigDecimal().negate());
                    }
                    return a instanceof Long x ? (Object) (x - (Long) in) : decimal(((Decimal) a).toBigDecimal().subtract(((Decimal) in).toBigDecimal()));
                case "product":
                    return a == null || in == null ? a : (Object) ((Integer) a / (Integer) in);
                case "collect": {
                    if (a == null || in == null) {
                        return a;
                    }
                    List<Object> remove = new ArrayList<>();
                    addAll(remove, (ArrayData) in);
                    List<Object> keep = new ArrayList<>();
                    ArrayData arr = (ArrayData) a;
                    for (int j = 0; j < arr.size(); j++) {
                        Object e = ((GenericArray) arr).get(j);
                        if (!remove.remove(e)) {
                            keep.add(e);
                        }
                    }
                    return new GenericArray(keep.toArray());
                }
                case "merge_map": {
                    if (a == null || in == null) {
                        return a;
                    }
                    Map<Object, Object> m = new LinkedHashMap<>();
                    putAll(m, (MapData) a);
                    MapData r = (MapData) in;
                    for (int j = 0; j < r.size(); j++) {
                        m.remove(((GenericArray) r.keys()).get(j));
                    }
                    return new GenericMap(new GenericArray(m.keySet().toArray()), new GenericArray(m.values().toArray()));
                }
                case "nested_update": {
                    if (a == null || in == null) {
                        return a;
                    }
                    Map<Object, Object> byId = new LinkedHashMap<>();
                    ArrayData arr = (ArrayData) a;
                    for (int j = 0; j < arr.size(); j++) {
                        GenericRow line = (GenericRow) ((GenericArray) arr).get(j);
                        if (line != null) {
                            byId.put(line.get(0), line);
                        }
                    }
                    ArrayData r = (ArrayData) in;
                    for (int j = 0; j < r.size(); j++) {
                        if (!r.isNullAt(j)) {
                            byId.remove(((GenericRow) ((GenericArray) r).get(j)).get(0));
                        }
                    }
                    return new GenericArray(byId.values().toArray());
                }
                default:
                    throw new IllegalStateException(fn + " cannot retract");
            }
        }

        private static Decimal decimal(BigDecimal v) {
            return Decimal.fromBigDecimal(v, 12, 2);
        }

        private static void addAll(java.util.Collection<Object> out, ArrayData a) {
            if (a != null) {
                for (int j = 0; j < a.size(); j++) {
                    out.add(((GenericArray) a).get(j));
                }
            }
        }

        private static void putAll(Map<Object, Object> out, MapData m) {
            for (int j = 0; j < m.size(); j++) {
                out.put(((GenericArray) m.keys()).get(j), ((GenericArray) m.values()).get(j));
            }
        }
    }
}
