package io.strata.lsm.mergeengine.aggregate;

import io.strata.schema.MergeEngineOptions;
import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.RowType;
import io.strata.types.TypeRoot;

/**
 * Builds the aggregator of a field from its function name, checking the field's type as Paimon 1.4.2
 * does; every failure names the option and the field.
 */
public final class FieldAggregators {

    /** The function name of primary-key fields (they are never aggregated). */
    public static final String PRIMARY_KEY = "primary-key";

    private FieldAggregators() {}

    /**
     * The aggregator for {@code field} of {@code type} by function {@code function}, wrapped to ignore
     * retractions when {@code fields.<field>.ignore-retract} is set.
     */
    public static FieldAggregator create(String function, String field, DataType type, MergeEngineOptions options) {
        String key = MergeEngineOptions.key(field, MergeEngineOptions.AGGREGATE_FUNCTION);
        FieldAggregator aggregator = switch (function) {
            case PRIMARY_KEY -> new PrimaryKeyAggregator(field, type);
            case "sum" -> new SumAggregator(field, requireNumeric(key, function, field, type));
            case "product" -> new ProductAggregator(field, requireNumeric(key, function, field, type));
            case "max" -> new MaxAggregator(field, requireOrdered(key, function, field, type));
            case "min" -> new MinAggregator(field, requireOrdered(key, function, field, type));
            case "last_value" -> new LastValueAggregator(field, type);
            case "last_non_null_value" -> new LastNonNullValueAggregator(field, type);
            case "first_value" -> new FirstValueAggregator(field, type);
            case "first_non_null_value", "first_not_null_value" -> new FirstNonNullValueAggregator(function, field, type);
            case "listagg" -> new ListaggAggregator(field, requireString(key, field, type),
                    options.listAggDelimiter(field), options.distinct(field));
            case "bool_and" -> new BoolAndAggregator(field, require(key, function, field, type, TypeRoot.BOOLEAN, "BOOLEAN"));
            case "bool_or" -> new BoolOrAggregator(field, require(key, function, field, type, TypeRoot.BOOLEAN, "BOOLEAN"));
            case "collect" -> new CollectAggregator(field, require(key, function, field, type, TypeRoot.ARRAY, "ARRAY"),
                    options.distinct(field));
            case "merge_map" -> new MergeMapAggregator(field, require(key, function, field, type, TypeRoot.MAP, "MAP"));
            case "nested_update" -> new NestedUpdateAggregator(field, requireRowArray(key, function, field, type),
                    options.nestedKey(field), options.countLimit(field));
            default -> throw new IllegalArgumentException("Table option '" + key + "' (or 'fields.default-aggregate-function')"
                    + " = '" + function + "': unknown or unsupported aggregate function for field '" + field + "'");
        };
        if (options.ignoreRetract(field)) {
            if (options.aggregationRemoveRecordOnDelete()) {
                throw new IllegalArgumentException("Table options '" + MergeEngineOptions.AGGREGATION_REMOVE_RECORD_ON_DELETE.key()
                        + "' and '" + MergeEngineOptions.key(field, MergeEngineOptions.IGNORE_RETRACT)
                        + "' conflict; set only one of them");
            }
            return new IgnoreRetractAggregator(aggregator);
        }
        return aggregator;
    }

    private static DataType requireNumeric(String key, String function, String field, DataType type) {
        if (!Numeric.isNumeric(type.root())) {
            throw wrongType(key, function, field, type, "a numeric type (TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DECIMAL)");
        }
        return type;
    }

    private static DataType requireOrdered(String key, String function, String field, DataType type) {
        if (!Values.isOrdered(type.root())) {
            throw wrongType(key, function, field, type, "a type with an order (numbers, strings, binary, date, time, timestamps)");
        }
        return type;
    }

    private static DataType requireString(String key, String field, DataType type) {
        if (type.root() != TypeRoot.VARCHAR || ((AtomicType) type).length() != AtomicType.MAX_LENGTH) {
            throw wrongType(key, "listagg", field, type, "STRING (unbounded VARCHAR)");
        }
        return type;
    }

    private static DataType require(String key, String function, String field, DataType type, TypeRoot root, String what) {
        if (type.root() != root) {
            throw wrongType(key, function, field, type, what);
        }
        return type;
    }

    private static DataType requireRowArray(String key, String function, String field, DataType type) {
        if (!(type instanceof ArrayType a) || !(a.element() instanceof RowType)) {
            throw wrongType(key, function, field, type, "ARRAY<ROW<...>>");
        }
        return type;
    }

    private static IllegalArgumentException wrongType(String key, String function, String field, DataType type, String expected) {
        return new IllegalArgumentException("Table option '" + key + "' (or 'fields.default-aggregate-function'): "
                + "aggregate function '" + function + "' of field '" + field + "' needs " + expected + ", but the field is "
                + type.asSqlString());
    }
}
