package io.strata.table.source;

import io.strata.data.Decimal;
import io.strata.data.GenericRow;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.predicate.CompoundPredicate;
import io.strata.predicate.LeafFunction;
import io.strata.predicate.LeafPredicate;
import io.strata.predicate.Predicate;
import io.strata.data.KeyEncoder;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds the only buckets a filter can match in a fixed-bucket table: when the filter's top-level
 * conjunction fixes every bucket-key column to one or a few values ({@code =} or {@code IN}), the
 * rows it matches can only be in the buckets those key values hash to.
 */
final class BucketPruning {

    /** Above this many key combinations, pruning is not worth hashing them all. */
    private static final int MAX_COMBINATIONS = 1024;

    private BucketPruning() {}

    /** The buckets the filter can match, or null if it does not fix the bucket key. */
    static Set<Integer> buckets(Predicate filter, RowType rowType, int[] bucketKeyPositions, int numBuckets) {
        if (filter == null || numBuckets <= 0 || bucketKeyPositions.length == 0) {
            return null;
        }
        List<List<Object>> valuesPerKey = new ArrayList<>();
        long combinations = 1;
        for (int position : bucketKeyPositions) {
            List<Object> values = fixedValues(filter, position);
            if (values == null) {
                return null;
            }
            combinations *= values.size();
            if (combinations > MAX_COMBINATIONS) {
                return null;
            }
            valuesPerKey.add(values);
        }
        KeyEncoder encoder = new KeyEncoder(rowType, bucketKeyPositions);
        Set<Integer> buckets = new HashSet<>();
        GenericRow row = new GenericRow(rowType.fieldCount());
        collect(valuesPerKey, 0, bucketKeyPositions, row, encoder, numBuckets, buckets);
        return buckets;
    }

    private static void collect(List<List<Object>> valuesPerKey, int i, int[] positions, GenericRow row,
            KeyEncoder encoder, int numBuckets, Set<Integer> out) {
        if (i == positions.length) {
            out.add(Math.abs(encoder.hash(row) % numBuckets));
            return;
        }
        for (Object v : valuesPerKey.get(i)) {
            row.set(positions[i], v);
            collect(valuesPerKey, i + 1, positions, row, encoder, numBuckets, out);
        }
    }

    /** The values a top-level conjunct fixes the field to, or null if none does. */
    private static List<Object> fixedValues(Predicate p, int position) {
        if (p instanceof LeafPredicate leaf && leaf.index() == position) {
            if (leaf.function() == LeafFunction.EQUAL || leaf.function() == LeafFunction.IN) {
                List<Object> values = new ArrayList<>();
                for (Object literal : leaf.literals()) {
                    if (literal != null && literalMatchesType(literal, leaf)) {
                        values.add(literal);
                    } else if (literal != null) {
                        return null; // a literal of another class would hash differently: do not prune
                    }
                }
                return values;
            }
            return null;
        }
        if (p instanceof CompoundPredicate c && c.isAnd()) {
            for (Predicate child : c.children()) {
                List<Object> values = fixedValues(child, position);
                if (values != null) {
                    return values;
                }
            }
        }
        return null;
    }

    /** Only literals of the field's own value class are hashed (an Integer for INT, a Long for BIGINT). */
    private static boolean literalMatchesType(Object literal, LeafPredicate leaf) {
        return switch (leaf.type().root()) {
            case BOOLEAN -> literal instanceof Boolean;
            case TINYINT -> literal instanceof Byte;
            case SMALLINT -> literal instanceof Short;
            case INT, DATE, TIME -> literal instanceof Integer;
            case BIGINT -> literal instanceof Long;
            case FLOAT -> literal instanceof Float;
            case DOUBLE -> literal instanceof Double;
            case CHAR, VARCHAR -> literal instanceof Utf8String;
            case BINARY, VARBINARY -> literal instanceof byte[];
            case DECIMAL -> literal instanceof Decimal;
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> literal instanceof Timestamp;
            case ARRAY, MAP, MULTISET, ROW -> false;
        };
    }
}
