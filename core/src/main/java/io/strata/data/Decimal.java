package io.strata.data;

import io.strata.api.PublicApi;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Objects;

/**
 * A decimal value of a fixed precision and scale. Precision up to 18 is held as an unscaled long
 * ("compact", as Paimon stores it in BinaryRow slots); larger precision as a BigDecimal.
 */
@PublicApi
public final class Decimal implements Comparable<Decimal> {

    /** The largest precision whose unscaled value fits a long. */
    public static final int MAX_COMPACT_PRECISION = 18;

    private final int precision;
    private final int scale;
    private final long compact;
    private final BigDecimal big;

    private Decimal(int precision, int scale, long compact, BigDecimal big) {
        this.precision = precision;
        this.scale = scale;
        this.compact = compact;
        this.big = big;
    }

    public static boolean isCompact(int precision) {
        return precision <= MAX_COMPACT_PRECISION;
    }

    public static Decimal fromUnscaledLong(long unscaled, int precision, int scale) {
        if (isCompact(precision)) {
            return new Decimal(precision, scale, unscaled, null);
        }
        return new Decimal(precision, scale, 0, BigDecimal.valueOf(unscaled, scale));
    }

    /** The value rounded HALF_UP to the scale, or null if it does not fit the precision (as Paimon does). */
    public static Decimal fromBigDecimal(BigDecimal value, int precision, int scale) {
        BigDecimal scaled = value.setScale(scale, RoundingMode.HALF_UP);
        if (scaled.precision() > precision) {
            return null;
        }
        if (isCompact(precision)) {
            return new Decimal(precision, scale, scaled.unscaledValue().longValueExact(), null);
        }
        return new Decimal(precision, scale, 0, scaled);
    }

    /** Reads a big-endian two's complement unscaled value. */
    public static Decimal fromUnscaledBytes(byte[] bytes, int precision, int scale) {
        BigInteger unscaled = new BigInteger(bytes);
        if (isCompact(precision)) {
            return new Decimal(precision, scale, unscaled.longValue(), null);
        }
        return new Decimal(precision, scale, 0, new BigDecimal(unscaled, scale));
    }

    public int precision() {
        return precision;
    }

    public int scale() {
        return scale;
    }

    public boolean isCompact() {
        return big == null;
    }

    public long toUnscaledLong() {
        return big == null ? compact : big.unscaledValue().longValueExact();
    }

    /** Big-endian two's complement unscaled bytes, as BinaryRow and Parquet store them. */
    public byte[] toUnscaledBytes() {
        return toBigDecimal().unscaledValue().toByteArray();
    }

    public BigDecimal toBigDecimal() {
        return big == null ? BigDecimal.valueOf(compact, scale) : big;
    }

    @Override
    public int compareTo(Decimal o) {
        if (big == null && o.big == null && scale == o.scale) {
            return Long.compare(compact, o.compact);
        }
        return toBigDecimal().compareTo(o.toBigDecimal());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Decimal d && compareTo(d) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(toBigDecimal().stripTrailingZeros());
    }

    @Override
    public String toString() {
        return toBigDecimal().toPlainString();
    }
}
