package io.strata.table;

import static io.strata.table.MergeEngineWriteModel.fields;
import static io.strata.table.MergeEngineWriteModel.withKind;

import io.strata.data.ArrayData;
import io.strata.data.GenericArray;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.table.MergeEngineWriteModel.Rec;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The test's own statement of the partial-update and aggregation engines over the tables of
 * {@link MergeEngineWriteTest} (Paimon 1.4.2's semantics, written independently of Strata's merge
 * functions): each takes two or more records of a key, oldest first, and returns the merged record.
 */
final class ReferenceMerges {

    static final int G1 = 1;
    static final int G2 = 4;
    static final int TOTAL = 6;
    static final int FREE = 7;

    private ReferenceMerges() {}

    static Rec partialUpdateRemoveOnDelete(List<Rec> records) {
        Object[] acc = new Object[records.get(0).row().arity()];
        boolean deleted = false;
        boolean meetInsert = false;
        for (Rec rec : records) {
            Object[] v = fields(rec.row());
            RowKind kind = rec.row().kind();
            deleted = false;
            if (kind == RowKind.DELETE) {
                deleted = true;
                acc = v.clone();
            } else if (kind.isAdd()) {
                for (int i = 0; i < v.length; i++) {
                    if (v[i] != null) {
                        acc[i] = v[i];
                    }
                }
                meetInsert = true;
            } else if (!meetInsert && Objects.isNull(acc[0])) {
                // A -U is ignored, but a first retraction still seeds the row with its values.
                acc = v.clone();
            }
        }
        Rec last = records.get(records.size() - 1);
        return new Rec(withKind(acc, deleted || !meetInsert ? RowKind.DELETE : RowKind.INSERT), last.seq());
    }

    /** Partial-update with the two sequence groups of {@code MergeEngineWriteTest.PARTIAL}, {@code total} summed (Paimon 1.4.2). */
    static Rec partialUpdateWithGroups(List<Rec> records) {
        Object[] acc = new Object[records.get(0).row().arity()];
        boolean filled = false;
        boolean meetInsert = false;
        for (Rec rec : records) {
            Object[] v = fields(rec.row());
            if (!rec.row().kind().isAdd()) {
                if (!filled) {
                    acc = v.clone();
                    filled = true;
                }
                retractGroup(acc, v, G1, new int[] {2, 3});
                retractGroup(acc, v, G2, new int[] {5, TOTAL});
                continue;
            }
            acc[0] = v[0];
            if (v[FREE] != null) {
                acc[FREE] = v[FREE];
            }
            updateGroup(acc, v, G1, new int[] {2, 3});
            updateGroup(acc, v, G2, new int[] {5, TOTAL});
            meetInsert = true;
            filled = true;
        }
        Rec last = records.get(records.size() - 1);
        return new Rec(withKind(acc, meetInsert ? RowKind.INSERT : RowKind.DELETE), last.seq());
    }

    /** Null is older than any value. */
    @SuppressWarnings("unchecked")
    static boolean notOlder(Object value, Object accumulated) {
        return accumulated == null || (value != null && ((Comparable<Object>) value).compareTo(accumulated) >= 0);
    }

    static void updateGroup(Object[] acc, Object[] v, int sequence, int[] group) {
        if (v[sequence] == null) {
            return;
        }
        if (notOlder(v[sequence], acc[sequence])) {
            acc[sequence] = v[sequence];
            for (int f : group) {
                acc[f] = f == TOTAL ? sum(acc[f], v[f]) : v[f];
            }
        } else {
            acc[TOTAL] = group[1] == TOTAL ? sum(v[TOTAL], acc[TOTAL]) : acc[TOTAL];
        }
    }

    static void retractGroup(Object[] acc, Object[] v, int sequence, int[] group) {
        if (v[sequence] == null) {
            return;
        }
        if (notOlder(v[sequence], acc[sequence])) {
            acc[sequence] = v[sequence];
            for (int f : group) {
                acc[f] = f == TOTAL ? sumRetract(acc[f], v[f]) : null;
            }
        } else if (group[1] == TOTAL) {
            acc[TOTAL] = sumRetract(acc[TOTAL], v[TOTAL]);
        }
    }

    static Object sum(Object acc, Object in) {
        return acc == null ? in : in == null ? acc : (Long) acc + (Long) in;
    }

    static Object sumRetract(Object acc, Object in) {
        if (acc == null) {
            return in == null ? null : -(Long) in;
        }
        return in == null ? acc : (Long) acc - (Long) in;
    }

    /** The aggregation engine over {@code MergeEngineWriteTest.AGG} (Paimon 1.4.2's functions). */
    static Rec aggregate(List<Rec> records, boolean removeRecordOnDelete) {
        Object[] acc = new Object[records.get(0).row().arity()];
        boolean deleted = false;
        for (Rec rec : records) {
            Object[] v = fields(rec.row());
            RowKind kind = rec.row().kind();
            deleted = removeRecordOnDelete && kind == RowKind.DELETE;
            if (deleted) {
                acc = v.clone();
                continue;
            }
            acc[0] = v[0];
            if (kind.isAdd()) {
                acc[1] = sum(acc[1], v[1]);
                acc[2] = extreme(acc[2], v[2], true);
                acc[3] = extreme(acc[3], v[3], false);
                acc[4] = v[4] != null ? v[4] : acc[4];
                acc[5] = acc[5] == null ? v[5] : v[5] == null ? acc[5] : Utf8String.fromString(acc[5] + "," + v[5]);
                acc[6] = acc[6] == null ? v[6] : v[6] == null ? acc[6] : concat((ArrayData) acc[6], (ArrayData) v[6]);
                acc[7] = acc[7] == null ? v[7] : v[7] == null ? acc[7] : (Boolean) acc[7] || (Boolean) v[7];
                acc[8] = v[8];
                acc[9] = extreme(acc[9], v[9], true);
            } else {
                // mx, mn, la, bo and d1 ignore retractions.
                acc[1] = sumRetract(acc[1], v[1]);
                acc[4] = v[4] != null ? null : acc[4];
                acc[6] = acc[6] == null ? null : removeEach((ArrayData) acc[6], (ArrayData) v[6]);
                acc[8] = null;
            }
        }
        Rec last = records.get(records.size() - 1);
        return new Rec(withKind(acc, deleted ? RowKind.DELETE : RowKind.INSERT), last.seq());
    }

    @SuppressWarnings("unchecked")
    static Object extreme(Object acc, Object in, boolean max) {
        if (acc == null || in == null) {
            return acc == null ? in : acc;
        }
        int c = ((Comparable<Object>) in).compareTo(acc);
        return (max ? c > 0 : c < 0) ? in : acc;
    }

    static List<Object> elements(ArrayData array) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; array != null && i < array.size(); i++) {
            out.add(array.isNullAt(i) ? null : array.getInt(i));
        }
        return out;
    }

    static GenericArray concat(ArrayData a, ArrayData b) {
        List<Object> out = elements(a);
        out.addAll(elements(b));
        return new GenericArray(out.toArray());
    }

    static Object removeEach(ArrayData acc, ArrayData retracted) {
        if (retracted == null || retracted.size() == 0) {
            return acc;
        }
        List<Object> pending = elements(retracted);
        List<Object> out = new ArrayList<>();
        for (Object e : elements(acc)) {
            int at = -1;
            for (int i = 0; i < pending.size() && at < 0; i++) {
                at = Objects.equals(pending.get(i), e) ? i : -1;
            }
            if (at >= 0) {
                pending.remove(at);
            } else {
                out.add(e);
            }
        }
        return new GenericArray(out.toArray());
    }
}
