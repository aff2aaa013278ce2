package io.strata.table.compact;

import io.strata.data.BinaryRow;
import io.strata.data.RowValues;
import io.strata.manifest.FileKind;
import io.strata.manifest.IndexManifestEntry;
import io.strata.manifest.ManifestEntry;
import io.strata.snapshot.Snapshot;
import io.strata.table.CommitCallbackException;
import io.strata.table.CommitFailedException;
import io.strata.table.CommitMessage;
import io.strata.table.CommitMessageFiles;
import io.strata.table.CommitStateUnknownException;
import io.strata.table.Split;
import io.strata.table.Table;
import io.strata.table.TableCompaction;
import io.strata.table.TableWrite;
import io.strata.table.store.DataFileNames;
import io.strata.table.store.SnapshotFiles;
import io.strata.table.store.TableStore;
import io.strata.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.function.Function;
import java.util.function.Predicate;

/** The implementation of {@link TableCompaction}. */
public final class TableCompactor implements TableCompaction {

    /** How the selected buckets are compacted. */
    enum Mode { FULL, POLICY }

    private final Table table;
    private final Function<Table, TableWrite> postponeWrites;
    private final TableStore store;
    private final Map<String, String> partition;
    private final Integer bucket;
    private final Mode mode;
    private final Progress progress;

    /**
     * @param postponeWrites opens the write that moves the waiting rows of a postpone-bucket table into its real
     *     buckets ({@code TableWriter.forPostponeCompaction}, a layer above compactions)
     */
    public TableCompactor(Table table, Function<Table, TableWrite> postponeWrites) {
        this(table, postponeWrites, Map.of(), null, Mode.FULL, (done, total) -> { });
    }

    private TableCompactor(Table table, Function<Table, TableWrite> postponeWrites, Map<String, String> partition,
            Integer bucket, Mode mode, Progress progress) {
        this.table = table;
        this.postponeWrites = postponeWrites;
        this.store = TableStore.of(table);
        this.partition = partition;
        this.bucket = bucket;
        this.mode = mode;
        this.progress = progress;
    }

    /**
     * One pick of the table's compaction policy in each of these buckets (on tables whose reads need level 0
     * empty the pick takes in all of level 0), committed as one COMPACT snapshot: for a job whose tasks wrote
     * these buckets without compacting. Returns the snapshot id, or -1 if nothing was compacted.
     */
    public static long compactBuckets(Table table, Set<SnapshotFiles.BucketKey> buckets)
            throws CommitFailedException, CommitStateUnknownException, CommitCallbackException {
        try {
            return new PolicyCompaction(table, buckets::contains, (done, total) -> { }).run();
        } catch (IOException e) {
            throw CommitFailedException.because(TableStore.of(table).location(), e);
        }
    }

    @Override
    public TableCompaction partition(Map<String, String> spec) {
        List<String> keys = store.schema().partitionKeys();
        for (String key : spec.keySet()) {
            if (!keys.contains(key)) {
                throw new IllegalArgumentException("Table " + store.location() + " has no partition key '" + key
                        + "'" + (keys.isEmpty() ? ": it is not partitioned" : "; its partition keys: "
                        + String.join(", ", keys)));
            }
            Objects.requireNonNull(spec.get(key), () -> "Value of partition key '" + key + "'");
        }
        return new TableCompactor(table, postponeWrites, Map.copyOf(spec), bucket, mode, progress);
    }

    @Override
    public TableCompaction bucket(int number) {
        int buckets = store.schema().tableOptions().bucket();
        if (number < 0 || (buckets > 0 && number >= buckets)) {
            throw new IllegalArgumentException("Table " + store.location() + " has no bucket " + number
                    + (buckets > 0 ? ": its buckets are 0 to " + (buckets - 1) : ": bucket numbers start at 0"));
        }
        return new TableCompactor(table, postponeWrites, partition, number, mode, progress);
    }

    @Override
    public TableCompaction full() {
        return new TableCompactor(table, postponeWrites, partition, bucket, Mode.FULL, progress);
    }

    @Override
    public TableCompaction policy() {
        if (store.schema().primaryKeys().isEmpty()) {
            throw new UnsupportedOperationException("Table " + store.location() + " has no primary key: policy "
                    + "compaction picks among the sorted runs of primary-key buckets; use a full compaction");
        }
        return new TableCompactor(table, postponeWrites, partition, bucket, Mode.POLICY, progress);
    }

    @Override
    public TableCompaction progress(Progress listener) {
        return new TableCompactor(table, postponeWrites, partition, bucket, mode,
                Objects.requireNonNull(listener, "listener"));
    }

    @Override
    public Result run() throws CommitFailedException, CommitStateUnknownException, CommitCallbackException {
        try {
            Snapshot before = store.snapshotManager().latestSnapshot().orElse(null);
            if (before == null) {
                return new Result(-1, 0, 0, 0, 0);
            }
            Map<SnapshotFiles.BucketKey, Set<String>> filesBefore = selectedFiles(before);
            int total = filesBefore.size();
            // First the rows waiting in bucket-postpone go to their buckets, which the compaction then takes.
            long snapshotId = movePostponed();
            long compacted;
            if (total == 0) {
                compacted = -1;
            } else if (mode == Mode.FULL) {
                compacted = new FullCompaction(table, countingScope(total)).run();
            } else {
                compacted = new PolicyCompaction(table, this::selects, progress).run();
            }
            snapshotId = Math.max(snapshotId, compacted);
            progress.bucketsDone(total, total);
            if (snapshotId < 0) {
                int files = filesBefore.values().stream().mapToInt(Set::size).sum();
                return new Result(-1, total, 0, files, files);
            }
            Snapshot after = store.snapshotManager().snapshot(snapshotId);
            return summarise(snapshotId, filesBefore, selectedFiles(after));
        } catch (IOException | UncheckedIOException e) {
            throw CommitFailedException.because(store.location(), e);
        }
    }

    @Override
    public long movePostponed() throws CommitFailedException, CommitStateUnknownException, CommitCallbackException {
        if (bucket != null || store.schema().tableOptions().bucket() != ManifestEntry.POSTPONE_BUCKET) {
            return -1;
        }
        try {
            return new PostponeCompaction(table, this::inScope, postponeWrites).run();
        } catch (IOException | UncheckedIOException e) {
            throw CommitFailedException.because(store.location(), e);
        }
    }

    @Override
    public List<Split> bucketsToCompact() {
        try {
            Snapshot latest = store.snapshotManager().latestSnapshot().orElse(null);
            if (latest == null) {
                return List.of();
            }
            Map<SnapshotFiles.BucketKey, List<ManifestEntry>> buckets = new LinkedHashMap<>();
            for (ManifestEntry e : store.snapshotFiles().liveEntries(latest, null)) {
                SnapshotFiles.BucketKey key = new SnapshotFiles.BucketKey(e.partition(), e.bucket());
                if (selects(key)) {
                    buckets.computeIfAbsent(key, k -> new ArrayList<>()).add(e);
                }
            }
            Map<SnapshotFiles.BucketKey, List<IndexManifestEntry>> index = store.snapshotFiles().deletionIndexFiles(latest);
            List<Split> splits = new ArrayList<>();
            for (Map.Entry<SnapshotFiles.BucketKey, List<ManifestEntry>> b : buckets.entrySet()) {
                ManifestEntry first = b.getValue().get(0);
                splits.add(new Split(latest.id(), first.partition(), first.bucket(), first.totalBuckets(),
                        b.getValue().stream().map(ManifestEntry::file).toList(),
                        index.getOrDefault(b.getKey(), List.of()).stream().map(IndexManifestEntry::indexFile).toList()));
            }
            return splits;
        } catch (IOException e) {
            throw new UncheckedIOException("Reading the latest snapshot of table " + store.location() + " failed: "
                    + e.getMessage(), e);
        }
    }

    @Override
    public CommitMessage compact(Split bucket) {
        SnapshotFiles.BucketKey key = new SnapshotFiles.BucketKey(bucket.partition(), bucket.bucket());
        if (!selects(key) || bucket.files().isEmpty()) {
            throw new IllegalArgumentException("Bucket " + bucket.bucket() + " of partition "
                    + store.paths().partitionPath(bucket.partition()) + " of table " + store.location()
                    + (bucket.files().isEmpty() ? " has no file to compact" : " is not selected by this compaction"));
        }
        List<IndexManifestEntry> index = bucket.deletionIndexFiles().stream()
                .map(f -> new IndexManifestEntry(FileKind.ADD, bucket.partition(), bucket.bucket(), f)).toList();
        DataFileNames names = new DataFileNames();
        try {
            Optional<BucketChange> change;
            if (mode == Mode.FULL) {
                change = bucketCompactions().full().compact(bucketCompactions().snapshot(bucket.snapshotId()),
                        bucket.partition(), bucket.bucket(), bucket.totalBuckets(), bucket.files(), index, names);
            } else {
                PolicyCompaction policy = bucketCompactions().policy();
                ExecutorService executor = policy.executor();
                try {
                    change = policy.compact(key, bucket.totalBuckets(), bucket.files(), index, executor, names);
                } finally {
                    executor.shutdownNow();
                }
            }
            return change.map(BucketChange::toMessage).orElseGet(() -> new CommitMessageFiles(List.of(), List.of(),
                    List.of(), List.of(), List.of(), List.of(), List.of())
                    .toMessage(bucket.partition(), bucket.bucket(), bucket.totalBuckets()));
        } catch (IOException e) {
            throw new UncheckedIOException("Compacting bucket " + bucket.bucket() + " of partition "
                    + store.paths().partitionPath(bucket.partition()) + " of table " + store.location() + " failed: "
                    + e.getMessage(), e);
        }
    }

    /**
     * What compacting one bucket after another needs that does not change between buckets (the compaction's
     * options and merge functions, the snapshot read), made once per compaction: a task compacts many buckets.
     */
    private final class Prepared {
        private FullCompaction full;
        private PolicyCompaction policy;
        private final Map<Long, Snapshot> snapshots = new HashMap<>();

        synchronized FullCompaction full() {
            if (full == null) {
                full = new FullCompaction(table);
            }
            return full;
        }

        synchronized PolicyCompaction policy() {
            if (policy == null) {
                policy = new PolicyCompaction(table, TableCompactor.this::selects, progress);
            }
            return policy;
        }

        synchronized Snapshot snapshot(long id) {
            return snapshots.computeIfAbsent(id, store.snapshotManager()::snapshot);
        }
    }

    private Prepared prepared;

    private synchronized Prepared bucketCompactions() {
        if (prepared == null) {
            prepared = new Prepared();
        }
        return prepared;
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

    /** Whether the compaction takes the bucket: in scope, and not the unsorted postpone bucket. */
    boolean selects(SnapshotFiles.BucketKey key) {
        return key.bucket() != ManifestEntry.POSTPONE_BUCKET && inScope(key);
    }

    /** Whether the bucket is in the partitions and bucket this compaction was given. */
    private boolean inScope(SnapshotFiles.BucketKey key) {
        if (bucket != null && key.bucket() != bucket) {
            return false;
        }
        if (partition.isEmpty()) {
            return true;
        }
        RowType type = store.schema().partitionType();
        String defaultName = store.schema().tableOptions().partitionDefaultName();
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
        for (ManifestEntry e : store.snapshotFiles().liveEntries(snapshot, null)) {
            SnapshotFiles.BucketKey key = new SnapshotFiles.BucketKey(e.partition(), e.bucket());
            if (inScope(key)) {
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
