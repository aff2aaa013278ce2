package io.strata.metastore.lock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.LockComponent;
import org.apache.hadoop.hive.metastore.api.LockLevel;
import org.apache.hadoop.hive.metastore.api.LockRequest;
import org.apache.hadoop.hive.metastore.api.LockResponse;
import org.apache.hadoop.hive.metastore.api.LockState;
import org.apache.hadoop.hive.metastore.api.LockType;

/**
 * The metastore calls Apache Paimon 1.4's Hive catalog lock ({@code org.apache.paimon.hive.HiveCatalogLock})
 * makes, for tests of Strata's lock against a Paimon writer.
 *
 * <p>WHY a stand-in: that class is not in {@code paimon-bundle} (which has no Hive catalog), and Paimon's
 * Hive artifacts ({@code paimon-hive-catalog}, {@code paimon-hive-connector-3.1}) at 1.4.2 cannot be
 * resolved from Maven Central here. These are the facts of its protocol, from Paimon's source: one
 * EXCLUSIVE component at TABLE level on (database, table) with the operation type unset, no transaction,
 * requested as {@code user.name} from the local host name; while WAITING, {@code checkLock} after sleeps
 * that start at 100 ms and double up to {@code lock-check-max-sleep}; after {@code lock-acquire-timeout}
 * a still-waiting request is unlocked and the acquire fails; the lock is released with {@code unlock};
 * no heartbeats.
 */
final class PaimonHiveLockProtocol {

    private final IMetaStoreClient client;
    private final Duration checkMaxSleep;
    private final Duration acquireTimeout;

    PaimonHiveLockProtocol(IMetaStoreClient client, Duration checkMaxSleep, Duration acquireTimeout) {
        this.client = client;
        this.checkMaxSleep = checkMaxSleep;
        this.acquireTimeout = acquireTimeout;
    }

    /** Paimon's request, as the metastore receives it. */
    static LockRequest request(String database, String table) throws Exception {
        LockComponent component = new LockComponent(LockType.EXCLUSIVE, LockLevel.TABLE, database);
        component.setTablename(table);
        component.unsetOperationType();
        List<LockComponent> components = new ArrayList<>();
        components.add(component);
        return new LockRequest(components, System.getProperty("user.name"), java.net.InetAddress.getLocalHost().getHostName());
    }

    /** The first response to Paimon's request, without waiting (tests then see WAITING or ACQUIRED). */
    LockResponse request(LockRequest request) throws Exception {
        return client.lock(request);
    }

    /** Waits as Paimon does for a requested lock; returns its id once ACQUIRED, fails after the timeout. */
    long await(LockResponse first) throws Exception {
        LockResponse response = first;
        long sleep = 50;
        long start = System.currentTimeMillis();
        while (response.getState() == LockState.WAITING) {
            sleep = Math.min(sleep * 2, checkMaxSleep.toMillis());
            Thread.sleep(sleep);
            response = client.checkLock(response.getLockid());
            if (System.currentTimeMillis() - start > acquireTimeout.toMillis()) {
                break;
            }
        }
        if (response.getState() != LockState.ACQUIRED) {
            if (response.getState() == LockState.WAITING) {
                client.unlock(response.getLockid());
            }
            throw new IllegalStateException("Acquire lock failed with time: "
                    + Duration.ofMillis(System.currentTimeMillis() - start));
        }
        return response.getLockid();
    }

    /** Takes the lock (waiting as Paimon does). */
    long lock(String database, String table) throws Exception {
        return await(request(request(database, table)));
    }

    void unlock(long lockId) throws Exception {
        client.unlock(lockId);
    }
}
