package io.strata.lsm.mergeengine.aggregate;

import io.strata.data.Decimal;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import java.math.BigDecimal;

/**
 * {@code sum} of a numeric field: nulls are skipped; integers wrap on overflow and a DECIMAL sum that
 * exceeds the precision becomes null, as in Paimon. Retracts by subtracting (a retraction into an empty
 * accumulator yields the negated value).
 */
final class SumAggregator extends FieldAggregator {

    SumAggregator(String field, DataType type) {
        super("sum", field, type);
    }

    @Override
    public Object agg(Object accumulator, Object input) {
        if (accumulator == null || input == null) {
            return accumulator == null ? input : accumulator;
        }
        return switch (type.root()) {
            case TINYINT -> (byte) ((Byte) accumulator + (Byte) input);
            case SMALLINT -> (short) ((Short) accumulator + (Short) input);
            case INT -> (Integer) accumulator + (Integer) input;
            case BIGINT -> (Long) accumulator + (Long) input;
            case FLOAT -> (Float) accumulator + (Float) input;
            case DOUBLE -> (Double) accumulator + (Double) input;
            case DECIMAL -> decimal(((Decimal) accumulator).toBigDecimal().add(((Decimal) input).toBigDecimal()));
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
            return accumulator == null ? negate(retracted) : accumulator;
        }
        return switch (type.root()) {
            case TINYINT -> (byte) ((Byte) accumulator - (Byte) retracted);
            case SMALLINT -> (short) ((Short) accumulator - (Short) retracted);
            case INT -> (Integer) accumulator - (Integer) retracted;
            case BIGINT -> (Long) accumulator - (Long) retracted;
            case FLOAT -> (Float) accumulator - (Float) retracted;
            case DOUBLE -> (Double) accumulator - (Double) retracted;
            case DECIMAL -> decimal(((Decimal) accumulator).toBigDecimal().subtract(((Decimal) retracted).toBigDecimal()));
            default -> throw Numeric.unsupported(this);
        };
    }

    private Object negate(Object value) {
        if (value == null) {
            return null;
        }
        return switch (type.root()) {
            case TINYINT -> (byte) -(Byte) value;
            case SMALLINT -> (short) -(Short) value;
            case INT -> -(Integer) value;
            case BIGINT -> -(Long) value;
            case FLOAT -> -(Float) value;
            case DOUBLE -> -(Double) value;
            case DECIMAL -> decimal(((Decimal) value).toBigDecimal().negate());
            default -> throw Numeric.unsupported(this);
        };
    }

    private Decimal decimal(BigDecimal value) {
        AtomicType t = (AtomicType) type;
        return Decimal.fromBigDecimal(value, t.precision(), t.scale());
    }
}
