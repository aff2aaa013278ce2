package io.strata.lsm;

import io.strata.manifest.DataFileMeta;
import java.util.ArrayList;
import java.util.List;

/**
 * What a compaction changed in a bucket: the files it removed and the files it produced, and the
 * changelog files it wrote (lookup and full-compaction changelog producers). A file moved up a level
 * without rewriting is in both, with its old and its new level.
 */
public record CompactResult(List<DataFileMeta> before, List<DataFileMeta> after, List<DataFileMeta> changelog) {

    public CompactResult {
        before = List.copyOf(before);
        after = List.copyOf(after);
        changelog = List.copyOf(changelog);
    }

    public CompactResult(List<DataFileMeta> before, List<DataFileMeta> after) {
        this(before, after, List.of());
    }

    public static CompactResult empty() {
        return new CompactResult(List.of(), List.of(), List.of());
    }

    /** This result followed by {@code other}. */
    public CompactResult plus(CompactResult other) {
        List<DataFileMeta> b = new ArrayList<>(before);
        b.addAll(other.before);
        List<DataFileMeta> a = new ArrayList<>(after);
        a.addAll(other.after);
        List<DataFileMeta> c = new ArrayList<>(changelog);
        c.addAll(other.changelog);
        return new CompactResult(b, a, c);
    }

    /** Whether the compaction changed nothing. */
    public boolean isEmpty() {
        return before.isEmpty() && after.isEmpty() && changelog.isEmpty();
    }
}
