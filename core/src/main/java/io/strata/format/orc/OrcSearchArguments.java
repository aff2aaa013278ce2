package io.strata.format.orc;

import io.strata.format.IntegerSkipLeaves;
import io.strata.predicate.CompoundPredicate;
import io.strata.predicate.LeafPredicate;
import io.strata.predicate.Predicate;
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.hadoop.hive.ql.io.sarg.PredicateLeaf;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgumentFactory;
import org.apache.orc.TypeDescription;

/**
 * Turns a predicate into an ORC {@link SearchArgument}, so that ORC skips row groups (10,000 rows by
 * default) whose row-index statistics cannot match. Only what ORC's statistics answer exactly like
 * Strata's comparison is pushed: comparisons, IN and null tests of integer columns stored as integers.
 * A conjunction keeps its pushable parts (a weaker filter skips less, never wrongly); a disjunction is
 * pushed only whole. Rows of the groups ORC reads are still filtered by the caller.
 */
final class OrcSearchArguments {

    /** ORC parses SARG column names; names of plain letters, digits and underscores need no quoting. */
    private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final RowType readType;
    private final TypeDescription fileSchema;

    private OrcSearchArguments(RowType readType, TypeDescription fileSchema) {
        this.readType = readType;
        this.fileSchema = fileSchema;
    }

    /**
     * The search argument for a predicate whose leaves name fields of {@code readType}, or null when no part
     * of it can be pushed.
     */
    static SearchArgument of(Predicate predicate, RowType readType, TypeDescription fileSchema) {
        OrcSearchArguments builder = new OrcSearchArguments(readType, fileSchema);
        if (!builder.pushable(predicate)) {
            return null;
        }
        SearchArgument.Builder sarg = SearchArgumentFactory.newBuilder();
        builder.add(sarg, predicate);
        return sarg.build();
    }

    /** Whether some part of the predicate can be pushed (all of it, for a disjunction). */
    private boolean pushable(Predicate predicate) {
        if (predicate instanceof CompoundPredicate compound) {
            for (Predicate child : compound.children()) {
                boolean childPushable = pushable(child);
                if (compound.isAnd() && childPushable) {
                    return true;
                }
                if (!compound.isAnd() && !childPushable) {
                    return false;
                }
            }
            return !compound.isAnd() && !compound.children().isEmpty();
        }
        return predicate instanceof LeafPredicate leaf && fileColumn(leaf) != null;
    }

    private void add(SearchArgument.Builder sarg, Predicate predicate) {
        if (predicate instanceof CompoundPredicate compound) {
            List<Predicate> children = new ArrayList<>();
            for (Predicate child : compound.children()) {
                if (pushable(child)) {
                    children.add(child);
                }
            }
            if (children.size() == 1) {
                add(sarg, children.get(0));
                return;
            }
            if (compound.isAnd()) {
                sarg.startAnd();
            } else {
                sarg.startOr();
            }
            for (Predicate child : children) {
                add(sarg, child);
            }
            sarg.end();
            return;
        }
        LeafPredicate leaf = (LeafPredicate) predicate;
        String column = fileColumn(leaf);
        PredicateLeaf.Type type = PredicateLeaf.Type.LONG;
        switch (leaf.function()) {
            case EQUAL -> sarg.equals(column, type, literal(leaf, 0));
            case LESS_THAN -> sarg.lessThan(column, type, literal(leaf, 0));
            case LESS_OR_EQUAL -> sarg.lessThanEquals(column, type, literal(leaf, 0));
            case GREATER_THAN -> sarg.startNot().lessThanEquals(column, type, literal(leaf, 0)).end();
            case GREATER_OR_EQUAL -> sarg.startNot().lessThan(column, type, literal(leaf, 0)).end();
            case IN -> {
                Object[] values = new Object[leaf.literals().size()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = literal(leaf, i);
                }
                sarg.in(column, type, values);
            }
            case IS_NULL -> sarg.isNull(column, type);
            case IS_NOT_NULL -> sarg.startNot().isNull(column, type).end();
            case NOT_EQUAL, NOT_IN -> throw new IllegalStateException("Not pushed: " + leaf);
        }
    }

    private static Long literal(LeafPredicate leaf, int i) {
        return ((Number) leaf.literals().get(i)).longValue();
    }

    /**
     * The file's name of the leaf's column when the leaf can be pushed: an integer field of the read type,
     * stored as an integer column with a plain name, compared by a function ORC evaluates on statistics, with
     * non-null integer literals. Null otherwise.
     */
    private String fileColumn(LeafPredicate leaf) {
        DataField field = IntegerSkipLeaves.field(leaf, readType);
        if (field == null) {
            return null;
        }
        int k = OrcTypes.childIndex(fileSchema, field);
        if (k < 0) {
            return null;
        }
        TypeDescription.Category category = fileSchema.getChildren().get(k).getCategory();
        if (category != TypeDescription.Category.BYTE && category != TypeDescription.Category.SHORT
                && category != TypeDescription.Category.INT && category != TypeDescription.Category.LONG) {
            return null;
        }
        String name = fileSchema.getFieldNames().get(k);
        return PLAIN_NAME.matcher(name).matches() ? name : null;
    }
}
