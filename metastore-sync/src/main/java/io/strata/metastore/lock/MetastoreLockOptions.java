package io.strata.metastore.lock;

import io.strata.schema.ConfigOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Table options of the Hive Metastore commit lock ({@link HiveMetastoreCommitLock}). The metastore's
 * address and the database/table names the lock is taken on come from the metastore sync's options
 * ({@code metastore.sync.uri}, {@code metastore.sync.database}, {@code metastore.sync.table}).
 *
 * <p>Defaults follow Apache Paimon's Hive catalog lock ({@code lock-acquire-timeout} 8 min,
 * {@code lock-check-max-sleep} 8 s), so a Strata writer waits for a Paimon writer as long as Paimon
 * waits for Strata.
 */
public final class MetastoreLockOptions {

    /**
     * Whether commits take the metastore lock. Absent means automatic: on when a metastore is configured
     * ({@code metastore.sync.uri}) and the table's file system cannot create a file only-if-absent
     * atomically (object stores: S3, GCS, OSS...), off otherwise. HDFS and local file systems need no
     * lock because two writers of {@code snapshot-N} cannot both succeed there; on object stores the
     * second writer silently overwrites the first, and only an external lock prevents the lost commit.
     * This is the rule Paimon uses for its catalog lock ({@code lock.enabled}, default: the file system
     * is an object store).
     */
    public static final ConfigOption<Boolean> ENABLED = ConfigOption.of(
            "metastore.lock.enabled", null,
            "Take an EXCLUSIVE Hive Metastore table lock around each commit (compatible with Apache Paimon's Hive "
                    + "catalog lock). Default: on when metastore.sync.uri is set and the table's file system has no "
                    + "atomic create-if-absent (object stores); off otherwise.",
            MetastoreLockOptions::parseBoolean);

    /** How long a commit waits for the lock before it fails, naming the table and the holder. */
    public static final ConfigOption<Duration> ACQUIRE_TIMEOUT = ConfigOption.of(
            "metastore.lock.acquire-timeout", Duration.ofMinutes(8),
            "The longest a commit waits for the metastore lock; then it fails naming the table and the lock's holder.",
            ConfigOption::parseDuration);

    /** The longest sleep between two checks of a waiting lock (sleeps start at 50 ms and double). */
    public static final ConfigOption<Duration> CHECK_MAX_SLEEP = ConfigOption.of(
            "metastore.lock.check-max-sleep", Duration.ofSeconds(8),
            "The longest sleep between two checks of a waiting metastore lock (sleeps start at 50 ms and double); "
                    + "never longer than metastore.lock.heartbeat-interval, since each check also keeps the waiting "
                    + "request alive.",
            ConfigOption::parseDuration);

    /**
     * How often a held lock is heartbeated. The metastore drops locks not heartbeated within its
     * {@code hive.txn.timeout} (default 300 s): keep this well below it.
     */
    public static final ConfigOption<Duration> HEARTBEAT_INTERVAL = ConfigOption.of(
            "metastore.lock.heartbeat-interval", Duration.ofSeconds(60),
            "How often a held (or awaited) metastore lock is heartbeated; must be well below the metastore's "
                    + "hive.txn.timeout (default 300 s), after which the metastore drops an unheartbeated lock.",
            ConfigOption::parseDuration);

    /** Every option of the lock, for documentation. */
    public static final List<ConfigOption<?>> ALL = List.of(ENABLED, ACQUIRE_TIMEOUT, CHECK_MAX_SLEEP, HEARTBEAT_INTERVAL);

    private MetastoreLockOptions() {}

    /** The lock's timings in {@code options}; fails naming the option whose value is invalid. */
    public static LockTimings timings(Map<String, String> options) {
        Duration acquireTimeout = ACQUIRE_TIMEOUT.get(options);
        Duration checkMaxSleep = CHECK_MAX_SLEEP.get(options);
        Duration heartbeatInterval = HEARTBEAT_INTERVAL.get(options);
        requirePositive(ACQUIRE_TIMEOUT, acquireTimeout);
        requirePositive(CHECK_MAX_SLEEP, checkMaxSleep);
        requirePositive(HEARTBEAT_INTERVAL, heartbeatInterval);
        return new LockTimings(acquireTimeout, checkMaxSleep, heartbeatInterval);
    }

    private static void requirePositive(ConfigOption<Duration> option, Duration value) {
        if (value.isZero() || value.isNegative()) {
            throw new IllegalArgumentException(
                    "Invalid value '" + value + "' for table option '" + option.key() + "': must be positive");
        }
    }

    private static Boolean parseBoolean(String text) {
        String value = text.trim();
        if (value.equalsIgnoreCase("true")) {
            return Boolean.TRUE;
        }
        if (value.equalsIgnoreCase("false")) {
            return Boolean.FALSE;
        }
        throw new IllegalArgumentException("expected true or false");
    }


}
