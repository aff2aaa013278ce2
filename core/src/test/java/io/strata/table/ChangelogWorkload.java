package io.strata.table;

import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

/**
 * A seeded random workload of a primary-key table {@code (k INT, v STRING, n BIGINT, ts INT)} for one
 * merge engine, and the reference model of what the table holds after it: upserts with nulls, deletes
 * (partial-update and aggregation with {@code *.remove-record-on-delete}: a delete removes the whole
 * row, and a write in a later commit starts it anew; first-row has none), and, for deduplicate with {@code
 * sequence.field = ts}, sequence values out of order (an older value loses whatever order it arrives in). A key deleted is written again only with
 * larger sequence values than its delete, so the outcome never depends on when compaction drops the
 * delete.
 */
final class ChangelogWorkload {

    static final RowType TYPE = new RowType(List.of(
            new DataField(0, "k", DataTypes.INT().withNullable(false)),
            new DataField(1, "v", DataTypes.STRING()),
            new DataField(2, "n", DataTypes.BIGINT()),
            new DataField(3, "ts", DataTypes.INT())));

    /** Table options of each engine the workload knows. */
    static Map<String, String> engineOptions(String engine) {
        return switch (engine) {
            case "deduplicate" -> Map.of("sequence.field", "ts");
            case "partial-update" -> Map.of("merge-engine", "partial-update",
                    "partial-update.remove-record-on-delete", "true");
            case "aggregation" -> Map.of("merge-engine", "aggregation", "fields.n.aggregate-function", "sum",
                    "aggregation.remove-record-on-delete", "true");
            case "first-row" -> Map.of("merge-engine", "first-row");
            default -> throw new IllegalArgumentException(engine);
        };
    }

    private final String engine;
    private final Random random;
    private final int keys;
    private final TreeMap<Integer, GenericRow> model = new TreeMap<>();
    private final Map<Integer, Integer> deleteFloor = new HashMap<>();
    private final Map<Integer, Integer> modelTs = new HashMap<>();
    private int commit;

    ChangelogWorkload(String engine, long seed, int keys) {
        this.engine = engine;
        this.random = new Random(seed);
        this.keys = keys;
    }

    private static GenericRow row(RowKind kind, int k, String v, Long n, Integer ts) {
        return GenericRow.ofKind(kind, k, v == null ? null : Utf8String.fromString(v), n, ts);
    }

    /** The rows of the next commit, applied to the model. */
    List<GenericRow> nextCommit(int rows) {
        commit++;
        List<GenericRow> out = new ArrayList<>();
        // As in Paimon, a write buffer that holds a -D and then a +I of a key (partial-update, aggregation)
        // keeps the row restarted from the delete as a +I, which a read merges with the key's older files,
        // so the older values survive: a key deleted is written again only in a later commit.
        Set<Integer> deletedNow = new HashSet<>();
        for (int i = 0; i < rows; i++) {
            int k = random.nextInt(keys);
            if (deletedNow.contains(k)) {
                continue;
            }
            GenericRow current = model.get(k);
            String v = random.nextInt(6) == 0 ? null : "c" + commit + "-" + i;
            Long n = random.nextInt(6) == 0 ? null : (long) random.nextInt(1000);
            switch (engine) {
                case "deduplicate" -> {
                    int floor = deleteFloor.getOrDefault(k, 0);
                    if (current != null && random.nextInt(6) == 0) {
                        int ts = Math.max(floor, modelTs.getOrDefault(k, 0)) + 100;
                        out.add(row(RowKind.DELETE, k, null, null, ts));
                        model.remove(k);
                        deleteFloor.put(k, ts);
                        modelTs.remove(k);
                    } else {
                        int ts = floor + 1 + random.nextInt(60);
                        out.add(row(current == null ? RowKind.INSERT : RowKind.UPDATE_AFTER, k, v, n, ts));
                        if (current == null || ts >= modelTs.get(k)) {
                            model.put(k, row(RowKind.INSERT, k, v, n, ts));
                            modelTs.put(k, ts);
                        }
                    }
                }
                case "partial-update", "aggregation" -> {
                    if (current != null && random.nextInt(8) == 0) {
                        out.add(row(RowKind.DELETE, k, null, null, null));
                        model.remove(k);
                        deletedNow.add(k);
                        continue;
                    }
                    Integer ts = random.nextInt(6) == 0 ? null : random.nextInt(100);
                    out.add(row(RowKind.INSERT, k, v, n, ts));
                    if (current == null) {
                        model.put(k, row(RowKind.INSERT, k, v, n, ts));
                    } else {
                        model.put(k, row(RowKind.INSERT, k, v != null ? v : str(current, 1),
                                merged(n, (Long) current.get(2)), ts != null ? ts : (Integer) current.get(3)));
                    }
                }
                case "first-row" -> {
                    Integer ts = random.nextInt(100);
                    out.add(row(RowKind.INSERT, k, v, n, ts));
                    model.putIfAbsent(k, row(RowKind.INSERT, k, v, n, ts));
                }
                default -> throw new IllegalArgumentException(engine);
            }
        }
        return out;
    }

    /** The new {@code n} of a key: partial-update keeps the old one under a null, aggregation sums. */
    private Long merged(Long n, Long old) {
        if (n == null || old == null) {
            return n != null ? n : old;
        }
        return engine.equals("aggregation") ? Long.valueOf(old + n) : n;
    }

    private static String str(GenericRow r, int pos) {
        Object o = r.get(pos);
        return o == null ? null : o.toString();
    }

    /** The model's rows, formatted and sorted as TestRows formats reads. */
    List<String> expectedRows() {
        return TestRows.formatAll(new ArrayList<>(model.values()), TYPE);
    }

    /** The model as the changelog replay formats it: key text to row text. */
    Map<String, String> expectedState() {
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<Integer, GenericRow> e : model.entrySet()) {
            out.put(String.valueOf(e.getKey()), TestRows.format(e.getValue(), TYPE));
        }
        return new TreeMap<>(out);
    }
}
