package io.strata.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Timestamp against Apache Paimon's Timestamp: conversions, micros, order, text. */
class TimestampTest {

    private static final long MIN_MILLIS = LocalDateTime.parse("0001-01-01T00:00:00").toInstant(java.time.ZoneOffset.UTC).toEpochMilli();
    private static final long MAX_MILLIS = LocalDateTime.parse("9999-12-31T23:59:59.999").toInstant(java.time.ZoneOffset.UTC).toEpochMilli();

    private static Timestamp random(Random random) {
        long millis = random.nextInt(4) == 0 ? random.nextInt(2001) - 1000 : MIN_MILLIS + (long) (random.nextDouble() * (MAX_MILLIS - MIN_MILLIS));
        return Timestamp.of(millis, random.nextInt(3) == 0 ? 0 : random.nextInt(1_000_000));
    }

    @Test
    void convertsLikePaimon() {
        Random random = new Random(12);
        for (int i = 0; i < 50_000; i++) {
            Timestamp t = random(random);
            org.apache.paimon.data.Timestamp p = org.apache.paimon.data.Timestamp.fromEpochMillis(t.millisecond(), t.nanoOfMillisecond());
            assertThat(t.toLocalDateTime()).isEqualTo(p.toLocalDateTime());
            assertThat(t.toInstant()).isEqualTo(p.toInstant());
            assertThat(t.toString()).isEqualTo(p.toString());
            assertThat(t.toMicros()).isEqualTo(p.toMicros());
            assertThat(Timestamp.fromLocalDateTime(p.toLocalDateTime())).isEqualTo(t);
            assertThat(Timestamp.fromInstant(p.toInstant())).isEqualTo(t);
            org.apache.paimon.data.Timestamp fromMicros = org.apache.paimon.data.Timestamp.fromMicros(p.toMicros());
            Timestamp strataMicros = Timestamp.fromMicros(t.toMicros());
            assertThat(strataMicros.millisecond()).isEqualTo(fromMicros.getMillisecond());
            assertThat(strataMicros.nanoOfMillisecond()).isEqualTo(fromMicros.getNanoOfMillisecond());
        }
    }

    @Test
    void ordersLikePaimon() {
        Random random = new Random(13);
        for (int i = 0; i < 20_000; i++) {
            Timestamp a = random(random);
            Timestamp b = random.nextInt(3) == 0 ? Timestamp.of(a.millisecond(), random.nextInt(1_000_000)) : random(random);
            int expected = Integer.signum(org.apache.paimon.data.Timestamp.fromEpochMillis(a.millisecond(), a.nanoOfMillisecond())
                    .compareTo(org.apache.paimon.data.Timestamp.fromEpochMillis(b.millisecond(), b.nanoOfMillisecond())));
            assertThat(Integer.signum(a.compareTo(b))).as("%s vs %s", a, b).isEqualTo(expected);
            assertThat(a.equals(b)).isEqualTo(expected == 0);
        }
    }

    @Test
    void preEpochValuesKeepNanosWithinTheMillisecond() {
        Timestamp t = Timestamp.fromLocalDateTime(LocalDateTime.parse("1969-12-31T23:59:59.999999999"));
        assertThat(t.millisecond()).isEqualTo(-1);
        assertThat(t.nanoOfMillisecond()).isEqualTo(999_999);
        assertThat(t.toMicros()).isEqualTo(-1);
        assertThat(Timestamp.fromMicros(-1)).isEqualTo(Timestamp.of(-1, 999_000));
        assertThat(Timestamp.fromInstant(Instant.ofEpochSecond(-1, 1))).isEqualTo(Timestamp.of(-1000, 1));
        assertThatThrownBy(() -> Timestamp.of(0, 1_000_000)).hasMessageContaining("1000000");
    }
}
