package io.strata.table.lifecycle;

import io.strata.schema.LifecycleOptions;
import io.strata.snapshot.ConsumerManager;
import io.strata.snapshot.Tag;
import io.strata.table.Table;
import io.strata.table.Tags;
import io.strata.table.store.TableStore;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What runs after each successful commit unless {@code write-only} is set, in Paimon's order:
 * automatic tags, deletion of tags past their retention, partition expiration when due
 * ({@link PartitionExpiration}), removal of consumers not updated within
 * {@code consumer.expiration-time} (before expiration, so they stop protecting snapshots), then
 * snapshot expiration with the table's {@code snapshot.*} options, then changelog expiration with its
 * {@code changelog.*} options when changelogs outlive snapshots.
 *
 * <p>The commit has landed when this runs: a failure here is logged, never thrown, and is retried by
 * the next commit's maintenance.
 */
public final class TableMaintenance {

    private static final Logger LOG = LoggerFactory.getLogger(TableMaintenance.class);

    private TableMaintenance() {}

    /**
     * The last step of every landed commit, run by {@code CommitHooks.committed} after the commit
     * callbacks; never throws. It reads the table's latest schema first, on the writer's clock: a
     * long-lived writer may have opened the table before an ALTER changed the options that drive
     * maintenance ({@code snapshot.num-retained.*}, tag and consumer retention, {@code write-only}).
     */
    public static void afterCommit(Table writerTable) {
        try {
            run(TableStore.of(writerTable).reloaded(), writerTable);
        } catch (RuntimeException e) {
            LOG.warn("Maintenance after a commit to {} failed (the commit stands; the next commit retries): {}",
                    writerTable.location(), e.toString(), e);
        }
    }

    /** Runs the maintenance of {@code table} as of its clock's now (partition expiration aside). */
    public static void run(TableStore store) {
        run(store, null);
    }

    private static void run(TableStore store, Table table) {
        Clock clock = store.clock();
        Map<String, String> options = store.schema().options();
        if (LifecycleOptions.WRITE_ONLY.get(options)) {
            return;
        }
        LifecycleOptions.validate(options);
        if (TagAutoCreation.enabled(options)) {
            new TagAutoCreation(store).run();
        }
        if (LifecycleOptions.TAG_TIME_EXPIRE_ENABLED.get(options)) {
            expireTags(store, clock);
        }
        if (table != null) {
            PartitionExpiration.afterCommit(table, store);
        }
        Duration consumerExpiration = LifecycleOptions.CONSUMER_EXPIRATION_TIME.get(options);
        if (consumerExpiration != null) {
            new ConsumerManager(store.fileIO(), store.location()).expire(clock.instant().minus(consumerExpiration));
        }
        // Expires snapshots, then (when changelogs outlive them) the kept changelogs, as Paimon does.
        new SnapshotRetention(store).commit();
    }

    /** Deletes the tags whose creation time plus retention has passed (local wall time in the clock's zone, as Paimon). */
    private static void expireTags(TableStore store, Clock clock) {
        Tags tags = new TableTags(store);
        LocalDateTime now = LocalDateTime.now(clock);
        for (Tag tag : tags.list()) {
            if (tag.createTime() != null && tag.timeRetained() != null
                    && now.isAfter(tag.createTime().plus(tag.timeRetained()))) {
                LOG.info("Deleting tag '{}' of {}: its retention {} has passed", tag.name(), store.location(),
                        tag.timeRetained());
                tags.delete(tag.name());
            }
        }
    }
}
