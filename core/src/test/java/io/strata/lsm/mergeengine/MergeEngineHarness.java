package io.strata.lsm.mergeengine;

import io.strata.catalog.Tables;
import io.strata.data.ArrayData;
import io.strata.data.CloseableIterator;
import io.strata.data.GenericArray;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.RowValues;
import io.strata.fs.FileIO;
import io.strata.oracle.PaimonOracle;
import io.strata.oracle.Rows;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.Table;
import io.strata.table.TableRead;
import io.strata.types.ArrayType;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Drives one merge-engine table through Paimon (the writer and oracle), Strata (the reader under test)
 * and a reference model: every record written is also kept per key, compaction collapses a key's
 * records like Paimon's full compaction, and the model's read reduces them with the test's own
 * semantics. A key with one record reads as that record (Paimon's reducer), a retraction as no row.
 */
final class MergeEngineHarness implements AutoCloseable {

    /** The test's own statement of an engine's semantics: the merged record of several records, oldest first. */
    interface Model {
        GenericRow merge(List<GenericRow> records);
    }

    private final PaimonOracle paimon;
    private final RowType type;
    private final String table;
    private final int keyPosition;
    private final Model model;
    private final Map<Object, List<GenericRow>> history = new LinkedHashMap<>();
    /** Positions of ARRAY fields whose element order is unspecified (compared as sorted). */
    private final int[] unorderedArrays;

    MergeEngineHarness(Path warehouse, String table, RowType type, int keyPosition, Map<String, String> options,
            Model model, int... unorderedArrays) {
        this.paimon = new PaimonOracle(warehouse);
        this.type = type;
        this.table = table;
        this.keyPosition = keyPosition;
        this.model = model;
        this.unorderedArrays = unorderedArrays;
        paimon.createTable("db", table, type, List.of(), List.of(type.field(keyPosition).name()), options);
    }

    /** One Paimon commit; the model records each row under its key. */
    void write(List<GenericRow> commit) {
        paimon.write("db", table, commit);
        for (GenericRow r : commit) {
            history.computeIfAbsent(r.get(keyPosition), k -> new ArrayList<>()).add(r);
        }
    }

    /** Paimon's full compaction; the model collapses each key to its merged row (or nothing). */
    void compact() {
        paimon.compact("db", table);
        history.replaceAll((k, records) -> {
            GenericRow merged = reduce(records);
            return merged == null ? new ArrayList<>() : new ArrayList<>(List.of(merged));
        });
    }

    private GenericRow reduce(List<GenericRow> records) {
        if (records.isEmpty()) {
            return null;
        }
        GenericRow merged = records.size() == 1 ? records.get(0) : model.merge(records);
        if (merged == null || !merged.kind().isAdd()) {
            return null;
        }
        GenericRow insert = GenericRow.copyOf(merged, type);
        insert.setKind(io.strata.data.RowKind.INSERT);
        return insert;
    }

    List<String> expected() {
        List<GenericRow> out = new ArrayList<>();
        for (List<GenericRow> records : history.values()) {
            GenericRow merged = reduce(records);
            if (merged != null) {
                out.add(merged);
            }
        }
        return canonical(out);
    }

    List<String> paimonRows() {
        return canonical(paimon.readAll("db", table));
    }

    List<String> strataRows() throws Exception {
        Table t = Tables.load(FileIO.local(),
                new org.apache.hadoop.fs.Path(paimon.tablePath("db", table).toUri()));
        Plan plan = t.newScan().plan();
        TableRead read = t.newRead(plan);
        List<GenericRow> rows = new ArrayList<>();
        for (Split split : plan.splits()) {
            try (CloseableIterator<Row> it = read.open(split)) {
                while (it.hasNext()) {
                    rows.add(GenericRow.copyOf(it.next(), plan.readType()));
                }
            }
        }
        return canonical(rows);
    }

    Table strataTable() {
        return Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(paimon.tablePath("db", table).toUri()));
    }

    private List<String> canonical(List<GenericRow> rows) {
        List<GenericRow> normalized = new ArrayList<>();
        for (GenericRow r : rows) {
            GenericRow copy = GenericRow.copyOf(r, type);
            for (int p : unorderedArrays) {
                copy.set(p, sortedArray((ArrayData) copy.get(p), (ArrayType) type.typeAt(p)));
            }
            normalized.add(copy);
        }
        return Rows.sorted(normalized, type);
    }

    private static GenericArray sortedArray(ArrayData array, ArrayType type) {
        if (array == null) {
            return null;
        }
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            values.add(RowValues.get(array, i, type.element()));
        }
        Function<Object, String> text = v -> Rows.value(v, type.element());
        values.sort(Comparator.comparing(text));
        return new GenericArray(values.toArray());
    }

    /** Keys the model holds a row for right now. */
    List<Object> liveKeys() {
        List<Object> out = new ArrayList<>();
        history.forEach((k, records) -> {
            if (reduce(records) != null) {
                out.add(k);
            }
        });
        return out;
    }

    /** The model's current merged row of a key, or null. */
    GenericRow current(Object key) {
        List<GenericRow> records = history.get(key);
        return records == null ? null : reduce(records);
    }

    @Override
    public void close() {
        paimon.close();
    }
}
