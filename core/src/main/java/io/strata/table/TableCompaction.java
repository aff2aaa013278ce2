package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.data.BinaryRow;
import io.strata.data.RowValues;
import io.strata.manifest.ManifestEntry;
import io.strata.snapshot.Snapshot;
import io.strata.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A compaction of some buckets of a table, refined then run; committed as one COMPACT snapshot. Immutable:
 * each refinement returns a new compaction.
 *
 * <pre>{@code
 * TableCompaction.Result r = table.newCompaction().partition(Map.of("dt", "2026-12-01")).bucket(1).run();
 * }</pre>
 *
 * <p>The scope is every bucket of the table, narrowed by {@link #partition} (the buckets of the partitions
 * whose values match; a partial spec matches every partition below it) and by {@link #bucket}. Buckets
 * outside the scope keep their files as they are. How a selected bucket is compacted:
 *
 * <ul>
 *   <li>{@link #full()} (the default): merged into one sorted run at the top level, as
 *       {@link Table#compactFull()} does for the whole table;
 *   <li>{@link #policy()}: one pick of the table's universal compaction strategy on the bucket's sorted
 *       runs, as a stream writer would pick after a flush (primary-key tables only); a bucket the
 *       strategy leaves alone is not rewritten.
 * </ul>
 */
@PublicApi
public final class TableCompaction {

    /** How the selected buckets are compacted. */
    enum Mode { FULL, POLICY }

    /** Told how far a compaction got through its selected buckets. */
    @FunctionalInterface
    public interface Progress {
        /** {@code done} of the {@code total} selected buckets were looked at. */
        void bucketsDone(int done, int total);
    }

    /**
     * What a compaction did, counted over the selected buckets.
     *
     * @param snapshotId the COMPACT snapshot, or -1 if nothing needed compacting
     * @param bucketsSelected the buckets with files that the scope selected
     * @param bucketsCompacted those whose files changed
     * @param filesBefore the files of the selected buckets before
     * @param filesAfter the files of the selected buckets after
     */
    public record Result(long snapshotId, int bucketsSelected, int bucketsCompacted, int filesBefore, int filesAfter) {}

    private final FileStoreTable table;
    private final Map<String, String> partition;
    private final Integer bucket;
    private final Mode mode;
    private final Progress progress;

    TableCompaction(FileStoreTable table) {
        this(table, Map.of(), null, Mode.FULL, (done, total) -> { });
    }

    private TableCompaction(FileStoreTable table, Map<String, String> partition, Integer bucket, Mode mode,
            Progress progress) {
        this.table = table;
        this.partition = partition;
        this.bucket = bucket;
        this.mode = mode;
        this.progress = progress;
    }

    /**
     * Only the partitions with these values ({@code column -> value}, values as text, as partition directory
     * names show them before escaping; the default partition name for null). Fails naming a column that is
     * not a partition key.
     */
    public TableCompaction partition(Map<String, String> spec) {
        List<String> keys = table.schema().partitionKeys();
        for (String key : spec.keySet()) {
            if (!keys.contains(key)) {
                throw new IllegalArgumentException("Table " + table.location() + " has no partition key '" + key
                        + "'" + (keys.isEmpty() ? ": it is not partitioned" : "; its partition keys: "
                        + String.join(", ", keys)));
            }
            Objects.requireNonNull(spec.get(key), () -> "Value of partition key '" + key + "'");
        }
        return new TableCompaction(table, Map.copyOf(spec), bucket, mode, progress);
    }

    /** Only this bucket (of each selected partition); fails if the table has fewer buckets. */
    public TableCompaction bucket(int number) {
        int buckets = table.schema().tableOptions().bucket();
        if (number < 0 || (buckets > 0 && number >= buckets)) {
            throw new IllegalArgumentException("Table " + table.location() + " has no bucket " + number
                    + (buckets > 0 ? ": its buckets are 0 to " + (buckets - 1) : ": bucket numbers start at 0"));
        }
        return new TableCompaction(table, partition, number, mode, progress);
    }

    /** Each selected bucket into one sorted run at the top level (the default). */
    public TableCompaction full() {
        return new TableCompaction(table, partition, bucket, Mode.FULL, progress);
    }

    /** One pick of the table's universal compaction strategy per selected bucket; primary-key tables only. */
    public TableCompaction policy() {
        if (table.schema().primaryKeys().isEmpty()) {
            throw new UnsupportedOperationException("Table " + table.location() + " has no primary key: policy "
                    + "compaction picks among the sorted runs of primary-key buckets; use a full compaction");
        }
        return new TableCompaction(table, partition, bucket, Mode.POLICY, progress);
    }

    /** Reports the progress through the selected buckets to {@code listener}, on the calling thread. */
    public TableCompaction progress(Progress listener) {
        return new TableCompaction(table, partition, bucket, mode, Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Compacts the selected buckets and commits a COMPACT snapshot if any of them changed.
     *
     * @throws CommitFailedException nothing was committed and the compaction's files were removed (a
     *     {@link CommitConflictException} if another writer changed the buckets meanwhile)
     * @throws CommitStateUnknownException the snapshot may have landed; nothing was removed
     * @throws CommitCallbackException the snapshot landed and a commit callback failed
     */
    public Result run() throws CommitFailedException, CommitStateUnknownException, CommitCallbackException {
        try {
            Snapshot before = table.snapshotManager().latestSnapshot().orElse(null);
            if (before == null) {
                return new Result(-1, 0, 0, 0, 0);
            }
            Map<SnapshotFiles.BucketKey, Set<String>> filesBefore = selectedFiles(before);
            int total = filesBefore.size();
            long snapshotId;
            if (total == 0) {
                snapshotId = -1;
            } else if (mode == Mode.FULL) {
                snapshotId = new FullCompaction(table, countingScope(total)).run();
            } else {
                snapshotId = new PolicyCompaction(table, this::selects, progress).run();
            }
            progress.bucketsDone(total, total);
            if (snapshotId < 0) {
                int files = filesBefore.values().stream().mapToInt(Set::size).sum();
                return new Result(-1, total, 0, files, files);
            }
            Snapshot after = table.snapshotManager().snapshot(snapshotId);
            return summarise(snapshotId, filesBefore, selectedFiles(after));
        } catch (IOException | UncheckedIOException e) {
            throw CommitFailedException.because(table.location(), e);
        }
    }

    /** The scope, also telling the progress: buckets are compacted one after the other as they are tested. */
    private Predicate<SnapshotFiles.BucketKey> countingScope(int total) {
        int[] selected = {0};
        return key -> {
            if (!selects(key)) {
                return false;
            }
            progress.bucketsDone(Math.min(selected[0]++, total), total);
            return true;
        };
    }

    boolean selects(SnapshotFiles.BucketKey key) {
        if (bucket != null && key.bucket() != bucket) {
            return false;
        }
        if (partition.isEmpty()) {
            return true;
        }
        RowType type = table.schema().partitionType();
        String defaultName = table.schema().tableOptions().partitionDefaultName();
        for (int i = 0; i < type.fieldCount(); i++) {
            String wanted = partition.get(type.field(i).name());
            if (wanted != null && !wanted.equals(partitionValue(key.partition(), i, type, defaultName))) {
                return false;
            }
        }
        return true;
    }

    /** The value as a partition directory names it (unescaped): blank or null is the default partition name. */
    private static String partitionValue(BinaryRow partition, int i, RowType type, String defaultName) {
        Object v = RowValues.get(partition, i, type.typeAt(i));
        String text = v == null ? null : v.toString();
        return text == null || text.isBlank() ? defaultName : text;
    }

    private Map<SnapshotFiles.BucketKey, Set<String>> selectedFiles(Snapshot snapshot) throws IOException {
        Map<SnapshotFiles.BucketKey, Set<String>> files = new LinkedHashMap<>();
        for (ManifestEntry e : table.snapshotFiles().liveEntries(snapshot, null)) {
            SnapshotFiles.BucketKey key = new SnapshotFiles.BucketKey(e.partition(), e.bucket());
            if (selects(key)) {
                // Level too: a file moved up without rewriting keeps its name but did change.
                files.computeIfAbsent(key, k -> new HashSet<>()).add(e.file().fileName() + "@" + e.file().level());
            }
        }
        return files;
    }

    private static Result summarise(long snapshotId, Map<SnapshotFiles.BucketKey, Set<String>> before,
            Map<SnapshotFiles.BucketKey, Set<String>> after) {
        Map<SnapshotFiles.BucketKey, Set<String>> all = new HashMap<>(before);
        after.keySet().forEach(k -> all.putIfAbsent(k, Set.of()));
        int compacted = 0;
        for (SnapshotFiles.BucketKey key : all.keySet()) {
            if (!before.getOrDefault(key, Set.of()).equals(after.getOrDefault(key, Set.of()))) {
                compacted++;
            }
        }
        int filesBefore = before.values().stream().mapToInt(Set::size).sum();
        int filesAfter = after.values().stream().mapToInt(Set::size).sum();
        return new Result(snapshotId, before.size(), compacted, filesBefore, filesAfter);
    }
}
