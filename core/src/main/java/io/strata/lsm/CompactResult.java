package io.strata.lsm;

import io.strata.manifest.DataFileMeta;
import java.util.ArrayList;
import java.util.List;

/**
 * What a compaction changed in a bucket: the files it removed and the files it produced. A file moved
 * up a level without rewriting is in both, with its old and its new level.
 */
public record CompactResult(List<DataFileMeta> before, List<DataFileMeta> after) {

    public CompactResult {
        before = List.copyOf(before);
        after = List.copyOf(after);
    }

    public static CompactResult empty() {
        return new CompactResult(List.of(), List.of());
    }

    /** This result followed by {@code other}. */
    public CompactResult plus(CompactResult other) {
        List<DataFileMeta> b = new ArrayList<>(before);
        b.addAll(other.before);
        List<DataFileMeta> a = new ArrayList<>(after);
        a.addAll(other.after);
        return new CompactResult(b, a);
    }

    /** Whether the compaction changed nothing. */
    public boolean isEmpty() {
        return before.isEmpty() && after.isEmpty();
    }
}
