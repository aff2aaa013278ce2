package io.strata.metastore;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.LockComponent;
import org.apache.hadoop.hive.metastore.api.LockLevel;
import org.apache.hadoop.hive.metastore.api.LockRequest;
import org.apache.hadoop.hive.metastore.api.LockResponse;
import org.apache.hadoop.hive.metastore.api.LockState;
import org.apache.hadoop.hive.metastore.api.LockType;
import org.apache.hadoop.hive.metastore.api.ShowLocksRequest;
import org.apache.hadoop.hive.metastore.api.ShowLocksResponseElement;
import org.junit.jupiter.api.Test;

/** The harness itself: both ways into the one metastore see the same catalog, and its lock API works. */
class LocalMetastoreIT {

    @Test
    void embeddedAndThriftClientsShareOneMetastore() throws Exception {
        LocalMetastore hms = LocalMetastore.get();
        try (IMetaStoreClient embedded = hms.newEmbeddedClient(); IMetaStoreClient thrift = hms.newThriftClient()) {
            Database db = new Database("harness_db", "", hms.newDirectory("harness").toUri().toString(), new java.util.HashMap<>());
            embedded.createDatabase(db);
            assertThat(thrift.getAllDatabases()).contains("harness_db");
        }
    }

    /** The lock API needs the transaction tables that the harness creates (MetastoreLockSchema). */
    @Test
    void exclusiveTableLockIsTakenCheckedHeartbeatedAndReleasedAndMakesASecondRequestWait() throws Exception {
        LocalMetastore hms = LocalMetastore.get();
        try (IMetaStoreClient first = hms.newThriftClient(); IMetaStoreClient second = hms.newThriftClient()) {
            LockResponse held = first.lock(exclusiveTableLock("harness_locks", "orders"));
            assertThat(held.getState()).isEqualTo(LockState.ACQUIRED);
            long heldId = held.getLockid();
            assertThat(first.checkLock(heldId).getState()).isEqualTo(LockState.ACQUIRED);
            first.heartbeat(0, heldId);

            LockResponse waiting = second.lock(exclusiveTableLock("harness_locks", "orders"));
            assertThat(waiting.getState()).isEqualTo(LockState.WAITING);
            assertThat(second.checkLock(waiting.getLockid()).getState()).isEqualTo(LockState.WAITING);
            // Another table of the same database is not blocked.
            LockResponse other = second.lock(exclusiveTableLock("harness_locks", "customers"));
            assertThat(other.getState()).isEqualTo(LockState.ACQUIRED);
            second.unlock(other.getLockid());

            ShowLocksRequest show = new ShowLocksRequest();
            show.setDbname("harness_locks");
            show.setTablename("orders");
            List<ShowLocksResponseElement> locks = first.showLocks(show).getLocks();
            assertThat(locks).extracting(ShowLocksResponseElement::getLockid, ShowLocksResponseElement::getState)
                    .containsExactlyInAnyOrder(
                            org.assertj.core.groups.Tuple.tuple(heldId, LockState.ACQUIRED),
                            org.assertj.core.groups.Tuple.tuple(waiting.getLockid(), LockState.WAITING));

            first.unlock(heldId);
            assertThat(second.checkLock(waiting.getLockid()).getState()).isEqualTo(LockState.ACQUIRED);
            second.unlock(waiting.getLockid());
            assertThat(first.showLocks(show).getLocks()).isNullOrEmpty();
        }
    }

    static LockRequest exclusiveTableLock(String database, String table) {
        LockComponent component = new LockComponent(LockType.EXCLUSIVE, LockLevel.TABLE, database);
        component.setTablename(table);
        List<LockComponent> components = new ArrayList<>();
        components.add(component);
        return new LockRequest(components, System.getProperty("user.name"), "localhost");
    }
}
