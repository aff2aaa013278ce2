package io.strata.jobs;

import io.strata.table.Table;
import io.strata.table.TableCompaction;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The keys a compaction job hands its tasks in the job configuration: which table, which buckets and how to
 * compact them, and where the tasks leave their commit messages. Written by {@link CompactionJob}, read by
 * {@link BucketCompactionMapper}; no other class touches them.
 */
final class CompactionJobConf {

    static final String TABLE = "strata.compaction.table";
    static final String POLICY = "strata.compaction.policy";
    static final String PARTITION = "strata.compaction.partition";
    static final String BUCKET = "strata.compaction.bucket";
    static final String MESSAGES = "strata.compaction.messages-dir";

    private CompactionJobConf() {}

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
                    + " " + CompactionJob.class.getName());
        }
        return value;
    }
}
