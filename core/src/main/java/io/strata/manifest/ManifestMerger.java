package io.strata.manifest;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Keeps a table's metadata from growing without end: when a snapshot's manifests include too many
 * small ones, it rewrites a run of them into fewer, larger files, dropping every file that was added
 * and later deleted inside the run. The live files (ADDs minus DELETEs over the whole list) never
 * change.
 *
 * <p>The run ends at the last small manifest. It starts at the first manifest that is small or holds
 * DELETE entries; the large, delete-free manifests before it are kept as they are (rewriting them would
 * only copy them). A DELETE inside the run whose ADD is in a kept manifest before the run must stay,
 * as in Paimon. Once the manifests that must change add up to the full-compaction size, the run starts
 * at the first manifest, so it is a prefix of the history: then every DELETE has its ADD inside the run
 * or nowhere, and all DELETE entries disappear.
 */
public final class ManifestMerger {

    private ManifestMerger() {}

    /**
     * Merges with the full-compaction size at twice the target size (Paimon's defaults: 8 MB target,
     * 16 MB {@code manifest.full-compaction-threshold-size}).
     */
    public static List<ManifestFileMeta> merge(List<ManifestFileMeta> base, ManifestFile file, long targetSize, int minCount)
            throws IOException {
        return merge(base, file, targetSize, minCount, 2 * targetSize);
    }

    /**
     * The manifests to use instead of {@code base} (oldest first): {@code base} itself when fewer than
     * {@code minCount} manifests are smaller than {@code targetSize}, else a list where a run of them
     * is rewritten through {@code file}. On failure the files written so far are deleted.
     *
     * @param fullCompactionSize when manifests that are small or hold DELETEs add up to this many
     *     bytes, the rewritten run starts at the first manifest and all DELETEs are dropped
     */
    public static List<ManifestFileMeta> merge(
            List<ManifestFileMeta> base, ManifestFile file, long targetSize, int minCount, long fullCompactionSize)
            throws IOException {
        if (minCount < 1) {
            throw new IllegalArgumentException("manifest.merge-min-count must be at least 1, got " + minCount);
        }
        int smallCount = 0;
        int lastSmall = -1;
        int firstToChange = -1;
        long sizeToChange = 0;
        for (int i = 0; i < base.size(); i++) {
            ManifestFileMeta m = base.get(i);
            boolean small = m.fileSize() < targetSize;
            if (small) {
                smallCount++;
                lastSmall = i;
            }
            if (small || m.numDeletedFiles() > 0) {
                sizeToChange += m.fileSize();
                if (firstToChange < 0) {
                    firstToChange = i;
                }
            }
        }
        boolean full = sizeToChange >= fullCompactionSize && base.size() > 1;
        if (!full && smallCount < minCount) {
            return base;
        }
        int start = full ? 0 : firstToChange;
        int end = full ? lastNeedingChange(base, targetSize) + 1 : lastSmall + 1;
        if (end - start < 2 && !(end - start == 1 && base.get(start).numDeletedFiles() > 0 && start == 0)) {
            // A single manifest is rewritten only to drop its DELETEs, which is possible only at the start.
            return base;
        }
        List<ManifestFileMeta> run = base.subList(start, end);
        List<ManifestEntry> entries = new ArrayList<>();
        for (ManifestFileMeta m : run) {
            entries.addAll(file.read(m.fileName()));
        }
        // A run that starts at the first manifest is a prefix of the history: an unmatched DELETE there
        // refers to nothing live and can go. Elsewhere its ADD may sit in a manifest before the run.
        Collection<ManifestEntry> merged = ManifestEntry.mergeEntries(entries, start > 0);
        List<ManifestFileMeta> written = file.write(new ArrayList<>(merged));
        List<ManifestFileMeta> result = new ArrayList<>(base.size() - run.size() + written.size());
        result.addAll(base.subList(0, start));
        result.addAll(written);
        result.addAll(base.subList(end, base.size()));
        return result;
    }

    /** The last manifest that is small or holds DELETEs: a full compaction need not go past it. */
    private static int lastNeedingChange(List<ManifestFileMeta> base, long targetSize) {
        for (int i = base.size() - 1; i >= 0; i--) {
            ManifestFileMeta m = base.get(i);
            if (m.fileSize() < targetSize || m.numDeletedFiles() > 0) {
                return i;
            }
        }
        return -1;
    }
}
