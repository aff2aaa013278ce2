package io.strata.hive;

import io.strata.table.CommitCallbackException;
import io.strata.table.CommitException;
import io.strata.table.CommitMessage;
import io.strata.table.CommitStateUnknownException;
import io.strata.table.Table;
import io.strata.table.TableCommit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.api.hive_metastoreConstants;
import org.apache.hadoop.hive.ql.Context;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one commit of a Hive statement that wrote a Strata table, run in Hive's move step after every task
 * succeeded, on Tez and MapReduce alike: it gathers what the tasks staged ({@link StagedCommits}) and
 * commits it as one snapshot with the core's commit protocol (conflict checks and retries, the commit lock
 * where the table needs one, the commit callbacks that run the metastore sync, then the table's
 * maintenance).
 *
 * <p>Outcomes: committed (the staging directory is removed); failed (nothing is visible, the files the
 * tasks wrote are removed, the statement fails); unknown (nothing is removed, the statement fails saying
 * how to check); committed but a commit callback failed (the statement succeeds, with a warning: failing it
 * would invite a retry that writes the rows twice).
 */
public final class StatementCommit {

    private static final Logger LOG = LoggerFactory.getLogger(StatementCommit.class);

    private StatementCommit() {}

    /**
     * Commits what the tasks of the current statement ({@code hive.query.id}) wrote to the table the
     * properties name; returns the snapshot id, or -1 if they wrote nothing.
     */
    public static long commit(Configuration conf, Properties commitProperties, Context.Operation operation)
            throws HiveException {
        String hiveTable = commitProperties.getProperty(hive_metastoreConstants.META_TABLE_NAME, "(unnamed)");
        // INSERT OVERWRITE replaces; INSERT INTO, UPDATE, DELETE and MERGE commit their rows and deletes by key.
        boolean overwrite = operation == Context.Operation.IOW;
        String queryId = conf.get(StrataConf.HIVE_QUERY_ID);
        Table table;
        StagedCommits staged;
        List<CommitMessage> messages = new ArrayList<>();
        try {
            table = StrataTables.load(conf, StrataConf.location(commitProperties), hiveTable);
            staged = new StagedCommits(table.fileIO(), table.location(), queryId);
            messages.addAll(staged.messages());
        } catch (IOException | IllegalArgumentException e) {
            throw new HiveException("Cannot commit the statement " + queryId + " to Hive table " + hiveTable + ": "
                    + e.getMessage(), e);
        }
        try (TableCommit commit = table.newCommit(queryId)) {
            // INSERT OVERWRITE replaces the partitions the statement writes (the whole table if it is unpartitioned),
            // as Paimon's dynamic partition overwrite does; with a PARTITION clause that names one partition, that one.
            String staticPartition = commitProperties.getProperty(StrataConf.WRITE_STATIC_PARTITION);
            long snapshot = !overwrite ? commit.commit(messages)
                    : commit.overwrite(messages, staticPartition == null ? Map.of() : HivePartitions.values(staticPartition));
            staged.remove();
            LOG.info("Statement {} committed {} to Hive table {} ({})", queryId,
                    snapshot < 0 ? "nothing" : "snapshot " + snapshot, hiveTable, table.location());
            return snapshot;
        } catch (CommitCallbackException e) {
            staged.remove();
            LOG.warn("Statement {} committed snapshot {} to Hive table {} ({}), but a commit callback failed (the rows"
                    + " are in; run the metastore sync to catch up): {}", queryId, e.snapshotId(), hiveTable,
                    table.location(), e.getMessage(), e);
            return e.snapshotId();
        } catch (CommitStateUnknownException e) {
            staged.markOutcomeUnknown();
            throw new HiveException("The commit of statement " + queryId + " to Hive table " + hiveTable + " ("
                    + table.location() + ") may or may not have landed; nothing was removed. " + e.getMessage(), e);
        } catch (CommitException e) {
            staged.remove();
            throw new HiveException("The statement " + queryId + " could not commit to Hive table " + hiveTable + " ("
                    + table.location() + "); the table is as it was: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            // Raised before any snapshot was attempted (the commit hooks could not open, say): nothing landed.
            abortQuietly(table, queryId, messages);
            staged.remove();
            throw new HiveException("The statement " + queryId + " could not commit to Hive table " + hiveTable + " ("
                    + table.location() + "): " + e.getMessage(), e);
        }
    }

    private static void abortQuietly(Table table, String queryId, List<CommitMessage> messages) {
        try (TableCommit discard = table.newCommit(queryId)) {
            discard.abort(messages);
        } catch (RuntimeException e) {
            LOG.warn("Cannot remove the files of statement {} from {}: {}", queryId, table.location(), e.toString(), e);
        }
    }

    /**
     * Deletes what the tasks of statement {@code queryId} wrote to the table and staged, and the staging:
     * the statement failed and will not commit. Nothing that a snapshot references is touched: a statement
     * whose commit was attempted with an unknown outcome keeps its files.
     */
    static void abort(Configuration conf, String hiveTable, String location, String queryId) {
        Table table = StrataTables.load(conf, location, hiveTable);
        StagedCommits staged = new StagedCommits(table.fileIO(), table.location(), queryId);
        List<CommitMessage> messages = new ArrayList<>();
        try {
            if (staged.outcomeUnknown()) {
                LOG.warn("Statement {} failed after a commit to Hive table {} ({}) of unknown outcome: its files stay"
                        + " in {} until the outcome is checked", queryId, hiveTable, table.location(), staged.directory());
                return;
            }
            messages.addAll(staged.messages());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read what statement " + queryId + " staged for Hive table "
                    + hiveTable + " in " + staged.directory() + ": " + e.getMessage(), e);
        }
        try (TableCommit commit = table.newCommit(queryId)) {
            commit.abort(messages);
        }
        staged.remove();
        LOG.info("Statement {} failed: removed what its tasks wrote to Hive table {} ({} bucket writes)", queryId,
                hiveTable, messages.size());
    }
}
