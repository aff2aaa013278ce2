package io.strata.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Decimal against Apache Paimon's Decimal: rounding, overflow, unscaled forms, order, text. */
class DecimalTest {

    private static final int[][] PRECISION_SCALE = {{1, 0}, {5, 5}, {10, 2}, {18, 0}, {18, 9}, {19, 4}, {20, 20}, {38, 0}, {38, 18}};

    @Test
    void convertsLikePaimon() {
        Random random = new Random(9);
        for (int i = 0; i < 50_000; i++) {
            int[] ps = PRECISION_SCALE[random.nextInt(PRECISION_SCALE.length)];
            // Values of up to 40 digits with up to 25 fraction digits: many round, some overflow.
            BigInteger unscaled = new BigInteger(1 + random.nextInt(133), random);
            BigDecimal value = new BigDecimal(random.nextBoolean() ? unscaled.negate() : unscaled, random.nextInt(26));
            Decimal strata = Decimal.fromBigDecimal(value, ps[0], ps[1]);
            org.apache.paimon.data.Decimal paimon = org.apache.paimon.data.Decimal.fromBigDecimal(value, ps[0], ps[1]);
            String what = value + " as DECIMAL(" + ps[0] + ", " + ps[1] + ")";
            if (paimon == null) {
                assertThat(strata).as(what).isNull();
                continue;
            }
            assertThat(strata).as(what).isNotNull();
            assertThat(strata.toBigDecimal()).as(what).isEqualTo(paimon.toBigDecimal());
            assertThat(strata.toString()).as(what).isEqualTo(paimon.toString());
            assertThat(strata.toUnscaledBytes()).as(what).isEqualTo(paimon.toUnscaledBytes());
            assertThat(strata.isCompact()).isEqualTo(paimon.isCompact());
            if (paimon.isCompact()) {
                assertThat(strata.toUnscaledLong()).as(what).isEqualTo(paimon.toUnscaledLong());
            }
            Decimal back = Decimal.fromUnscaledBytes(paimon.toUnscaledBytes(), ps[0], ps[1]);
            assertThat(back).as(what).isEqualTo(strata);
        }
    }

    @Test
    void ordersLikePaimon() {
        Random random = new Random(10);
        for (int i = 0; i < 20_000; i++) {
            int[] ps = PRECISION_SCALE[random.nextInt(PRECISION_SCALE.length)];
            BigDecimal a = new BigDecimal(new BigInteger(random.nextInt(ps[0] * 3 + 1) + 1, random).subtract(BigInteger.TEN), ps[1]);
            BigDecimal b = random.nextInt(4) == 0 ? a : new BigDecimal(new BigInteger(random.nextInt(ps[0] * 3 + 1) + 1, random), ps[1]);
            Decimal sa = Decimal.fromBigDecimal(a, ps[0], ps[1]);
            Decimal sb = Decimal.fromBigDecimal(b, ps[0], ps[1]);
            if (sa == null || sb == null) {
                continue;
            }
            int expected = Integer.signum(org.apache.paimon.data.Decimal.fromBigDecimal(a, ps[0], ps[1])
                    .compareTo(org.apache.paimon.data.Decimal.fromBigDecimal(b, ps[0], ps[1])));
            assertThat(Integer.signum(sa.compareTo(sb))).as("%s vs %s", a, b).isEqualTo(expected);
            assertThat(sa.equals(sb)).isEqualTo(expected == 0);
            if (expected == 0) {
                assertThat(sa.hashCode()).isEqualTo(sb.hashCode());
            }
        }
    }

    @Test
    void roundsHalfUpAndRejectsOverflow() {
        assertThat(Decimal.fromBigDecimal(new BigDecimal("1.005"), 10, 2).toString()).isEqualTo("1.01");
        assertThat(Decimal.fromBigDecimal(new BigDecimal("-1.005"), 10, 2).toString()).isEqualTo("-1.01");
        assertThat(Decimal.fromBigDecimal(new BigDecimal("999.995"), 5, 2)).isNull();
        assertThat(Decimal.fromBigDecimal(new BigDecimal("1E+38"), 38, 0)).isNull();
        Decimal max = Decimal.fromBigDecimal(new BigDecimal("-" + "9".repeat(38)), 38, 0);
        assertThat(max.toUnscaledBytes()).hasSizeLessThanOrEqualTo(16);
        assertThat(Decimal.fromUnscaledLong(-5, 20, 3).toString()).isEqualTo("-0.005");
    }
}
