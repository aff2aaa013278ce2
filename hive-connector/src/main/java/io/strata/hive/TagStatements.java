package io.strata.hive;

import io.strata.snapshot.Snapshot;
import io.strata.snapshot.Tag;
import io.strata.table.Table;
import io.strata.table.Tags;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.parse.AlterTableSnapshotRefSpec;
import org.apache.hadoop.hive.ql.parse.AlterTableSnapshotRefSpec.CreateSnapshotRefSpec;
import org.apache.hadoop.hive.ql.parse.AlterTableSnapshotRefSpec.DropSnapshotRefSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code ALTER TABLE t CREATE [OR REPLACE] TAG [IF NOT EXISTS] name [FOR SYSTEM_VERSION AS OF id | FOR
 * SYSTEM_TIME AS OF 'time' | FOR TAG AS OF other] [RETAIN n DAYS]} and {@code DROP TAG [IF EXISTS] name} on a
 * Strata table, with the core's tags (the code behind {@code strata tags}): the tag file Paimon reads
 * ({@code tag/tag-<name>}), kept by snapshot expiration, its retention {@code RETAIN} or the table's
 * {@code tag.default-time-retained}. Hive 4.1 compiles these statements only for Iceberg tables:
 * {@link TagStatementHook} compiles them for Strata tables. Branches are refused: Strata tables have none.
 */
final class TagStatements {

    private static final Logger LOG = LoggerFactory.getLogger(TagStatements.class);

    private TagStatements() {}

    /** Runs the statement on the Strata table of {@code hiveTable}; returns what it did, for the log. */
    static String execute(Configuration conf, org.apache.hadoop.hive.ql.metadata.Table hiveTable,
            AlterTableSnapshotRefSpec<?> spec) {
        String name = hiveTable.getFullyQualifiedName();
        Table table = StrataTables.load(conf, hiveTable.getDataLocation().toString(), name);
        String done = switch (spec.getOperationType()) {
            case CREATE_TAG -> create(table, name, (CreateSnapshotRefSpec) spec.getOperationParams());
            case DROP_TAG -> drop(table, name, (DropSnapshotRefSpec) spec.getOperationParams());
            default -> throw new IllegalArgumentException(noBranches(name, spec.getOperationType().getName()));
        };
        LOG.info("ALTER TABLE {} {}: {}", name, spec.getOperationType().getName(), done);
        return done;
    }

    /** The refusal of a branch statement, naming the table and the statement. */
    static String noBranches(String table, String statement) {
        return "ALTER TABLE " + table + " " + statement.toUpperCase(java.util.Locale.ROOT) + ": Strata tables have no"
                + " branches (Paimon's branch layout is not supported yet); a tag names a snapshot: ALTER TABLE "
                + table + " CREATE TAG <name> [FOR SYSTEM_VERSION AS OF <snapshot id>]";
    }

    private static String create(Table table, String name, CreateSnapshotRefSpec spec) {
        String tag = Tags.checkName(spec.getRefName());
        boolean exists = table.tags().tag(tag).isPresent();
        if (exists && spec.isIfNotExists()) {
            return "tag " + tag + " exists; nothing done";
        }
        long snapshotId = snapshot(table, name, spec);
        Duration retained = spec.getMaxRefAgeMs() == null ? null : Duration.ofMillis(spec.getMaxRefAgeMs());
        if (exists && spec.isReplace()) {
            table.tags().delete(tag);
        }
        Tag created = retained == null ? table.tags().create(tag, snapshotId)
                : table.tags().create(tag, snapshotId, retained);
        return "tagged snapshot " + created.snapshot().id() + " as " + tag
                + (created.timeRetained() == null ? "" : ", kept for " + created.timeRetained());
    }

    /** The snapshot the statement names: by id, by time, by another tag, else the latest. */
    private static long snapshot(Table table, String name, CreateSnapshotRefSpec spec) {
        if (spec.getSnapshotId() != null) {
            if (!table.snapshots().snapshotExists(spec.getSnapshotId())) {
                throw new IllegalArgumentException("Strata table " + name + " (" + table.location() + ") has no snapshot "
                        + spec.getSnapshotId() + " to tag; it has " + table.snapshots().listIds());
            }
            return spec.getSnapshotId();
        }
        if (spec.getAsOfTime() != null) {
            Snapshot s = table.snapshots().latestSnapshotAtOrBefore(spec.getAsOfTime());
            if (s == null) {
                throw new IllegalArgumentException("Strata table " + name + " (" + table.location() + ") has no snapshot"
                        + " at or before " + Instant.ofEpochMilli(spec.getAsOfTime()));
            }
            return s.id();
        }
        if (spec.getAsOfTag() != null) {
            return table.tags().tag(spec.getAsOfTag()).orElseThrow(() -> new IllegalArgumentException("Strata table "
                    + name + " (" + table.location() + ") has no tag '" + spec.getAsOfTag() + "'")).snapshot().id();
        }
        return table.latestSnapshot().orElseThrow(() -> new IllegalArgumentException("Strata table " + name + " ("
                + table.location() + ") has no snapshot to tag yet")).id();
    }

    private static String drop(Table table, String name, DropSnapshotRefSpec spec) {
        String tag = spec.getRefName();
        if (table.tags().tag(tag).isEmpty()) {
            if (spec.getIfExists()) {
                return "no tag " + tag + "; nothing done";
            }
            throw new IllegalArgumentException("Strata table " + name + " (" + table.location() + ") has no tag '" + tag
                    + "'; its tags are " + table.tags().list().stream().map(Tag::name).toList());
        }
        List<org.apache.hadoop.fs.Path> deleted = table.tags().delete(tag);
        return "dropped tag " + tag + " (" + deleted.size() + " files only it held deleted)";
    }
}
