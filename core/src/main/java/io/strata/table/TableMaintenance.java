package io.strata.table;

import io.strata.fs.FileIO;
import io.strata.schema.LifecycleOptions;
import io.strata.snapshot.ConsumerManager;
import io.strata.snapshot.Tag;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What runs after each successful commit unless {@code write-only} is set, in Paimon's order:
 * automatic tags, deletion of tags past their retention, removal of consumers not updated within
 * {@code consumer.expiration-time} (before expiration, so they stop protecting snapshots), then
 * snapshot expiration with the table's {@code snapshot.*} options, then changelog expiration with its
 * {@code changelog.*} options when changelogs outlive snapshots.
 *
 * <p>The commit has landed when this runs: a failure here is logged, never thrown, and is retried by
 * the next commit's maintenance.
 */
final class TableMaintenance {

    private static final Logger LOG = LoggerFactory.getLogger(TableMaintenance.class);

    private TableMaintenance() {}

    /**
     * Called by the commit once its snapshot landed, with the clock of the table it committed to; never
     * throws. The table is loaded again because the commit may have been planned on an older schema,
     * and the options that drive maintenance are those of the latest one.
     */
    static void afterCommit(FileIO io, Path tableRoot, Clock clock) {
        try {
            run(FileStoreTable.load(io, tableRoot).withClock(clock));
        } catch (RuntimeException e) {
            LOG.warn("Maintenance after a commit to {} failed (the commit stands; the next commit retries): {}",
                    tableRoot, e.toString(), e);
        }
    }

    /**
     * Same on the system clock. Kept only until the commit passes its table's clock (the commit
     * protocol is being rewritten elsewhere); then this goes.
     */
    static void afterCommit(FileIO io, Path tableRoot) {
        afterCommit(io, tableRoot, Clock.systemDefaultZone());
    }

    /** Runs the maintenance of {@code table} as of its clock's now. */
    static void run(FileStoreTable table) {
        Clock clock = table.clock();
        Map<String, String> options = table.schema().options();
        if (LifecycleOptions.WRITE_ONLY.get(options)) {
            return;
        }
        LifecycleOptions.validate(options);
        if (TagAutoCreation.enabled(options)) {
            new TagAutoCreation(table).run();
        }
        if (LifecycleOptions.TAG_TIME_EXPIRE_ENABLED.get(options)) {
            expireTags(table, clock);
        }
        Duration consumerExpiration = LifecycleOptions.CONSUMER_EXPIRATION_TIME.get(options);
        if (consumerExpiration != null) {
            new ConsumerManager(table.fileIO(), table.location()).expire(clock.instant().minus(consumerExpiration));
        }
        // Expires snapshots, then (when changelogs outlive them) the kept changelogs, as Paimon does.
        table.expireSnapshots().commit();
    }

    /** Deletes the tags whose creation time plus retention has passed (local wall time in the clock's zone, as Paimon). */
    private static void expireTags(FileStoreTable table, Clock clock) {
        Tags tags = new Tags(table);
        LocalDateTime now = LocalDateTime.now(clock);
        for (Tag tag : tags.list()) {
            if (tag.createTime() != null && tag.timeRetained() != null
                    && now.isAfter(tag.createTime().plus(tag.timeRetained()))) {
                LOG.info("Deleting tag '{}' of {}: its retention {} has passed", tag.name(), table.location(),
                        tag.timeRetained());
                tags.delete(tag.name());
            }
        }
    }
}
