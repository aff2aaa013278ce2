package io.strata.lsm;

import java.time.Clock;
import java.time.ZoneId;

/**
 * Off-peak hours of compaction ({@code compaction.offpeak.start.hour}, {@code compaction.offpeak.end.hour},
 * {@code compaction.offpeak-ratio}), as Paimon 1.4.2 has them: within the hours, universal compaction's size
 * ratio grows by the off-peak ratio, so bigger runs join a compaction while the cluster is quiet. Hours are
 * those of the JVM's time zone, start inclusive, end exclusive; a start after the end spans midnight.
 */
public final class OffPeakHours {

    private final int startHour;
    private final int endHour;
    private final int ratio;
    private final Clock clock;

    private OffPeakHours(int startHour, int endHour, int ratio, Clock clock) {
        this.startHour = startHour;
        this.endHour = endHour;
        this.ratio = ratio;
        this.clock = clock;
    }

    /** The off-peak hours, or null when disabled (an hour of -1, or start equal to end). */
    public static OffPeakHours of(int startHour, int endHour, int ratio, Clock clock) {
        if (startHour == -1 || endHour == -1 || startHour == endHour) {
            return null;
        }
        return new OffPeakHours(startHour, endHour, ratio, clock);
    }

    /** The extra size ratio at {@code hour} of the day: the off-peak ratio within the hours, else 0. */
    int ratioAt(int hour) {
        boolean offPeak = startHour <= endHour ? startHour <= hour && hour < endHour : hour < endHour || startHour <= hour;
        return offPeak ? ratio : 0;
    }

    /** The extra size ratio now. */
    int ratioNow() {
        return ratioAt(clock.instant().atZone(ZoneId.systemDefault()).getHour());
    }
}
