package io.strata.metastore.lock;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * How long {@link HiveMetastoreCommitLock} waits for the lock, how it polls while waiting, and how often
 * it heartbeats while it holds (or waits for) the lock. See {@link MetastoreLockOptions} for each.
 */
public record LockTimings(Duration acquireTimeout, Duration checkMaxSleep, Duration heartbeatInterval) {

    /** The first sleep between two checks of a waiting lock; each next one doubles, up to {@link #maxSleep()}. */
    static final Duration FIRST_SLEEP = Duration.ofMillis(50);

    public LockTimings {
        Objects.requireNonNull(acquireTimeout, "acquireTimeout");
        Objects.requireNonNull(checkMaxSleep, "checkMaxSleep");
        Objects.requireNonNull(heartbeatInterval, "heartbeatInterval");
    }

    /** The defaults of {@link MetastoreLockOptions}. */
    public static LockTimings defaults() {
        return MetastoreLockOptions.timings(Map.of());
    }

    /**
     * The longest sleep between checks: a waiting request is kept alive only by its checks, so it never
     * sleeps longer than the heartbeat interval (else the metastore could drop it as abandoned).
     */
    Duration maxSleep() {
        return checkMaxSleep.compareTo(heartbeatInterval) < 0 ? checkMaxSleep : heartbeatInterval;
    }
}
