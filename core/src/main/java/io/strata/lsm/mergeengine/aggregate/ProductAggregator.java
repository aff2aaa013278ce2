package io.strata.lsm.mergeengine.aggregate;

import io.strata.data.Decimal;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import java.math.BigDecimal;

/**
 * {@code product} of a numeric field: nulls are skipped; integers wrap; a DECIMAL product is rounded
 * HALF_UP to the scale and becomes null past the precision. Retracts by dividing (integer division).
 */
final class ProductAggregator extends FieldAggregator {

    ProductAggregator(String field, DataType type) {
        super("product", field, type);
    }

    @Override
    public Object agg(Object accumulator, Object input) {
        if (accumulator == null || input == null) {
            return accumulator == null ? input : accumulator;
        }
        return switch (type.root()) {
            case TINYINT -> (byte) ((Byte) accumulator * (Byte) input);
            case SMALLINT -> (short) ((Short) accumulator * (Short) input);
            case INT -> (Integer) accumulator * (Integer) input;
            case BIGINT -> (Long) accumulator * (Long) input;
            case FLOAT -> (Float) accumulator * (Float) input;
            case DOUBLE -> (Double) accumulator * (Double) input;
            case DECIMAL -> decimal(((Decimal) accumulator).toBigDecimal().multiply(((Decimal) input).toBigDecimal()));
            default -> throw Numeric.unsupported(this);
        };
    }

    @Override
    public boolean canRetract() {
        return true;
    }

    @Override
    public Object retract(Object accumulator, Object retracted) {
        if (accumulator == null || retracted == null) {
            return accumulator;
        }
        return switch (type.root()) {
            case TINYINT -> (byte) ((Byte) accumulator / (Byte) retracted);
            case SMALLINT -> (short) ((Short) accumulator / (Short) retracted);
            case INT -> (Integer) accumulator / (Integer) retracted;
            case BIGINT -> (Long) accumulator / (Long) retracted;
            case FLOAT -> (Float) accumulator / (Float) retracted;
            case DOUBLE -> (Double) accumulator / (Double) retracted;
            case DECIMAL -> decimal(((Decimal) accumulator).toBigDecimal().divide(((Decimal) retracted).toBigDecimal()));
            default -> throw Numeric.unsupported(this);
        };
    }

    private Decimal decimal(BigDecimal value) {
        AtomicType t = (AtomicType) type;
        return Decimal.fromBigDecimal(value, t.precision(), t.scale());
    }
}
