package io.strata.format;

import static io.strata.types.DataTypes.BOOLEAN;
import static io.strata.types.DataTypes.DECIMAL;
import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.TIMESTAMP;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.Decimal;
import io.strata.data.GenericRow;
import io.strata.data.Timestamp;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StatsCollectorTest {

    private static final RowType TYPE = RowType.of(FIELD(1, "b", BOOLEAN()), FIELD(2, "compact", DECIMAL(12, 2)),
            FIELD(3, "wide", DECIMAL(30, 4)), FIELD(4, "ts", TIMESTAMP(9)));

    @Test
    void booleansDecimalsAndTimestampsMatchTheirNaturalOrder() {
        Random random = new Random(7);
        for (int round = 0; round < 50; round++) {
            List<GenericRow> rows = new ArrayList<>();
            int n = random.nextInt(40);
            boolean onlyTrue = round % 5 == 1;
            boolean onlyFalse = round % 5 == 2;
            for (int r = 0; r < n; r++) {
                boolean nulls = random.nextInt(4) == 0;
                rows.add(GenericRow.of(
                        nulls ? null : onlyTrue || (!onlyFalse && random.nextBoolean()),
                        nulls ? null : Decimal.fromUnscaledLong(random.nextInt(2001) - 1000, 12, 2),
                        nulls ? null : Decimal.fromBigDecimal(
                                new java.math.BigDecimal(random.nextLong()).movePointLeft(4), 30, 4),
                        nulls ? null : Timestamp.of(random.nextInt(5) - 2, random.nextInt(3) * 1000)));
            }
            StatsCollector collector = new StatsCollector(TYPE);
            rows.forEach(collector::collect);
            FieldStats[] stats = collector.result();
            for (int f = 0; f < TYPE.fieldCount(); f++) {
                assertThat(stats[f]).as("field %d of round %d", f, round).isEqualTo(reference(rows, f));
            }
        }
    }

    /** Min and max by {@link Comparable#compareTo}, as the collector computed them before it had a class per type. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static FieldStats reference(List<GenericRow> rows, int field) {
        List<Comparable> values = new ArrayList<>();
        long nulls = 0;
        for (GenericRow row : rows) {
            Object v = row.get(field);
            if (v == null) {
                nulls++;
            } else {
                values.add((Comparable) v);
            }
        }
        Comparator<Comparable> order = Comparable::compareTo;
        Object min = values.stream().min(order).orElse(null);
        Object max = values.stream().max(order).orElse(null);
        return new FieldStats(min, max, nulls);
    }
}
