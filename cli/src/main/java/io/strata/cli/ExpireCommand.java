package io.strata.cli;

import io.strata.jobs.OrphanFilesJob;
import io.strata.schema.ConfigOption;
import io.strata.schema.LifecycleOptions;
import io.strata.schema.PartitionExpirationOptions;
import io.strata.table.ExpireSnapshots;
import io.strata.table.ExpireSnapshots.Result;
import io.strata.table.Table;
import io.strata.table.RemoveOrphanFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code strata expire}: expires a table's oldest snapshots (with the files nothing retained needs), or with
 * {@code --orphans} removes the files that no snapshot, tag or changelog references, in this process or (with
 * {@code --engine mapreduce}) as a MapReduce job, or with {@code --partitions} drops the partitions the table's
 * {@code partition.expiration-*} options say have expired. All have a dry run.
 * Exit codes: 0 done (also when nothing was due), 1 the expiration or removal failed, 2 bad arguments or no
 * such table.
 */
@Command(name = "expire", mixinStandardHelpOptions = true,
        description = "Expire the oldest snapshots of a table and delete the files only they needed; or, with "
                + "--orphans, delete the files nothing references.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  strata expire --warehouse /lake --table shop.orders",
            "  strata expire --warehouse /lake --table shop.orders --retain-max 20 --dry-run",
            "  strata expire --path /lake/shop.db/orders --retain-min 5 --older-than 7d",
            "  strata expire --path /lake/shop.db/orders --orphans --older-than 3d --dry-run",
            "  strata expire --warehouse hdfs://nn/lake --table shop.orders --orphans --engine mapreduce",
            "  strata expire --warehouse /lake --table shop.events --partitions --dry-run",
            "",
            "Defaults come from the table options snapshot.num-retained.min,",
            "snapshot.num-retained.max, snapshot.time-retained and snapshot.expire.limit.",
            "Tagged snapshots and those a consumer still needs stay readable.",
            "",
            "Exit codes: 0 done (also when nothing was due), 1 the expiration or removal",
            "failed, 2 bad arguments or no such table."})
final class ExpireCommand extends TableCommand {

    @Mixin
    TableAddress address;

    @Option(names = "--retain-min", paramLabel = "<n>",
            description = "Keep at least the newest n snapshots (default: snapshot.num-retained.min).")
    Integer retainMin;

    @Option(names = "--retain-max", paramLabel = "<n>",
            description = "Keep at most n snapshots, whatever their age (default: snapshot.num-retained.max).")
    Integer retainMax;

    @Option(names = "--older-than", paramLabel = "<duration>",
            description = "Snapshots: expire only those committed longer ago than this, e.g. 1h, 7d (default: "
                    + "snapshot.time-retained). --orphans: remove only files last modified longer ago (default 1d).")
    String olderThan;

    @Option(names = "--max-deletes", paramLabel = "<n>",
            description = "Expire at most n snapshots in this run (default: snapshot.expire.limit).")
    Integer maxDeletes;

    @Option(names = "--orphans", description = "Remove orphan files (left by failed writes, crashes, rollbacks) "
            + "instead of expiring snapshots.")
    boolean orphans;

    @Option(names = "--partitions", description = "Drop the partitions that the table options "
            + "partition.expiration-time (and the other partition.expiration-* and partition.timestamp-* options) "
            + "say have expired; each batch is one OVERWRITE snapshot.")
    boolean partitions;

    @Option(names = "--dry-run", description = "Print what would be expired or removed; change nothing.")
    boolean dryRun;

    @Option(names = "--engine", paramLabel = "<local|mapreduce>", defaultValue = "local",
            description = "With --orphans: where to search, 'local' (this process, the default) or 'mapreduce' (a "
                    + "Hadoop MapReduce job: map tasks list the directories and read the manifests, reduce tasks "
                    + "delete what nothing references; it runs where the Hadoop configuration on the class path "
                    + "says: threads of this process unless mapreduce.framework.name=yarn).")
    MaintenanceEngine engine;

    @Option(names = "--tasks", paramLabel = "<n>", defaultValue = "100",
            description = "With --orphans --engine mapreduce: at most this many map tasks of each kind (default "
                    + "${DEFAULT-VALUE}).")
    int tasks;

    @Override
    int run() {
        address.validate();
        Duration age = olderThan == null ? null : duration(olderThan);
        if (orphans && (retainMin != null || retainMax != null || maxDeletes != null)) {
            throw usage("--retain-min, --retain-max and --max-deletes expire snapshots; they do not go with --orphans");
        }
        if (!orphans && engine == MaintenanceEngine.mapreduce) {
            throw usage("--engine mapreduce runs orphan-file removal: give --orphans (snapshots expire in this "
                    + "process)");
        }
        if (engine == MaintenanceEngine.mapreduce && tasks < 1) {
            throw usage("Invalid --tasks " + tasks + ": an orphan-file job needs at least one task");
        }
        if (partitions && (orphans || olderThan != null || retainMin != null || retainMax != null || maxDeletes != null
                || engine == MaintenanceEngine.mapreduce)) {
            throw usage("--partitions takes its settings from the table options (partition.expiration-*): it goes with"
                    + " --dry-run only");
        }
        Table table = address.load();
        if (partitions) {
            return expirePartitions(table);
        }
        return orphans ? removeOrphans(table, age) : expire(table, age);
    }

    private int expirePartitions(Table table) {
        PrintWriter out = out();
        if (PartitionExpirationOptions.EXPIRATION_TIME.get(table.schema().options()) == null) {
            throw usage("Table " + address.displayName() + " has no option 'partition.expiration-time': no partition"
                    + " expires (set it with 'strata create --option' or ALTER TABLE ... SET TBLPROPERTIES)");
        }
        List<Map<String, String>> expired = dryRun ? table.expirePartitions().plan() : table.expirePartitions().commit();
        if (expired.isEmpty()) {
            out.printf("No partition of %s has expired%n", address.displayName());
        } else {
            out.printf("%s %d partition(s) of %s:%n", dryRun ? "Dry run: would drop" : "Dropped", expired.size(),
                    address.displayName());
            for (Map<String, String> spec : expired) {
                out.printf("  %s%n", spec.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                        .collect(Collectors.joining("/")));
            }
        }
        out.flush();
        return 0;
    }

    private int expire(Table table, Duration age) {
        Map<String, String> options = table.schema().options();
        int min = retainMin != null ? positive("--retain-min", retainMin)
                : LifecycleOptions.SNAPSHOT_NUM_RETAINED_MIN.get(options);
        int max = retainMax != null ? positive("--retain-max", retainMax)
                : LifecycleOptions.SNAPSHOT_NUM_RETAINED_MAX.get(options);
        int limit = maxDeletes != null ? positive("--max-deletes", maxDeletes)
                : LifecycleOptions.SNAPSHOT_EXPIRE_LIMIT.get(options);
        if (max < min) {
            throw usage("Retain max " + max + (retainMax != null ? " (--retain-max)" : " (snapshot.num-retained.max)")
                    + " is less than retain min " + min
                    + (retainMin != null ? " (--retain-min)" : " (snapshot.num-retained.min): give --retain-min too"));
        }
        Duration retained = age != null ? age : LifecycleOptions.SNAPSHOT_TIME_RETAINED.get(options);
        Instant cutoff = table.clock().instant().minus(retained);
        PrintWriter out = out();
        out.printf("Expiring snapshots of %s committed before %s (%s %s): retain min %d, retain max %s, "
                        + "up to %d per run%n", address.displayName(), Formats.time(cutoff.toEpochMilli()),
                age != null ? "--older-than" : "snapshot.time-retained", TagsCommand.text(retained), min,
                max == Integer.MAX_VALUE ? "(none)" : Integer.toString(max), limit);
        ExpireSnapshots expiration = table.expireSnapshots().retainMin(min).retainMax(max).maxDeletes(limit)
                .olderThan(cutoff);
        if (dryRun) {
            List<Long> ids = expiration.plan().snapshotIds();
            out.printf("Dry run: %s would expire%s; nothing was deleted%n",
                    ids.isEmpty() ? "no snapshot" : RollbackCommand.snapshotList(ids),
                    ids.isEmpty() ? "" : " with the files only they need");
            return 0;
        }
        ExpireSnapshots.Result gone = expiration.commit();
        if (gone.snapshotIds().isEmpty()) {
            out.printf("No snapshot expired%s%n", gone.deletedFiles().isEmpty() ? ""
                    : "; " + gone.deletedFiles().size() + " file(s) left by an earlier expiration deleted");
        } else {
            out.printf("Expired %s%n", RollbackCommand.snapshotList(gone.snapshotIds()));
        }
        printFiles(table, "Deleted", gone.deletedFiles());
        Long earliest = table.snapshots().earliestSnapshotId();
        Long latest = table.snapshots().latestSnapshotId();
        if (earliest != null && latest != null) {
            out.printf("Snapshots left: %d to %d%n", earliest, latest);
        }
        return 0;
    }

    private int removeOrphans(Table table, Duration age) {
        RemoveOrphanFiles removal = table.removeOrphanFiles();
        Duration shown = age != null ? age : Duration.ofDays(1);
        Instant cutoff = table.clock().instant().minus(shown);
        if (age != null) {
            removal = removal.olderThan(cutoff);
        }
        out().printf("Orphan files of %s last modified before %s (%s %s)%n", address.displayName(),
                Formats.time(cutoff.toEpochMilli()), age != null ? "--older-than" : "default", TagsCommand.text(shown));
        if (engine == MaintenanceEngine.mapreduce) {
            return removeOrphansByJob(table, age == null ? null : cutoff);
        }
        if (dryRun) {
            List<Path> found = removal.list();
            printFiles(table, "Dry run: would delete", found);
            return 0;
        }
        printFiles(table, "Deleted", removal.execute());
        return 0;
    }

    private int removeOrphansByJob(Table table, Instant cutoff) {
        OrphanFilesJob job = OrphanFilesJob.of(MaintenanceEngine.jobConf(), table).tasks(tasks);
        if (cutoff != null) {
            job = job.olderThan(cutoff);
        }
        if (dryRun) {
            job = job.dryRun();
        }
        OrphanFilesJob.Result result;
        try {
            result = job.run();
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
        out().printf("MapReduce job %s: %d map task(s), %d directories listed, %d manifests read%n", result.jobId(),
                result.tasks(), result.directories(), result.manifests());
        printFiles(table, dryRun ? "Dry run: would delete" : "Deleted", result.orphans());
        return 0;
    }

    private void printFiles(Table table, String verb, List<Path> files) {
        PrintWriter out = out();
        if (files.isEmpty()) {
            out.printf("%s no files%n", verb);
            return;
        }
        out.printf("%s %d file(s):%n", verb, files.size());
        String root = table.location().toString();
        for (Path p : files) {
            out.println("  " + TagsCommand.relative(root, p));
        }
    }

    private int positive(String option, int value) {
        if (value < 1) {
            throw usage("Invalid " + option + " " + value + ": must be at least 1");
        }
        return value;
    }

    private Duration duration(String text) {
        try {
            Duration d = ConfigOption.parseDuration(text);
            if (d.isZero()) {
                throw new IllegalArgumentException("must be longer than 0");
            }
            return d;
        } catch (IllegalArgumentException e) {
            throw usage("Invalid --older-than '" + text + "': give a duration such as 30min, 12h or 7d ("
                    + e.getMessage() + ")");
        }
    }
}
