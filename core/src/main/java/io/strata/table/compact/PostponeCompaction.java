package io.strata.table.compact;

import io.strata.data.BinaryRow;
import io.strata.data.GenericRow;
import io.strata.format.FileFormat;
import io.strata.format.FormatFactory;
import io.strata.format.registry.FormatFactories;
import io.strata.lsm.DataFileCursor;
import io.strata.lsm.DataFileReadType;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.FileKind;
import io.strata.manifest.IndexFileMeta;
import io.strata.manifest.IndexManifestEntry;
import io.strata.manifest.ManifestEntry;
import io.strata.snapshot.Snapshot;
import io.strata.table.CommitCallbackException;
import io.strata.table.CommitMessage;
import io.strata.table.CommitMessageFiles;
import io.strata.table.CommitStateUnknownException;
import io.strata.table.Table;
import io.strata.table.TableWrite;
import io.strata.table.commit.CommitHooks;
import io.strata.table.store.SnapshotFiles;
import io.strata.table.store.TableStore;
import io.strata.types.RowType;
import io.strata.table.store.DataFileWriteTypes;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apache.hadoop.fs.Path;

/**
 * Paimon's postpone compaction of a postpone-bucket table ({@code bucket = -2}): the rows Paimon's streaming
 * writers left in a partition's {@code bucket-postpone} are written into the partition's real buckets (the count
 * its files record, else {@code postpone.default-bucket-num}), and one COMPACT snapshot removes the postponed
 * files and adds the new ones, so readers see each row exactly once: waiting before, in its bucket after.
 *
 * <p>The postponed files are not sorted (a writer appends rows as they come) and their sequence numbers are
 * the writer's own, so, as Paimon, each file is read in its order, the files of a partition oldest first, and
 * the rows go through a table write, which gives them the bucket's next sequence numbers: the later of two
 * records of one key wins, as it did in the stream. Paimon's writers send all records of a key to one writer,
 * whose files are in creation order.
 */
final class PostponeCompaction {

    private final Table table;
    private final TableStore store;
    private final RowType rowType;
    /** The postponed buckets (one per partition) to move. */
    private final Predicate<SnapshotFiles.BucketKey> scope;

    /** The write of the moved rows, into the partitions' real buckets. */
    private final Function<Table, TableWrite> writes;
    /** Every column, with the kinds: how each postponed file is read. */
    private final DataFileReadType readType;
    /** The schema versions the postponed files were written with (Avro files are read by them). */
    private final DataFileWriteTypes writeTypes;

    PostponeCompaction(Table table, Predicate<SnapshotFiles.BucketKey> scope, Function<Table, TableWrite> writes) {
        this.table = table;
        this.writes = writes;
        this.store = TableStore.of(table);
        this.rowType = store.schema().rowType();
        this.scope = scope;
        boolean[] all = new boolean[rowType.fieldCount()];
        Arrays.fill(all, true);
        this.readType = new DataFileReadType(rowType, all, true);
        this.writeTypes = new DataFileWriteTypes(store);
    }

    /** Moves the postponed rows and commits; the COMPACT snapshot's id, or -1 if no file was waiting. */
    long run() throws IOException {
        // Opened first: a table that needs a commit lock it lacks fails before any file is written.
        try (CommitHooks hooks = CommitHooks.open(table)) {
            Snapshot latest = store.snapshotManager().latestSnapshot().orElse(null);
            if (latest == null) {
                return -1;
            }
            Map<BinaryRow, List<ManifestEntry>> waiting = new LinkedHashMap<>();
            for (ManifestEntry e : store.snapshotFiles().liveEntries(latest, null)) {
                if (e.postponed() && scope.test(new SnapshotFiles.BucketKey(e.partition(), e.bucket()))) {
                    waiting.computeIfAbsent(e.partition(), p -> new ArrayList<>()).add(e);
                }
            }
            if (waiting.isEmpty()) {
                return -1;
            }
            List<BucketChange> changes = new ArrayList<>();
            try (TableWrite writer = writes.apply(table)) {
                for (List<ManifestEntry> files : waiting.values()) {
                    // Oldest first; a stable sort keeps the manifest's order of files made at one instant.
                    files.sort(Comparator.comparing((ManifestEntry e) -> e.file().creationTime(),
                            Comparator.nullsFirst(Comparator.naturalOrder())));
                    for (ManifestEntry file : files) {
                        replay(file, writer);
                    }
                }
                for (CommitMessage message : writer.prepareCommit()) {
                    changes.add(asCompaction(message));
                }
            }
            try {
                for (List<ManifestEntry> files : waiting.values()) {
                    ManifestEntry first = files.get(0);
                    changes.add(new BucketChange(first.partition(), first.bucket(), first.totalBuckets(),
                            files.stream().map(ManifestEntry::file).toList(), List.of(), List.of(), List.of()));
                }
                return BucketChange.commit(changes, store, hooks);
            } catch (CommitCallbackException | CommitStateUnknownException e) {
                // The snapshot landed (or may have) and references the new files: they must stay.
                throw e;
            } catch (RuntimeException e) {
                changes.forEach(change -> change.discard(store));
                throw e;
            }
        }
    }

    /** Writes the records of one postponed file, in its order and with their kinds. */
    private void replay(ManifestEntry entry, TableWrite writer) throws IOException {
        DataFileMeta file = entry.file();
        Path path = file.externalPath() != null ? new Path(file.externalPath())
                : new Path(store.paths().bucketDirectory(entry.partition(), entry.bucket()), file.fileName());
        FormatFactory format = FormatFactories.of(FileFormat.fromFileName(file.fileName()));
        try (DataFileCursor cursor = new DataFileCursor(format.createReader(store.fileIO(), path,
                readType.fileReadType(), writeTypes.of(file),
                store.schema().tableOptions().readBatchSize(), null), readType, null)) {
            while (cursor.advance()) {
                GenericRow row = GenericRow.copyOf(cursor.value(), rowType);
                row.setKind(cursor.kind());
                writer.write(row);
            }
        } catch (FileNotFoundException e) {
            throw new FileNotFoundException("Table " + store.location() + ": postponed file " + path
                    + " of the latest snapshot is gone");
        }
    }

    /** A writer's message as the COMPACT part of the commit: its new files are the compaction's output. */
    private static BucketChange asCompaction(CommitMessage message) {
        CommitMessageFiles files = CommitMessageFiles.of(message);
        List<DataFileMeta> after = new ArrayList<>(files.newFiles());
        after.addAll(files.compactAfter());
        List<DataFileMeta> changelog = new ArrayList<>(files.changelogFiles());
        changelog.addAll(files.compactChangelog());
        List<IndexManifestEntry> index = new ArrayList<>();
        for (IndexFileMeta f : files.deletedIndexFiles()) {
            index.add(new IndexManifestEntry(FileKind.DELETE, message.partition(), message.bucket(), f));
        }
        for (IndexFileMeta f : files.newIndexFiles()) {
            index.add(new IndexManifestEntry(FileKind.ADD, message.partition(), message.bucket(), f));
        }
        return new BucketChange(message.partition(), message.bucket(), message.totalBuckets(), files.compactBefore(),
                after, changelog, index);
    }
}
