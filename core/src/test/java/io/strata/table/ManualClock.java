package io.strata.table;

import io.strata.catalog.Tables;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;

/**
 * A clock that stands still until a test moves it, so that "later" is a statement of the test and not a
 * sleep that may or may not have been long enough. Thread-safe: compactions and commits may read it from
 * other threads.
 */
final class ManualClock extends Clock {

    private final ZoneId zone;
    private volatile Instant now;

    private ManualClock(Instant now, ZoneId zone) {
        this.now = now;
        this.zone = zone;
    }

    /**
     * Stopped at {@code start}, in the system's zone (the zone tag times are local to). Tests start near
     * the system's time, not at a fixed date, so that the times this clock does not drive (file
     * modification times, and snapshot times until the commit reads the table's clock) stay in the same
     * order as its own.
     */
    static ManualClock at(Instant start) {
        return new ManualClock(start, ZoneId.systemDefault());
    }

    /** {@code table} loaded again, deciding by this clock. */
    Table drive(Table table) {
        return Tables.load(table.fileIO(), table.location(), this);
    }

    /** Moves the clock forward by {@code step}. */
    ManualClock advance(Duration step) {
        if (step.isNegative()) {
            throw new IllegalArgumentException("A manual clock only moves forward, got " + step);
        }
        now = now.plus(step);
        return this;
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return zone;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        // A copy in another zone would stop following this one's moves; no test needs one.
        throw new UnsupportedOperationException("A manual clock keeps the zone it was made with");
    }
}
