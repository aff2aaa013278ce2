package io.strata.hive;

import io.strata.jobs.OrphanFilesJob;
import io.strata.table.ExpireSnapshots;
import io.strata.table.Table;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.parse.AlterTableExecuteSpec;
import org.apache.hadoop.hive.ql.parse.AlterTableExecuteSpec.DeleteOrphanFilesDesc;
import org.apache.hadoop.hive.ql.parse.AlterTableExecuteSpec.ExpireSnapshotsSpec;
import org.apache.hadoop.hive.ql.parse.AlterTableExecuteSpec.RollbackSpec;
import org.apache.hadoop.hive.ql.parse.AlterTableExecuteSpec.SetCurrentSnapshotSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code ALTER TABLE t EXECUTE ...} on a Strata table, each with the core's own operation (the code behind
 * {@code strata rollback}, {@code expire} and {@code expire --orphans}):
 *
 * <ul>
 *   <li>{@code ROLLBACK(<snapshot id>)} and {@code ROLLBACK('<timestamp>')} (to the newest snapshot committed at
 *       or before it); {@code SET_CURRENT_SNAPSHOT(<snapshot id>)} and {@code SET_CURRENT_SNAPSHOT('<tag>')} are
 *       rollbacks too, because a Strata table's history is one line: the current snapshot can only move back.
 *       The core then tells the commit callbacks the new latest snapshot, so the metastore sync follows it.
 *   <li>{@code EXPIRE_SNAPSHOTS} (by the table's retention options), {@code EXPIRE_SNAPSHOTS('<timestamp>')}
 *       (those older than it, within {@code snapshot.num-retained.min}) and {@code EXPIRE_SNAPSHOTS RETAIN LAST n}.
 *   <li>{@code DELETE ORPHAN-FILES [OLDER THAN ('<timestamp>')]} (Hive's default: older than three days), in the
 *       statement's process or, with {@code SET strata.orphan-files.engine=mapreduce}, as a MapReduce job.
 * </ul>
 *
 * Expiring chosen snapshot ids or a time range, {@code CHERRY-PICK} and {@code FAST-FORWARD} are refused
 * naming the statement: Strata expires the oldest snapshots first and has no branches. Every failure leaves
 * the table as it was and names the table and what was wrong (an unknown snapshot or tag, a snapshot a
 * consumer still reads).
 */
final class SnapshotStatements {

    private static final Logger LOG = LoggerFactory.getLogger(SnapshotStatements.class);

    private SnapshotStatements() {}

    /** Runs the statement on the Strata table of {@code hiveTable}; returns what it did, for the log. */
    static String execute(Configuration conf, org.apache.hadoop.hive.ql.metadata.Table hiveTable,
            AlterTableExecuteSpec<?> spec) {
        String name = hiveTable.getFullyQualifiedName();
        Table table = StrataTables.load(conf, hiveTable.getDataLocation().toString(), name);
        Object params = spec.getOperationParams();
        String done = switch (spec.getOperationType()) {
            case ROLLBACK -> rollback(table, name, (RollbackSpec) params);
            case SET_CURRENT_SNAPSHOT -> setCurrent(table, name, (SetCurrentSnapshotSpec) params);
            case EXPIRE_SNAPSHOT -> expire(table, name, (ExpireSnapshotsSpec) params);
            case DELETE_ORPHAN_FILES -> deleteOrphans(conf, table, name, (DeleteOrphanFilesDesc) params);
            case FAST_FORWARD, CHERRY_PICK -> throw new IllegalArgumentException("ALTER TABLE " + name + " EXECUTE "
                    + spec.getOperationType().name().replace('_', '-') + ": Strata tables have no branches, so there"
                    + " is nothing to " + (spec.getOperationType() == AlterTableExecuteSpec.ExecuteOperationType.FAST_FORWARD
                    ? "fast-forward" : "cherry-pick") + "; ROLLBACK and SET_CURRENT_SNAPSHOT move the table back");
            case DELETE_METADATA -> throw new IllegalArgumentException("Strata table " + name
                    + " does not delete rows by metadata; DELETE writes delete records");
        };
        LOG.info("ALTER TABLE {} EXECUTE {}: {}", name, spec.getOperationType(), done);
        return done;
    }

    private static String rollback(Table table, String name, RollbackSpec spec) {
        long id = switch (spec.getRollbackType()) {
            case VERSION -> spec.getParam();
            case TIME -> table.snapshots().latestSnapshotAtOrBefore(spec.getParam()).id();
        };
        return rollbackTo(table, name, id);
    }

    /** {@code SET_CURRENT_SNAPSHOT(<id>)}, or with a quoted name, the tag's snapshot. */
    private static String setCurrent(Table table, String name, SetCurrentSnapshotSpec spec) {
        String text = spec.getSnapshotIdOrRefName().trim();
        if (text.matches("\\d+")) {
            return rollbackTo(table, name, Long.parseLong(text));
        }
        String tag = unquote(text);
        table.rollbackToTag(tag);
        return "rolled back to tag " + tag;
    }

    private static String rollbackTo(Table table, String name, long snapshotId) {
        table.rollbackTo(snapshotId);
        return "rolled back to snapshot " + snapshotId;
    }

    private static String expire(Table table, String name, ExpireSnapshotsSpec spec) {
        ExpireSnapshots expire = table.expireSnapshots();
        if (spec != null) {
            if (spec.isExpireByIds() || spec.isExpireByTimestampRange()) {
                throw new IllegalArgumentException("ALTER TABLE " + name + " EXECUTE EXPIRE_SNAPSHOTS"
                        + (spec.isExpireByIds() ? " of chosen snapshot ids" : " BETWEEN two times") + ": Strata"
                        + " expires the oldest snapshots first; give a time (EXPIRE_SNAPSHOTS('<timestamp>')), RETAIN"
                        + " LAST n, or no argument (the table's retention options)");
            }
            if (spec.isExpireByRetainLast()) {
                if (spec.getNumRetainLast() < 1) {
                    throw new IllegalArgumentException("ALTER TABLE " + name + " EXECUTE EXPIRE_SNAPSHOTS RETAIN LAST "
                            + spec.getNumRetainLast() + ": keep at least 1 snapshot");
                }
                expire = expire.retainLast(spec.getNumRetainLast());
            } else if (spec.getTimestampMillis() != null) {
                expire = expire.olderThan(Instant.ofEpochMilli(spec.getTimestampMillis()));
            }
        }
        ExpireSnapshots.Result result = expire.commit();
        return "expired " + result.snapshotIds().size() + " snapshots " + result.snapshotIds() + ", deleted "
                + result.deletedFiles().size() + " files";
    }

    /** In this process, or as a MapReduce job when the session says so ({@link StrataConf#ORPHAN_FILES_ENGINE}). */
    private static String deleteOrphans(Configuration conf, Table table, String name, DeleteOrphanFilesDesc spec) {
        Instant olderThan = Instant.ofEpochMilli(spec.getTimestampMillis());
        if (!StrataConf.orphanFilesByJob(conf)) {
            List<org.apache.hadoop.fs.Path> deleted = table.removeOrphanFiles().olderThan(olderThan).execute();
            return "deleted " + deleted.size() + " orphan files";
        }
        try {
            OrphanFilesJob.Result result = OrphanFilesJob.of(conf, table).olderThan(olderThan).run();
            return "deleted " + result.orphans().size() + " orphan files with MapReduce job " + result.jobId() + " ("
                    + result.tasks() + " map tasks)";
        } catch (IOException e) {
            throw new UncheckedIOException("ALTER TABLE " + name + " EXECUTE DELETE ORPHAN-FILES: " + e.getMessage(),
                    e);
        }
    }

    private static String unquote(String text) {
        if (text.length() >= 2 && (text.charAt(0) == '\'' || text.charAt(0) == '"')
                && text.charAt(text.length() - 1) == text.charAt(0)) {
            return text.substring(1, text.length() - 1);
        }
        return text;
    }
}
