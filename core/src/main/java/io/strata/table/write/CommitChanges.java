package io.strata.table.write;

import io.strata.manifest.DataFileMeta;
import io.strata.manifest.FileKind;
import io.strata.manifest.IndexManifestEntry;
import io.strata.manifest.ManifestEntry;
import io.strata.table.store.SnapshotFiles;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * What the buckets of one {@link TableWriter} hand to one commit, gathered bucket by bucket (each
 * bucket's share is what Paimon calls a commit message): the manifest entries of the files the buckets
 * flushed and of their input changelog, which make the APPEND snapshot; those of the compactions (files
 * removed and added) and of their changelog, with the deletion-vector index changes of the buckets whose
 * vectors the compactions changed, which make the COMPACT snapshot.
 */
final class CommitChanges {

    /** The {@code totalBuckets} that every manifest entry of the table records. */
    private final int totalBuckets;
    private final List<ManifestEntry> appended = new ArrayList<>();
    private final List<ManifestEntry> appendedChangelog = new ArrayList<>();
    private final List<ManifestEntry> compacted = new ArrayList<>();
    private final List<ManifestEntry> compactedChangelog = new ArrayList<>();
    private final List<IndexManifestEntry> indexChanges = new ArrayList<>();
    private final Map<SnapshotFiles.BucketKey, List<IndexManifestEntry>> indexChangesByBucket = new LinkedHashMap<>();

    CommitChanges(int totalBuckets) {
        this.totalBuckets = totalBuckets;
    }

    /** Adds what one bucket prepared: its files and changelog, and its deletion-vector index changes. */
    void add(SnapshotFiles.BucketKey bucket, MergeTreeBucket.Increment increment, List<IndexManifestEntry> index) {
        entries(bucket, FileKind.ADD, increment.newFiles(), appended);
        entries(bucket, FileKind.DELETE, increment.compactBefore(), compacted);
        entries(bucket, FileKind.ADD, increment.compactAfter(), compacted);
        entries(bucket, FileKind.ADD, increment.changelogFiles(), appendedChangelog);
        entries(bucket, FileKind.ADD, increment.compactChangelog(), compactedChangelog);
        if (!index.isEmpty()) {
            indexChangesByBucket.put(bucket, index);
            indexChanges.addAll(index);
        }
    }

    private void entries(SnapshotFiles.BucketKey bucket, FileKind kind, List<DataFileMeta> files,
            List<ManifestEntry> to) {
        for (DataFileMeta f : files) {
            to.add(new ManifestEntry(kind, bucket.partition(), bucket.bucket(), totalBuckets, f));
        }
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

    /** The deletion-vector index changes of all buckets. */
    List<IndexManifestEntry> indexChanges() {
        return indexChanges;
    }

    /** Hands each bucket whose vectors changed its index changes, once the COMPACT snapshot landed. */
    void forEachBucketIndexChange(BiConsumer<SnapshotFiles.BucketKey, List<IndexManifestEntry>> action) {
        indexChangesByBucket.forEach(action);
    }
}
