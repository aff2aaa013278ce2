package io.strata.table.write;

import io.strata.data.BinaryRow;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.FileKind;
import io.strata.manifest.IndexFileMeta;
import io.strata.manifest.IndexManifestEntry;
import io.strata.manifest.ManifestEntry;
import io.strata.table.CommitMessage;
import io.strata.table.CommitMessageFiles;
import io.strata.table.store.SnapshotFiles;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * What {@link CommitMessage}s hand to one commit, gathered bucket by bucket: the manifest entries of the files the buckets
 * flushed and of their input changelog, with the hash index changes of dynamic buckets that took new keys,
 * which make the APPEND snapshot; those of the compactions (files removed and added) and of their changelog,
 * with the deletion-vector index changes of the buckets whose vectors the compactions changed, which make
 * the COMPACT snapshot.
 */
final class CommitChanges {

    private final List<ManifestEntry> appended = new ArrayList<>();
    private final List<ManifestEntry> appendedChangelog = new ArrayList<>();
    private final List<ManifestEntry> compacted = new ArrayList<>();
    private final List<ManifestEntry> compactedChangelog = new ArrayList<>();
    private final List<IndexManifestEntry> indexChanges = new ArrayList<>();
    private final Map<SnapshotFiles.BucketKey, List<IndexManifestEntry>> indexChangesByBucket = new LinkedHashMap<>();
    private final List<IndexManifestEntry> appendedIndex = new ArrayList<>();
    private final Map<SnapshotFiles.BucketKey, List<IndexManifestEntry>> appendedIndexByBucket = new LinkedHashMap<>();

    private CommitChanges() {}

    /** The changes of the messages, in their order. */
    static CommitChanges of(List<CommitMessage> messages) {
        CommitChanges changes = new CommitChanges();
        messages.forEach(changes::add);
        return changes;
    }

    /** Adds what one bucket prepared: its files and changelog, and its deletion-vector index changes. */
    private void add(CommitMessage message) {
        CommitMessageFiles m = CommitMessageFiles.of(message);
        BinaryRow partition = message.partition();
        int bucket = message.bucket();
        int totalBuckets = message.totalBuckets();
        entries(message, FileKind.ADD, m.newFiles(), appended);
        entries(message, FileKind.DELETE, m.compactBefore(), compacted);
        entries(message, FileKind.ADD, m.compactAfter(), compacted);
        entries(message, FileKind.ADD, m.changelogFiles(), appendedChangelog);
        entries(message, FileKind.ADD, m.compactChangelog(), compactedChangelog);
        SnapshotFiles.BucketKey key = new SnapshotFiles.BucketKey(partition, bucket);
        List<IndexManifestEntry> vectors = new ArrayList<>();
        List<IndexManifestEntry> hashes = new ArrayList<>();
        for (IndexManifestEntry e : indexChanges(message)) {
            (IndexFileMeta.HASH.equals(e.indexFile().indexType()) ? hashes : vectors).add(e);
        }
        if (!hashes.isEmpty() && appendedIndexByBucket.containsKey(key)) {
            // Two writers assigned new keys to one bucket on their own: keeping either file would lose keys.
            throw new IllegalStateException("Two writers of one commit assigned new keys to dynamic bucket " + bucket
                    + " of one partition (each partition of a dynamic-bucket table must be written by one writer per"
                    + " commit)");
        }
        add(key, vectors, indexChanges, indexChangesByBucket);
        add(key, hashes, appendedIndex, appendedIndexByBucket);
    }

    private static void add(SnapshotFiles.BucketKey key, List<IndexManifestEntry> index, List<IndexManifestEntry> all,
            Map<SnapshotFiles.BucketKey, List<IndexManifestEntry>> byBucket) {
        if (index.isEmpty()) {
            return;
        }
        byBucket.merge(key, index, (a, b) -> {
            List<IndexManifestEntry> merged = new ArrayList<>(a);
            merged.addAll(b);
            return merged;
        });
        all.addAll(index);
    }

    /** A message's index changes (deletion vectors, key hashes) as index manifest entries: replaced ones, then new ones. */
    static List<IndexManifestEntry> indexChanges(CommitMessage m) {
        List<IndexManifestEntry> index = new ArrayList<>();
        for (IndexFileMeta f : CommitMessageFiles.of(m).deletedIndexFiles()) {
            index.add(new IndexManifestEntry(FileKind.DELETE, m.partition(), m.bucket(), f));
        }
        for (IndexFileMeta f : CommitMessageFiles.of(m).newIndexFiles()) {
            index.add(new IndexManifestEntry(FileKind.ADD, m.partition(), m.bucket(), f));
        }
        return index;
    }

    private static void entries(CommitMessage m, FileKind kind, List<DataFileMeta> files, List<ManifestEntry> to) {
        for (DataFileMeta f : files) {
            to.add(new ManifestEntry(kind, m.partition(), m.bucket(), m.totalBuckets(), f));
        }
    }

    /** Whether the messages hold changelog files (of their flushes or their compactions). */
    boolean hasChangelog() {
        return !appendedChangelog.isEmpty() || !compactedChangelog.isEmpty();
    }

    /** The same changes without changelog files: an overwrite commits none. */
    CommitChanges withoutChangelog() {
        CommitChanges copy = new CommitChanges();
        copy.appended.addAll(appended);
        copy.compacted.addAll(compacted);
        copy.indexChanges.addAll(indexChanges);
        copy.indexChangesByBucket.putAll(indexChangesByBucket);
        copy.appendedIndex.addAll(appendedIndex);
        copy.appendedIndexByBucket.putAll(appendedIndexByBucket);
        return copy;
    }

    /** Whether there is an APPEND snapshot to make. */
    boolean hasAppend() {
        return !appended.isEmpty() || !appendedChangelog.isEmpty();
    }

    /** Whether there is a COMPACT snapshot to make. */
    boolean hasCompact() {
        return !compacted.isEmpty() || !compactedChangelog.isEmpty() || !indexChanges.isEmpty();
    }

    List<ManifestEntry> appended() {
        return appended;
    }

    List<ManifestEntry> appendedChangelog() {
        return appendedChangelog;
    }

    List<ManifestEntry> compacted() {
        return compacted;
    }

    List<ManifestEntry> compactedChangelog() {
        return compactedChangelog;
    }

    /** The hash index changes of the buckets that took new keys: part of the APPEND (or OVERWRITE) snapshot. */
    List<IndexManifestEntry> appendedIndex() {
        return appendedIndex;
    }

    /** Hands each bucket whose key hashes changed its index changes, once the APPEND snapshot landed. */
    void forEachBucketAppendedIndexChange(BiConsumer<SnapshotFiles.BucketKey, List<IndexManifestEntry>> action) {
        appendedIndexByBucket.forEach(action);
    }

    /** The deletion-vector index changes of all buckets. */
    List<IndexManifestEntry> indexChanges() {
        return indexChanges;
    }

    /** Hands each bucket whose vectors changed its index changes, once the COMPACT snapshot landed. */
    void forEachBucketIndexChange(BiConsumer<SnapshotFiles.BucketKey, List<IndexManifestEntry>> action) {
        indexChangesByBucket.forEach(action);
    }
}
