package io.strata.format.orc;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TimeZone;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The shortcut for zones of one fixed offset gives exactly what {@code java.sql.Timestamp} (Paimon's
 * way) gives, on write and on read, and zones with DST or a history of offsets take the long way.
 */
class OrcTimestampsTest {

    private static List<Timestamp> values() {
        List<Timestamp> values = new ArrayList<>();
        // Around the shortcut's lower bound (1900-01-01), the epoch, Julian dates, the far future.
        for (long wall : new long[] {-2_208_988_800_001L, -2_208_988_800_000L, -2_208_988_799_999L, -1L, 0L, 1L,
                -14_831_769_600_000L, -12_219_292_800_001L, 253_402_300_799_999L}) {
            values.add(Timestamp.of(wall, 0));
            values.add(Timestamp.of(wall, 999_999));
        }
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 20_000; i++) {
            values.add(Timestamp.of(random.nextLong(-3_000_000_000_000L, 4_000_000_000_000L), random.nextInt(1_000_000)));
        }
        return values;
    }

    @ParameterizedTest
    @ValueSource(strings = {"UTC", "GMT+05:30", "Etc/GMT-3", "America/Los_Angeles", "Asia/Kolkata", "Europe/Berlin"})
    void sameInstantsAsJavaSqlTimestamp(String zoneId) {
        TimeZone before = TimeZone.getDefault();
        TimeZone zone = TimeZone.getTimeZone(zoneId);
        TimeZone.setDefault(zone);
        try {
            long offset = OrcTimestamps.writeOffsetMillis();
            boolean fixed = zoneId.equals("UTC") || zoneId.startsWith("GMT") || zoneId.startsWith("Etc/");
            assertThat(offset != OrcTimestamps.NOT_FIXED).as("shortcut in " + zoneId).isEqualTo(fixed);
            assertThat(OrcTimestamps.fixedOffsetMillis(zone)).isEqualTo(offset);

            List<Timestamp> values = values();
            TimestampColumnVector fast = new TimestampColumnVector(values.size());
            TimestampColumnVector reference = new TimestampColumnVector(values.size());
            for (int i = 0; i < values.size(); i++) {
                OrcTimestamps.write(fast, i, values.get(i), offset);
                OrcTimestamps.write(reference, i, values.get(i));
            }
            for (int i = 0; i < values.size(); i++) {
                assertThat(fast.time[i]).as(values.get(i).toString()).isEqualTo(reference.time[i]);
                assertThat(fast.nanos[i]).as(values.get(i).toString()).isEqualTo(reference.nanos[i]);
                assertThat(OrcTimestamps.read(fast, i, zone, offset)).isEqualTo(OrcTimestamps.read(reference, i, zone));
            }
        } finally {
            TimeZone.setDefault(before);
        }
    }
}
