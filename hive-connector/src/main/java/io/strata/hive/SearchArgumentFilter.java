package io.strata.hive;

import io.strata.data.Decimal;
import io.strata.data.Utf8String;
import io.strata.predicate.Predicate;
import io.strata.predicate.PredicateBuilder;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.io.sarg.ConvertAstToSearchArg;
import org.apache.hadoop.hive.ql.io.sarg.ExpressionTree;
import org.apache.hadoop.hive.ql.io.sarg.PredicateLeaf;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;
import org.apache.hadoop.hive.serde2.io.HiveDecimalWritable;

/**
 * Turns Hive's pushed-down filter (a {@link SearchArgument}) into a core {@link Predicate} used ONLY to
 * plan: it prunes partitions and skips files whose statistics cannot match. Hive still evaluates its
 * whole WHERE on every row, so the converted predicate may be weaker than Hive's, never stronger:
 * conjuncts that cannot be converted are dropped, a disjunction with such a branch is dropped whole,
 * and literals that would need rounding or a time zone (FLOAT, CHAR, TIMESTAMP) are not converted.
 */
final class SearchArgumentFilter {

    private final RowType rowType;
    private final PredicateBuilder builder;
    private final List<PredicateLeaf> leaves;

    private SearchArgumentFilter(RowType rowType, SearchArgument sarg) {
        this.rowType = rowType;
        this.builder = new PredicateBuilder(rowType);
        this.leaves = sarg.getLeaves();
    }

    /** The planning predicate for Hive's filter in the job configuration, or null when there is none. */
    static Predicate fromConf(Configuration conf, RowType rowType) {
        if (!ConvertAstToSearchArg.canCreateFromConf(conf)) {
            return null;
        }
        SearchArgument sarg = ConvertAstToSearchArg.createFromConf(conf);
        return sarg == null ? null : new SearchArgumentFilter(rowType, sarg).convert(sarg.getExpression());
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
                return child.getOperator() == ExpressionTree.Operator.LEAF ? negatedLeaf(leaf(child)) : null;
            }
            case LEAF:
                return leaf(leaf(tree));
            default:
                return null;
        }
    }

    private PredicateLeaf leaf(ExpressionTree tree) {
        return tree.getPredicateLeaf() != null ? tree.getPredicateLeaf() : leaves.get(tree.getLeaf());
    }

    private Predicate leaf(PredicateLeaf leaf) {
        DataField field = field(leaf);
        if (field == null) {
            return null;
        }
        String name = field.name();
        switch (leaf.getOperator()) {
            case IS_NULL:
                return builder.isNull(name);
            case EQUALS:
            case LESS_THAN:
            case LESS_THAN_EQUALS: {
                Object literal = literal(leaf.getLiteral(), field);
                if (literal == null) {
                    return null;
                }
                return switch (leaf.getOperator()) {
                    case EQUALS -> builder.equal(name, literal);
                    case LESS_THAN -> builder.lessThan(name, literal);
                    default -> builder.lessOrEqual(name, literal);
                };
            }
            case IN:
            case BETWEEN: {
                List<Object> literals = new ArrayList<>();
                for (Object o : leaf.getLiteralList()) {
                    Object literal = literal(o, field);
                    if (literal == null) {
                        return null;
                    }
                    literals.add(literal);
                }
                return leaf.getOperator() == PredicateLeaf.Operator.IN
                        ? builder.in(name, literals.toArray())
                        : builder.between(name, literals.get(0), literals.get(1));
            }
            default:
                return null; // NULL_SAFE_EQUALS: rare, and "null <=> null" has no core leaf
        }
    }

    /** NOT of a comparison: rows where the value is null never pass Hive's filter either way. */
    private Predicate negatedLeaf(PredicateLeaf leaf) {
        DataField field = field(leaf);
        if (field == null) {
            return null;
        }
        if (leaf.getOperator() == PredicateLeaf.Operator.IS_NULL) {
            return builder.isNotNull(field.name());
        }
        Object literal = leaf.getOperator() == PredicateLeaf.Operator.EQUALS
                || leaf.getOperator() == PredicateLeaf.Operator.LESS_THAN
                || leaf.getOperator() == PredicateLeaf.Operator.LESS_THAN_EQUALS ? literal(leaf.getLiteral(), field) : null;
        if (literal == null) {
            return null;
        }
        return switch (leaf.getOperator()) {
            case EQUALS -> builder.notEqual(field.name(), literal);
            case LESS_THAN -> builder.greaterOrEqual(field.name(), literal);
            default -> builder.greaterThan(field.name(), literal);
        };
    }

    private DataField field(PredicateLeaf leaf) {
        int index = StrataInputFormat.indexOfIgnoreCase(rowType, leaf.getColumnName());
        if (index < 0 || !(rowType.typeAt(index) instanceof AtomicType)) {
            return null;
        }
        return rowType.field(index);
    }

    /** The core value of a Hive literal for this column, or null when it cannot be converted exactly. */
    private static Object literal(Object hive, DataField field) {
        if (hive == null) {
            return null;
        }
        AtomicType type = (AtomicType) field.type();
        try {
            return switch (type.root()) {
                case TINYINT -> hive instanceof Long l && l == l.byteValue() ? (Object) l.byteValue() : null;
                case SMALLINT -> hive instanceof Long l && l == l.shortValue() ? (Object) l.shortValue() : null;
                case INT -> hive instanceof Long l && l == l.intValue() ? (Object) l.intValue() : null;
                case BIGINT -> hive instanceof Long l ? l : null;
                case DOUBLE -> hive instanceof Double d ? d : null;
                case BOOLEAN -> hive instanceof Boolean b ? b : null;
                case VARCHAR -> hive instanceof String s ? Utf8String.fromString(s) : null;
                case DECIMAL -> decimal(hive, type);
                case DATE -> date(hive);
                default -> null;
            };
        } catch (RuntimeException e) {
            return null; // a literal the column cannot hold: no pruning on it, Hive filters the rows
        }
    }

    private static Object decimal(Object hive, AtomicType type) {
        BigDecimal value;
        if (hive instanceof HiveDecimalWritable w) {
            value = w.getHiveDecimal().bigDecimalValue();
        } else if (hive instanceof Long l) {
            value = BigDecimal.valueOf(l);
        } else {
            return null;
        }
        // Only literals the column's scale holds exactly: rounding would change the comparison.
        if (value.stripTrailingZeros().scale() > type.scale()) {
            return null;
        }
        return Decimal.fromBigDecimal(value.setScale(type.scale()), type.precision(), type.scale());
    }

    private static Object date(Object hive) {
        if (hive instanceof java.sql.Date d) {
            return (int) d.toLocalDate().toEpochDay();
        }
        if (hive instanceof LocalDate d) {
            return (int) d.toEpochDay();
        }
        if (hive instanceof org.apache.hadoop.hive.common.type.Date d) {
            return d.toEpochDay();
        }
        return null;
    }
}
