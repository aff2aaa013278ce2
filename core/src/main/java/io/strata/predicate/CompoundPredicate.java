package io.strata.predicate;

import io.strata.data.Row;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** AND or OR of child predicates. */
public record CompoundPredicate(boolean isAnd, List<Predicate> children) implements Predicate {

    public CompoundPredicate {
        children = List.copyOf(children);
    }

    @Override
    public boolean test(Row row) {
        for (Predicate p : children) {
            if (p.test(row) != isAnd) {
                return !isAnd;
            }
        }
        return isAnd;
    }

    @Override
    public boolean mayMatch(long rowCount, Row min, Row max, Long[] nullCounts) {
        for (Predicate p : children) {
            if (p.mayMatch(rowCount, min, max, nullCounts) != isAnd) {
                return !isAnd;
            }
        }
        return isAnd;
    }

    @Override
    public Predicate restrictTo(Set<Integer> allowed) {
        List<Predicate> kept = new ArrayList<>();
        for (Predicate p : children) {
            Predicate r = p.restrictTo(allowed);
            if (r != null) {
                kept.add(r);
            } else if (!isAnd) {
                return null; // one branch of an OR is unconstrained: the whole OR is
            }
        }
        if (kept.isEmpty()) {
            return null;
        }
        return kept.size() == 1 ? kept.get(0) : new CompoundPredicate(isAnd, kept);
    }

    @Override
    public Set<Integer> fields() {
        Set<Integer> all = new HashSet<>();
        for (Predicate p : children) {
            all.addAll(p.fields());
        }
        return all;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < children.size(); i++) {
            if (i > 0) {
                sb.append(isAnd ? " AND " : " OR ");
            }
            sb.append(children.get(i));
        }
        return sb.append(')').toString();
    }
}
