package io.strata.hive;

import io.strata.predicate.Predicate;
import io.strata.predicate.PredicateBuilder;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.io.sarg.ConvertAstToSearchArg;
import org.apache.hadoop.hive.ql.io.sarg.ExpressionTree;
import org.apache.hadoop.hive.ql.io.sarg.PredicateLeaf;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;

/**
 * Turns Hive's pushed-down filter (a {@link SearchArgument}) into a core {@link Predicate} used ONLY to
 * plan: it prunes partitions and skips files whose statistics cannot match. Hive still evaluates its
 * whole WHERE on every row, so the converted predicate may be weaker than Hive's, never stronger:
 * conjuncts that cannot be converted are dropped, a disjunction with such a branch is dropped whole.
 *
 * <p>Each literal becomes a {@link PushdownLiteral}: the range of stored values Hive may consider equal
 * to it (one value for most types; for CHAR the value with any trailing padding; for a FLOAT column and
 * a literal no float holds, the two floats around it). A comparison is then widened to that range, so a
 * row Hive keeps is never pruned.
 */
final class SearchArgumentFilter {

    private final RowType rowType;
    private final PredicateBuilder builder;
    private final List<PredicateLeaf> leaves;
    private final ZoneId localZone;

    private SearchArgumentFilter(RowType rowType, SearchArgument sarg, ZoneId localZone) {
        this.rowType = rowType;
        this.builder = new PredicateBuilder(rowType);
        this.leaves = sarg.getLeaves();
        this.localZone = localZone;
    }

    /** The planning predicate for Hive's filter in the job configuration, or null when there is none. */
    static Predicate fromConf(Configuration conf, RowType rowType) {
        if (!ConvertAstToSearchArg.canCreateFromConf(conf)) {
            return null;
        }
        SearchArgument sarg = ConvertAstToSearchArg.createFromConf(conf);
        return sarg == null ? null : convert(sarg, rowType, StrataConf.localZone(conf));
    }

    /**
     * The planning predicate for {@code sarg}, or null when nothing converts. {@code localZone} is the
     * session zone Hive gave TIMESTAMP WITH LOCAL TIME ZONE literals in.
     */
    static Predicate convert(SearchArgument sarg, RowType rowType, ZoneId localZone) {
        return new SearchArgumentFilter(rowType, sarg, localZone).convert(sarg.getExpression());
    }

    private Predicate convert(ExpressionTree tree) {
        switch (tree.getOperator()) {
            case AND: {
                List<Predicate> kept = new ArrayList<>();
                for (ExpressionTree child : tree.getChildren()) {
                    Predicate p = convert(child);
                    if (p != null) {
                        kept.add(p);
                    }
                }
                return kept.isEmpty() ? null : PredicateBuilder.and(kept.toArray(new Predicate[0]));
            }
            case OR: {
                List<Predicate> all = new ArrayList<>();
                for (ExpressionTree child : tree.getChildren()) {
                    Predicate p = convert(child);
                    if (p == null) {
                        return null;
                    }
                    all.add(p);
                }
                return PredicateBuilder.or(all.toArray(new Predicate[0]));
            }
            case NOT: {
                ExpressionTree child = tree.getChildren().get(0);
                return child.getOperator() == ExpressionTree.Operator.LEAF ? leaf(leaf(child), true) : null;
            }
            case LEAF:
                return leaf(leaf(tree), false);
            default:
                return null;
        }
    }

    private PredicateLeaf leaf(ExpressionTree tree) {
        return tree.getPredicateLeaf() != null ? tree.getPredicateLeaf() : leaves.get(tree.getLeaf());
    }

    /**
     * One leaf, or its negation. Rows whose value is null pass neither a comparison nor its negation in
     * Hive, so NOT (x &lt; a) is x &gt;= a on the non-null rows.
     */
    private Predicate leaf(PredicateLeaf leaf, boolean negated) {
        DataField field = field(leaf);
        if (field == null) {
            return null;
        }
        String name = field.name();
        AtomicType type = (AtomicType) field.type();
        PredicateLeaf.Operator op = leaf.getOperator();
        if (op == PredicateLeaf.Operator.IS_NULL) {
            return negated ? builder.isNotNull(name) : builder.isNull(name);
        }
        if (op == PredicateLeaf.Operator.IN || op == PredicateLeaf.Operator.BETWEEN) {
            if (negated) {
                return null; // NOT IN / NOT BETWEEN prune almost nothing: not worth the care
            }
            List<PushdownLiteral> literals = new ArrayList<>();
            for (Object o : leaf.getLiteralList()) {
                PushdownLiteral literal = PushdownLiteral.of(o, type, localZone);
                if (literal == null) {
                    return null;
                }
                literals.add(literal);
            }
            if (op == PredicateLeaf.Operator.BETWEEN) {
                Predicate low = atLeast(name, literals.get(0), false);
                Predicate high = atMost(name, literals.get(1), false);
                return low == null || high == null ? null : PredicateBuilder.and(low, high);
            }
            List<Predicate> any = new ArrayList<>();
            List<Object> exact = new ArrayList<>();
            for (PushdownLiteral literal : literals) {
                if (literal.exact()) {
                    exact.add(literal.low());
                } else {
                    any.add(equalTo(name, literal));
                }
            }
            if (!exact.isEmpty()) {
                any.add(exact.size() == 1 ? builder.equal(name, exact.get(0)) : builder.in(name, exact.toArray()));
            }
            return PredicateBuilder.or(any.toArray(new Predicate[0]));
        }
        PushdownLiteral literal = PushdownLiteral.of(leaf.getLiteral(), type, localZone);
        if (literal == null) {
            return null;
        }
        return switch (op) {
            case EQUALS -> negated ? notEqualTo(name, literal) : equalTo(name, literal);
            // "x <=> a" with a non-null literal is "x = a"; but NOT (x <=> a) keeps the rows where x is null.
            case NULL_SAFE_EQUALS -> negated ? null : equalTo(name, literal);
            case LESS_THAN -> negated ? atLeast(name, literal, false) : atMost(name, literal, true);
            case LESS_THAN_EQUALS -> negated ? atLeast(name, literal, true) : atMost(name, literal, false);
            default -> null;
        };
    }

    private Predicate equalTo(String name, PushdownLiteral literal) {
        if (literal.exact()) {
            return builder.equal(name, literal.low());
        }
        return PredicateBuilder.and(builder.greaterOrEqual(name, literal.low()), builder.lessOrEqual(name, literal.high()));
    }

    private Predicate notEqualTo(String name, PushdownLiteral literal) {
        // Several stored values may equal an inexact literal: only an exact one can exclude a value.
        return literal.exact() ? builder.notEqual(name, literal.low()) : null;
    }

    /** x &lt; a ({@code strict}) or x &lt;= a: below the top of a's range. */
    private Predicate atMost(String name, PushdownLiteral literal, boolean strict) {
        if (!literal.ordered()) {
            return null;
        }
        if (literal.exact()) {
            return strict ? builder.lessThan(name, literal.low()) : builder.lessOrEqual(name, literal.low());
        }
        return builder.lessOrEqual(name, literal.high());
    }

    /** x &gt; a ({@code strict}) or x &gt;= a: above the bottom of a's range. */
    private Predicate atLeast(String name, PushdownLiteral literal, boolean strict) {
        if (!literal.ordered()) {
            return null;
        }
        if (literal.exact()) {
            return strict ? builder.greaterThan(name, literal.low()) : builder.greaterOrEqual(name, literal.low());
        }
        return builder.greaterOrEqual(name, literal.low());
    }

    private DataField field(PredicateLeaf leaf) {
        int index = StrataInputFormat.indexOfIgnoreCase(rowType, leaf.getColumnName());
        if (index < 0 || !(rowType.typeAt(index) instanceof AtomicType)) {
            return null;
        }
        return rowType.field(index);
    }
}
