package io.strata.cli;

import io.strata.jobs.CompactionJob;
import io.strata.table.Table;
import io.strata.table.TableCompaction;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code strata compact}: compacts a table, one partition or one bucket, committed as one COMPACT snapshot.
 * {@code --full} (default) merges each selected bucket into one sorted run at the top level; {@code --policy}
 * lets the table's universal compaction pick once per bucket, as a stream writer would. {@code --engine
 * mapreduce} runs it as a Hadoop MapReduce job ({@link CompactionJob}) where the Hadoop configuration says
 * (local threads by default, YARN with {@code mapreduce.framework.name=yarn}). Exit codes: 0 compacted (or
 * nothing to do), 1 the compaction failed, 2 bad arguments, no such table, partition or bucket.
 */
@Command(name = "compact", mixinStandardHelpOptions = true,
        description = "Compact a table, a partition or a bucket: fully (each bucket into one sorted run at the top "
                + "level) or by the table's compaction policy; one COMPACT snapshot.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  strata compact --warehouse /lake --table shop.orders",
            "  strata compact --path /lake/shop.db/orders --partition dt=2026-12-01",
            "  strata compact --path /lake/shop.db/orders --partition dt=2026-12-01 \\",
            "      --bucket 1 --policy",
            "  strata compact --warehouse hdfs://nn/lake --table shop.orders --engine mapreduce --tasks 64",
            "",
            "Exit codes: 0 compacted (or nothing to compact), 1 the compaction failed,",
            "2 bad arguments or no such table, partition key, partition or bucket."})
final class CompactCommand extends TableCommand {

    /** How each selected bucket is compacted; full unless --policy. */
    static final class How {
        @Option(names = "--full", description = "Merge each selected bucket into one sorted run at the top level "
                + "(the default).")
        boolean full;

        @Option(names = "--policy", description = "One pick of the table's universal compaction per selected bucket "
                + "(options num-sorted-run.compaction-trigger, compaction.size-ratio, "
                + "compaction.max-size-amplification-percent); primary-key tables only.")
        boolean policy;
    }

    @Mixin
    TableAddress address;

    @Option(names = "--partition", paramLabel = "<k=v[,k2=v2]>",
            description = "Only this partition (values as text, unescaped; giving some of the keys selects "
                    + "every partition with those values).")
    String partition;

    @Option(names = "--bucket", paramLabel = "<n>", description = "Only this bucket (of each selected partition).")
    Integer bucket;

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    How how;

    @Option(names = "--engine", paramLabel = "<local|mapreduce>", defaultValue = "local",
            description = "Where to compact: 'local' (this process, the default) or 'mapreduce' (a Hadoop MapReduce "
                    + "job whose map tasks compact the buckets, committed once; it runs where the Hadoop configuration "
                    + "on the class path says: threads of this process unless mapreduce.framework.name=yarn).")
    MaintenanceEngine engine;

    @Option(names = "--tasks", paramLabel = "<n>", defaultValue = "100",
            description = "With --engine mapreduce: at most this many map tasks (buckets are shared among them by "
                    + "size; default ${DEFAULT-VALUE}).")
    int tasks;

    @Option(names = "--no-progress", description = "Never draw the progress bar (drawn on stderr only on a "
            + "terminal, for " + CompactProgress.MIN_BUCKETS + " buckets or more).")
    boolean noProgress;

    @Override
    int run() {
        address.validate();
        Map<String, String> spec = partition == null ? Map.of() : parsePartition(partition);
        Table table = address.load();
        boolean policy = how != null && how.policy;
        TableCompaction compaction = table.newCompaction();
        try {
            if (!spec.isEmpty()) {
                compaction = compaction.partition(spec);
            }
            if (bucket != null) {
                compaction = compaction.bucket(bucket);
            }
            compaction = policy ? compaction.policy() : compaction.full();
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            throw usage(e.getMessage().replace("Table " + table.location(), "Table " + address.displayName()));
        }
        String scope = scope(spec);
        if (table.latestSnapshot().isEmpty()) {
            out().printf("Table %s has no snapshot yet: nothing to compact%n", address.displayName());
            return 0;
        }
        TableCompaction.Result result;
        if (engine == MaintenanceEngine.mapreduce) {
            result = runJob(table, spec, policy);
        } else {
            try (CompactProgress progress = new CompactProgress(!noProgress)) {
                result = compaction.progress(progress).run();
            }
        }
        PrintWriter out = out();
        if (result.bucketsSelected() == 0) {
            if (!spec.isEmpty()) {
                throw usage("Table " + address.displayName() + " has no partition " + partitionText(spec)
                        + (bucket != null ? " with files in bucket " + bucket : "") + " (no live files there)");
            }
            out.printf("Table %s has no files in %s: nothing to compact%n", address.displayName(), scope);
            return 0;
        }
        String kind = policy ? "by the compaction policy" : "fully";
        if (result.snapshotId() < 0) {
            out.printf("Nothing to compact %s in %s of %s: %d bucket(s), %d file(s)%s%n", kind, scope,
                    address.displayName(), result.bucketsSelected(), result.filesBefore(),
                    policy ? " (the policy picks nothing)" : " (each bucket is one run at the top level)");
            return 0;
        }
        out.printf("Compacted %s of %s %s: %d of %d bucket(s) rewritten, %d file(s) -> %d file(s)%n", scope,
                address.displayName(), kind, result.bucketsCompacted(), result.bucketsSelected(),
                result.filesBefore(), result.filesAfter());
        out.printf("Committed snapshot %d (COMPACT)%n", result.snapshotId());
        return 0;
    }

    /** The compaction as a MapReduce job: the same scope and mode; prints the job, returns what it did. */
    private TableCompaction.Result runJob(Table table, Map<String, String> spec, boolean policy) {
        if (tasks < 1) {
            throw usage("Invalid --tasks " + tasks + ": a compaction job needs at least one task");
        }
        CompactionJob job = CompactionJob.of(MaintenanceEngine.jobConf(), table).tasks(tasks);
        if (!spec.isEmpty()) {
            job = job.partition(spec);
        }
        if (bucket != null) {
            job = job.bucket(bucket);
        }
        if (policy) {
            job = job.policy();
        }
        CompactionJob.Result result;
        try {
            result = job.run();
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
        if (result.jobId() != null) {
            out().printf("MapReduce job %s: %d task(s)%n", result.jobId(), result.tasks());
        }
        return new TableCompaction.Result(result.snapshotId(), result.bucketsSelected(), result.bucketsCompacted(),
                result.filesBefore(), result.filesAfter());
    }

    /** {@code k=v,k2=v2} as an ordered map; a usage error names a malformed or repeated part. */
    private Map<String, String> parsePartition(String text) {
        Map<String, String> spec = new LinkedHashMap<>();
        for (String part : text.split(",", -1)) {
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw usage("Invalid --partition '" + text + "': expected key=value[,key2=value2], got '" + part + "'");
            }
            String key = part.substring(0, eq).trim();
            if (spec.put(key, part.substring(eq + 1)) != null) {
                throw usage("Invalid --partition '" + text + "': key '" + key + "' is given twice");
            }
        }
        return spec;
    }

    private String scope(Map<String, String> spec) {
        if (spec.isEmpty()) {
            return bucket == null ? "all buckets" : "bucket " + bucket + " of every partition";
        }
        return (bucket == null ? "" : "bucket " + bucket + " of ") + "partition " + partitionText(spec);
    }

    private static String partitionText(Map<String, String> spec) {
        return spec.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(","));
    }
}
