package io.strata.manifest;

import io.strata.data.BinaryRow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One line of a manifest: a data file added to or removed from a (partition, bucket).
 *
 * @param kind ADD or DELETE
 * @param partition the partition row
 * @param bucket the bucket
 * @param totalBuckets the table's bucket count when the file was written (-1 dynamic / unaware, -2 postpone)
 * @param file the file
 */
public record ManifestEntry(FileKind kind, BinaryRow partition, int bucket, int totalBuckets, DataFileMeta file) {

    public ManifestEntry {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(file, "file");
    }

    /** The bucket number of files in Paimon's postpone bucket ({@code bucket-postpone}, tables with {@code bucket = -2}). */
    public static final int POSTPONE_BUCKET = -2;

    /**
     * Whether the file waits in the postpone bucket of a {@code bucket = -2} table: Paimon's readers do not
     * see it until its postpone compaction moves its rows into a real bucket.
     */
    public boolean postponed() {
        return bucket == POSTPONE_BUCKET;
    }

    /** The file's level. */
    public int level() {
        return file.level();
    }

    /** What makes an ADD and a DELETE refer to the same file (docs/format.md section 3). */
    public Identifier identifier() {
        return new Identifier(partition, bucket, file.level(), file.fileName(), file.extraFiles(), file.embeddedIndex(),
                file.externalPath());
    }

    /**
     * The identity of a file in the table: a DELETE cancels the ADD with an equal identifier. The
     * embedded index is compared by content.
     */
    public record Identifier(
            BinaryRow partition,
            int bucket,
            int level,
            String fileName,
            List<String> extraFiles,
            byte[] embeddedIndex,
            String externalPath) {

        @Override
        public boolean equals(Object o) {
            return o instanceof Identifier i
                    && bucket == i.bucket
                    && level == i.level
                    && fileName.equals(i.fileName)
                    && partition.equals(i.partition)
                    && extraFiles.equals(i.extraFiles)
                    && Arrays.equals(embeddedIndex, i.embeddedIndex)
                    && Objects.equals(externalPath, i.externalPath);
        }

        @Override
        public int hashCode() {
            return Objects.hash(partition, bucket, level, fileName, extraFiles, Arrays.hashCode(embeddedIndex), externalPath);
        }

        @Override
        public String toString() {
            return "{partition=" + partition + ", bucket=" + bucket + ", level=" + level + ", file=" + fileName
                    + (extraFiles.isEmpty() ? "" : ", extraFiles=" + extraFiles)
                    + (externalPath == null ? "" : ", externalPath=" + externalPath) + '}';
        }
    }

    /**
     * The live files of a history of entries (oldest first): each DELETE removes the ADD with the same
     * identifier; the remaining ADDs come back in the order they were first seen. A DELETE without an
     * earlier ADD is dropped, which is right when the entries start at the beginning of the table's
     * history (a whole snapshot, or a prefix of its manifests).
     *
     * @throws IllegalStateException if a file is added twice without a DELETE in between
     */
    public static Collection<ManifestEntry> mergeEntries(Iterable<ManifestEntry> entries) {
        return mergeEntries(entries, false);
    }

    /**
     * Like {@link #mergeEntries(Iterable)}; with {@code keepUnmatchedDeletes} a DELETE whose ADD is not
     * among {@code entries} stays in the result (in first-seen order), as needed when the entries are
     * a window that does not start at the beginning of history: the ADD is in an older manifest.
     */
    public static Collection<ManifestEntry> mergeEntries(Iterable<ManifestEntry> entries, boolean keepUnmatchedDeletes) {
        Map<Identifier, ManifestEntry> live = new LinkedHashMap<>();
        for (ManifestEntry entry : entries) {
            Identifier id = entry.identifier();
            switch (entry.kind()) {
                case ADD -> {
                    ManifestEntry previous = live.putIfAbsent(id, entry);
                    if (previous != null) {
                        throw new IllegalStateException("File " + id + " is added twice without being deleted in between"
                                + (previous.kind() == FileKind.DELETE ? " (a DELETE of it came first)" : ""));
                    }
                }
                case DELETE -> {
                    ManifestEntry previous = live.remove(id);
                    if (previous == null && keepUnmatchedDeletes) {
                        live.put(id, entry);
                    } else if (previous != null && previous.kind() == FileKind.DELETE) {
                        throw new IllegalStateException("File " + id + " is deleted twice");
                    }
                }
            }
        }
        return new ArrayList<>(live.values());
    }
}
