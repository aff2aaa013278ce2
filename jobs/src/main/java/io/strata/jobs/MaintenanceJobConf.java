package io.strata.jobs;

import io.strata.table.OrphanFileSearch;
import io.strata.table.Table;
import io.strata.table.TableCompaction;
import io.strata.table.TablePaths;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The keys a maintenance job hands its tasks in the job configuration. A compaction job: which table, which
 * buckets and how to compact them, and where the tasks leave their commit messages (written by
 * {@link CompactionJob}, read by {@link BucketCompactionMapper}). An orphan-file search: which table, the age
 * limit, where the driver left the references it read, and whether to delete (written by {@link OrphanFilesJob},
 * read by {@link OrphanSearchMapper} and {@link OrphanFileReducer}). No other class touches them.
 */
final class MaintenanceJobConf {

    static final String TABLE = "strata.job.table";
    static final String POLICY = "strata.compaction.policy";
    static final String PARTITION = "strata.compaction.partition";
    static final String BUCKET = "strata.compaction.bucket";
    static final String MESSAGES = "strata.compaction.messages-dir";

    static final String OLDER_THAN = "strata.orphan-files.older-than";
    static final String REFERENCES = "strata.orphan-files.references";
    static final String DRY_RUN = "strata.orphan-files.dry-run";

    private static final String COMPLETION_POLL = "mapreduce.client.completion.pollinterval";

    private MaintenanceJobConf() {}

    /**
     * Makes the driver look whether its job is done every 200 ms, unless a site file or the caller set it: Hadoop
     * looks every 5 s by default, most of a small job's time.
     */
    static void pollQuickly(Configuration conf) {
        String[] sources = conf.getPropertySources(COMPLETION_POLL);
        if (sources == null || Arrays.stream(sources).allMatch(source -> source.endsWith("-default.xml"))) {
            conf.setInt(COMPLETION_POLL, 200);
        }
    }

    /**
     * A new directory for one job's staged files: under the directory {@code key} names, else under the table's
     * staging directory ({@link TablePaths#STAGING_DIRECTORY}), named {@code <kind>-<uuid>}.
     */
    static Path stagingDirectory(Configuration conf, String key, Table table, String kind) {
        String root = conf.get(key);
        return new Path(root != null ? new Path(root) : new Path(table.location(), TablePaths.STAGING_DIRECTORY),
                kind + "-" + UUID.randomUUID());
    }

    static void writeOrphanSearch(Configuration conf, Table table, Instant olderThan, Path references,
            boolean dryRun) {
        conf.set(TABLE, table.location().toString());
        conf.setLong(OLDER_THAN, olderThan.toEpochMilli());
        conf.set(REFERENCES, references.toString());
        conf.setBoolean(DRY_RUN, dryRun);
    }

    /** The search the driver planned, as each task must run its steps. */
    static OrphanFileSearch orphanSearch(Configuration conf, Table table) {
        return table.removeOrphanFiles().olderThan(Instant.ofEpochMilli(Long.parseLong(require(conf, OLDER_THAN))))
                .search();
    }

    static Path references(Configuration conf) {
        return new Path(require(conf, REFERENCES));
    }

    static boolean dryRun(Configuration conf) {
        return conf.getBoolean(DRY_RUN, true);
    }

    static void write(Configuration conf, Table table, Map<String, String> partition, Integer bucket, boolean policy,
            Path messages) {
        conf.set(TABLE, table.location().toString());
        conf.setBoolean(POLICY, policy);
        if (!partition.isEmpty()) {
            // Partition values may hold '=' or ',': each key and value goes in a setting of its own.
            conf.setStrings(PARTITION, partition.keySet().toArray(new String[0]));
            partition.forEach((key, value) -> conf.set(PARTITION + "." + key, value));
        }
        if (bucket != null) {
            conf.setInt(BUCKET, bucket);
        }
        conf.set(MESSAGES, messages.toString());
    }

    static Path table(Configuration conf) {
        return new Path(require(conf, TABLE));
    }

    static Path messages(Configuration conf) {
        return new Path(require(conf, MESSAGES));
    }

    /** The compaction the driver planned, as each task must run it on its buckets. */
    static TableCompaction compaction(Configuration conf, Table table) {
        Map<String, String> spec = new LinkedHashMap<>();
        String[] keys = conf.getStrings(PARTITION);
        if (keys != null) {
            for (String key : keys) {
                spec.put(key, require(conf, PARTITION + "." + key));
            }
        }
        return compaction(table, spec, conf.get(BUCKET) == null ? null : conf.getInt(BUCKET, -1),
                conf.getBoolean(POLICY, false));
    }

    /** The compaction of {@code table} with this scope and mode: the driver's and every task's. */
    static TableCompaction compaction(Table table, Map<String, String> partition, Integer bucket, boolean policy) {
        TableCompaction compaction = table.newCompaction();
        if (!partition.isEmpty()) {
            compaction = compaction.partition(partition);
        }
        if (bucket != null) {
            compaction = compaction.bucket(bucket);
        }
        return policy ? compaction.policy() : compaction.full();
    }

    private static String require(Configuration conf, String key) {
        String value = conf.get(key);
        if (value == null) {
            throw new IllegalStateException("The job configuration has no '" + key + "': this task was not started by"
                    + " a Strata maintenance job");
        }
        return value;
    }
}
