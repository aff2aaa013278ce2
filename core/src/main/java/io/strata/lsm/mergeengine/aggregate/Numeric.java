package io.strata.lsm.mergeengine.aggregate;

import io.strata.types.TypeRoot;

/** The numeric types sum and product accept (Paimon's NUMERIC family). */
final class Numeric {

    private Numeric() {}

    static boolean isNumeric(TypeRoot root) {
        return switch (root) {
            case TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DECIMAL -> true;
            default -> false;
        };
    }

    static IllegalStateException unsupported(FieldAggregator aggregator) {
        return new IllegalStateException("Aggregate function '" + aggregator.function() + "' of field '"
                + aggregator.field() + "' does not accept type " + aggregator.type);
    }
}
