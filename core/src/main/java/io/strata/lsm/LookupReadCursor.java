package io.strata.lsm;

import io.strata.data.Row;
import io.strata.data.RowKind;
import java.io.IOException;
import java.util.List;

/**
 * The merged read of a table whose compactions look old values up (changelog producer {@code lookup}).
 * Such a compaction writes, for a key it merges, the merge of the key's newest version above level 0
 * with its level-0 versions, and leaves that older version where it was: a key's versions in different
 * levels above 0 are not independent changes but successive merged states. So a key is merged from
 * its version in the lowest level above 0 (the newest state) and every level-0 version after it, as
 * Paimon's lookup merge does; merging all levels would count an aggregation twice. A key with a single
 * version is returned as it is; keys whose result is missing or a retraction are skipped.
 */
final class LookupReadCursor implements RecordCursor {

    private final KeyVersionsReader versions;
    private final MergeFunction mergeFunction;
    private MergedRecord current;

    LookupReadCursor(KeyVersionsReader versions, MergeFunction mergeFunction) {
        this.versions = versions;
        this.mergeFunction = mergeFunction;
    }

    @Override
    public boolean advance() throws IOException {
        while (versions.next()) {
            current = merge(versions.versions());
            if (current != null && current.kind().isAdd()) {
                return true;
            }
        }
        current = null;
        return false;
    }

    private MergedRecord merge(List<? extends KeyVersion> key) {
        if (key.size() == 1) {
            return key.get(0);
        }
        int newestState = -1;
        for (int i = 0; i < key.size(); i++) {
            int level = key.get(i).level();
            if (level > 0 && (newestState < 0 || level < key.get(newestState).level())) {
                newestState = i;
            }
        }
        mergeFunction.reset();
        for (int i = 0; i < key.size(); i++) {
            if (key.get(i).level() == 0 || i == newestState) {
                mergeFunction.add(key.get(i));
            }
        }
        return mergeFunction.result();
    }

    @Override
    public Row value() {
        return current.value();
    }

    @Override
    public long sequenceNumber() {
        return current.sequenceNumber();
    }

    @Override
    public RowKind kind() {
        return current.kind();
    }

    @Override
    public void close() throws IOException {
        versions.close();
    }
}
