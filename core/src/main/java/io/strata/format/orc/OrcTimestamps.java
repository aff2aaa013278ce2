package io.strata.format.orc;

import io.strata.data.Timestamp;
import java.time.Instant;
import java.time.zone.ZoneRules;
import java.util.TimeZone;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;

/**
 * How Paimon 1.4.2 puts timestamps into ORC and takes them out, reproduced exactly, because ORC
 * timestamps depend on the JVM time zone and a file must read back as Paimon reads it.
 *
 * <p>Writing (TIMESTAMP, and TIMESTAMP WITH LOCAL TIME ZONE in Paimon's default
 * {@code orc.timestamp-ltz.legacy.type=true}): the value's wall time is turned into a
 * {@link java.sql.Timestamp} with {@code java.sql.Timestamp.valueOf(LocalDateTime)}, i.e. read as a
 * local time of the JVM zone (a wall time in a DST gap moves forward, and dates before 1582 use the
 * Julian calendar, as {@link java.util.Date} does), and its {@code getTime()} / {@code getNanos()} go
 * into the vector. ORC then stores seconds relative to 2015-01-01 in the writer's zone for
 * {@code timestamp} and UTC for {@code timestamp with local time zone}, truncating negative millis
 * toward zero (so 1969-12-31 23:59:59.999 written in UTC reads back as 1970-01-01 00:00:00.999).
 * Since reading is proleptic Gregorian, wall times before 1582-10-15 come back shifted (1500-01-01
 * reads as 1500-01-10), and TIMESTAMP WITH LOCAL TIME ZONE values move by the difference between the
 * writer's and the reader's zone offsets. All of this is what Paimon itself reads back.
 *
 * <p>Reading: ORC returns epoch millis shifted from the writer's to the reader's zone (for
 * {@code timestamp}); the value is those millis plus the JVM zone's offset at that instant, with the
 * nanoseconds of the millisecond from the vector's nanos.
 */
final class OrcTimestamps {

    private OrcTimestamps() {}

    /** {@link #fixedOffsetMillis} of a zone whose offset changes (DST, or history). */
    static final long NOT_FIXED = Long.MIN_VALUE;

    /**
     * 1900-01-01T00:00 as epoch millis of a wall time: from here on {@link java.util.Date} computes in the
     * proleptic Gregorian calendar, so in a zone of one fixed offset the instant of a wall time is the
     * wall time minus that offset.
     */
    private static final long GREGORIAN_SAFE_WALL_MILLIS = -2_208_988_800_000L;

    /**
     * The zone's offset in millis if it is one fixed offset for all time (UTC, {@code GMT+05:30}), else
     * {@link #NOT_FIXED}.
     */
    static long fixedOffsetMillis(TimeZone zone) {
        ZoneRules rules;
        try {
            rules = zone.toZoneId().getRules();
        } catch (RuntimeException e) {
            return NOT_FIXED;
        }
        if (!rules.isFixedOffset() || zone.useDaylightTime() || zone.getDSTSavings() != 0) {
            return NOT_FIXED;
        }
        long offset = rules.getOffset(Instant.EPOCH).getTotalSeconds() * 1000L;
        for (long instant : SAMPLES) {
            if (zone.getOffset(instant) != offset) {
                return NOT_FIXED;
            }
        }
        return offset;
    }

    private static final long[] SAMPLES = {GREGORIAN_SAFE_WALL_MILLIS, 0L, 1_700_000_000_123L, 253_402_300_799_999L};

    /**
     * {@link #fixedOffsetMillis} of the JVM zone now, for {@link #write(TimestampColumnVector, int,
     * Timestamp, long)}; checked against {@code java.sql.Timestamp} itself, so that the shortcut is taken
     * only where it gives the same instants.
     */
    static long writeOffsetMillis() {
        long offset = fixedOffsetMillis(TimeZone.getDefault());
        if (offset == NOT_FIXED) {
            return NOT_FIXED;
        }
        for (long wall : SAMPLES) {
            java.sql.Timestamp sql = java.sql.Timestamp.valueOf(Timestamp.of(wall, 0).toLocalDateTime());
            if (sql.getTime() != wall - offset) {
                return NOT_FIXED;
            }
        }
        return offset;
    }

    /**
     * Puts {@code value} into row {@code row} of the vector as Paimon's ORC writer does, in the JVM zone
     * (now) whose {@link #writeOffsetMillis} is {@code fixedOffset}.
     */
    static void write(TimestampColumnVector vector, int row, Timestamp value, long fixedOffset) {
        long wall = value.millisecond();
        if (fixedOffset != NOT_FIXED && wall >= GREGORIAN_SAFE_WALL_MILLIS) {
            // What java.sql.Timestamp.valueOf computes in such a zone, without a calendar per value.
            vector.time[row] = wall - fixedOffset;
            vector.nanos[row] = (int) Math.floorMod(wall, 1000L) * 1_000_000 + value.nanoOfMillisecond();
            return;
        }
        write(vector, row, value);
    }

    /** Puts {@code value} into row {@code row} of the vector as Paimon's ORC writer does. */
    static void write(TimestampColumnVector vector, int row, Timestamp value) {
        // java.sql.Timestamp on purpose: its calendar (Julian before 1582) and its resolution of DST
        // gaps and overlaps are what Paimon's files contain.
        java.sql.Timestamp sql = java.sql.Timestamp.valueOf(value.toLocalDateTime());
        vector.time[row] = sql.getTime();
        vector.nanos[row] = sql.getNanos();
    }

    /** The value at {@code index} of the vector as Paimon's ORC reader returns it in {@code zone}. */
    static Timestamp read(TimestampColumnVector vector, int index, TimeZone zone) {
        long time = vector.time[index];
        return Timestamp.of(time + zone.getOffset(time), vector.nanos[index] % 1_000_000);
    }

    /** {@link #read(TimestampColumnVector, int, TimeZone)} in a zone whose offset is always {@code fixedOffset}. */
    static Timestamp read(TimestampColumnVector vector, int index, TimeZone zone, long fixedOffset) {
        if (fixedOffset == NOT_FIXED) {
            return read(vector, index, zone);
        }
        return Timestamp.of(vector.time[index] + fixedOffset, vector.nanos[index] % 1_000_000);
    }
}
