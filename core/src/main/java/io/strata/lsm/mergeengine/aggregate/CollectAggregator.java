package io.strata.lsm.mergeengine.aggregate;

import io.strata.data.ArrayData;
import io.strata.data.GenericArray;
import io.strata.data.RowValues;
import io.strata.types.ArrayType;
import io.strata.types.DataType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * {@code collect} of an ARRAY field: concatenates the arrays; with {@code fields.<f>.distinct} keeps
 * each element once (nulls included). Retraction removes one matching element per retracted element.
 *
 * <p>Element order with {@code distinct}: the accumulator's elements, then new ones in input order.
 * Paimon orders distinct elements of atomic types by its own hash set instead, so only the set of
 * elements is the same; for nested element types the order is the same. Like Paimon, BINARY elements
 * are never equal to each other at the top level.
 */
final class CollectAggregator extends FieldAggregator {

    private final DataType element;
    private final boolean distinct;
    private final boolean binaryByIdentity;

    CollectAggregator(String field, DataType type, boolean distinct) {
        super("collect", field, type);
        this.element = ((ArrayType) type).element();
        this.distinct = distinct;
        this.binaryByIdentity = !element.root().isNested();
    }

    @Override
    public Object aggReversed(Object accumulator, Object input) {
        // As Paimon: an older input is appended too, the accumulator stays first.
        return agg(accumulator, input);
    }

    @Override
    public Object agg(Object accumulator, Object input) {
        if (accumulator == null && input == null) {
            return null;
        }
        if ((accumulator == null || input == null) && !distinct) {
            return accumulator == null ? input : accumulator;
        }
        List<Object> out = new ArrayList<>();
        if (!distinct) {
            addAll(out, (ArrayData) accumulator, null);
            addAll(out, (ArrayData) input, null);
        } else {
            Set<Object> seen = new HashSet<>();
            if (binaryByIdentity) {
                addAll(out, (ArrayData) accumulator, seen);
            } else {
                // Nested elements: Paimon keeps the accumulator as it is (it is already distinct).
                addAll(out, (ArrayData) accumulator, null);
                for (Object value : out) {
                    seen.add(new Key(Values.key(value, element, false)));
                }
            }
            addAll(out, (ArrayData) input, seen);
        }
        return new GenericArray(out.toArray());
    }

    private void addAll(List<Object> out, ArrayData array, Set<Object> seen) {
        if (array == null) {
            return;
        }
        for (int i = 0; i < array.size(); i++) {
            Object value = RowValues.get(array, i, element);
            if (seen == null || seen.add(new Key(Values.key(value, element, binaryByIdentity)))) {
                out.add(value);
            }
        }
    }

    @Override
    public boolean canRetract() {
        return true;
    }

    @Override
    public Object retract(Object accumulator, Object retracted) {
        if (accumulator == null) {
            return null;
        }
        if (retracted == null || ((ArrayData) retracted).size() == 0) {
            return accumulator;
        }
        ArrayData retract = (ArrayData) retracted;
        List<Object> pending = new ArrayList<>(retract.size());
        for (int i = 0; i < retract.size(); i++) {
            pending.add(Values.key(RowValues.get(retract, i, element), element, binaryByIdentity));
        }
        ArrayData acc = (ArrayData) accumulator;
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < acc.size(); i++) {
            Object value = RowValues.get(acc, i, element);
            if (!removeOne(pending, Values.key(value, element, binaryByIdentity))) {
                out.add(value);
            }
        }
        return new GenericArray(out.toArray());
    }

    private static boolean removeOne(List<Object> pending, Object key) {
        Iterator<Object> it = pending.iterator();
        while (it.hasNext()) {
            if (Objects.equals(it.next(), key)) {
                it.remove();
                return true;
            }
        }
        return false;
    }

    /** Wraps a key so that a null element is a member of the set too. */
    private record Key(Object value) {}
}
