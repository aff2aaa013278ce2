package io.strata.format.orc;

import io.strata.data.Decimal;
import java.math.BigDecimal;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;

/**
 * BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, DATE (epoch days) and TIME (millis of day) columns, all held
 * by ORC as longs. Every integer getter works, so a narrower file column reads widened, also as FLOAT,
 * DOUBLE or DECIMAL.
 */
final class OrcLongColumn extends OrcColumn {

    private final LongColumnVector vector;

    OrcLongColumn(LongColumnVector vector) {
        super(vector);
        this.vector = vector;
    }

    private long value(int i) {
        return vector.vector[index(i)];
    }

    @Override
    public boolean getBoolean(int i) {
        return value(i) != 0;
    }

    @Override
    public byte getByte(int i) {
        return (byte) value(i);
    }

    @Override
    public short getShort(int i) {
        return (short) value(i);
    }

    @Override
    public int getInt(int i) {
        return (int) value(i);
    }

    @Override
    public long getLong(int i) {
        return value(i);
    }

    @Override
    public float getFloat(int i) {
        return value(i);
    }

    @Override
    public double getDouble(int i) {
        return value(i);
    }

    @Override
    public Decimal getDecimal(int i, int precision, int scale) {
        return Decimal.fromBigDecimal(BigDecimal.valueOf(value(i)), precision, scale);
    }
}
