package io.strata.metastore;

import io.strata.snapshot.Snapshot;
import io.strata.table.CommitCallback;
import io.strata.table.Table;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Syncs the metastore after each commit. The snapshot has already landed when this runs, so a failure
 * can never lose it: lenient (the default) logs which snapshot is not yet in the metastore and returns,
 * and the next sync (any later commit, {@code strata sync}, watch mode) catches up; strict
 * ({@code metastore.sync.strict=true}) rethrows, so the commit's caller sees the failure.
 */
public final class MetastoreSyncCallback implements CommitCallback {

    private static final Logger LOG = LoggerFactory.getLogger(MetastoreSyncCallback.class);

    private final Map<String, String> options;

    MetastoreSyncCallback(Map<String, String> options) {
        this.options = Map.copyOf(options);
    }

    @Override
    public void committed(Table table, Snapshot snapshot) {
        boolean strict = MetastoreSyncOptions.STRICT.get(options);
        try (MetastoreSync sync = MetastoreSync.connect(options, table.fileIO().hadoopConf())) {
            // The latest, not only this snapshot: a concurrent writer may have committed after it, and the
            // metastore must never be moved back to an older snapshot.
            Long latest = table.snapshots().latestSnapshotId();
            sync.syncTo(table, Math.max(snapshot.id(), latest == null ? snapshot.id() : latest));
        } catch (RuntimeException e) {
            if (strict) {
                throw new MetastoreSyncException("Snapshot " + snapshot.id() + " of table " + table.location()
                        + " was committed but not synced to the metastore at " + MetastoreSyncOptions.URI.get(options)
                        + ": " + e.getMessage(), e);
            }
            LOG.warn("Snapshot {} of table {} is committed but NOT yet in the metastore at {} (the next sync catches"
                    + " up; set {}=true to fail commits instead): {}", snapshot.id(), table.location(),
                    MetastoreSyncOptions.URI.get(options), MetastoreSyncOptions.STRICT.key(), e.getMessage());
        }
    }
}
