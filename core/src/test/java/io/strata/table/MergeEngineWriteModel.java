package io.strata.table;

import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The test's own statement of what a primary-key table holds after batch commits, as Paimon's writer and
 * reader define it: each commit reduces the records of a key to one level-0 record (records ordered by
 * the sequence field ascending, then arrival: Paimon's write buffer ignores the sort order), and a read
 * reduces a key's level-0 records (ordered by the sequence field in its sort order, then arrival). A key
 * with one record is that record (no merge); a merge yields a record or none; a retraction is no row.
 */
final class MergeEngineWriteModel {

    /** A record: its row (kind included) and its place in arrival order. */
    record Rec(GenericRow row, long seq) {}

    /** The engine's reduction of two or more records of a key, oldest first; null when there is no record. */
    interface Merge {
        Rec merge(List<Rec> records);
    }

    private final RowType type;
    private final int keyPosition;
    private final Merge merge;
    private final Predicate<RowKind> kept;
    private final Comparator<Rec> writeOrder;
    private final Comparator<Rec> readOrder;
    private final Map<Object, List<Rec>> levelZero = new LinkedHashMap<>();
    private long nextSeq;

    /**
     * @param sequenceField position of {@code sequence.field} (never null in the input), or -1
     * @param descending {@code sequence.field.sort-order = descending}
     * @param kept which input kinds the writer keeps (ignore-delete drops retractions)
     */
    MergeEngineWriteModel(RowType type, int keyPosition, int sequenceField, boolean descending,
            Predicate<RowKind> kept, Merge merge) {
        this.type = type;
        this.keyPosition = keyPosition;
        this.merge = merge;
        this.kept = kept;
        Comparator<Rec> bySeq = Comparator.comparingLong(Rec::seq);
        if (sequenceField < 0) {
            this.writeOrder = bySeq;
            this.readOrder = bySeq;
        } else {
            Comparator<Rec> field = Comparator.comparing(r -> (Integer) r.row().get(sequenceField));
            this.writeOrder = field.thenComparing(bySeq);
            this.readOrder = (descending ? field.reversed() : field).thenComparing(bySeq);
        }
    }

    /** One batch commit of these rows, in this order. */
    void commit(List<GenericRow> rows) {
        Map<Object, List<Rec>> byKey = new LinkedHashMap<>();
        for (GenericRow row : rows) {
            long seq = nextSeq++;
            if (kept.test(row.kind())) {
                byKey.computeIfAbsent(row.get(keyPosition), k -> new ArrayList<>()).add(new Rec(row, seq));
            }
        }
        byKey.forEach((key, records) -> {
            Rec reduced = reduce(records, writeOrder);
            if (reduced != null) {
                levelZero.computeIfAbsent(key, k -> new ArrayList<>()).add(reduced);
            }
        });
    }

    private Rec reduce(List<Rec> records, Comparator<Rec> order) {
        List<Rec> sorted = new ArrayList<>(records);
        sorted.sort(order);
        return sorted.size() == 1 ? sorted.get(0) : merge.merge(sorted);
    }

    /** The rows a read returns, as +I rows. */
    List<GenericRow> read() {
        List<GenericRow> out = new ArrayList<>();
        for (List<Rec> records : levelZero.values()) {
            Rec merged = reduce(records, readOrder);
            if (merged != null && merged.row().kind().isAdd()) {
                GenericRow row = GenericRow.copyOf(merged.row(), type);
                row.setKind(RowKind.INSERT);
                out.add(row);
            }
        }
        return out;
    }

    /** A copy of {@code row}'s fields with the given kind, for merge results. */
    static GenericRow withKind(Object[] fields, RowKind kind) {
        GenericRow row = GenericRow.of(fields.clone());
        row.setKind(kind);
        return row;
    }

    static Object[] fields(GenericRow row) {
        Object[] out = new Object[row.arity()];
        for (int i = 0; i < out.length; i++) {
            out[i] = row.get(i);
        }
        return out;
    }
}
