package io.strata.lsm;

import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.manifest.DataFileMeta;
import java.io.IOException;
import java.util.List;

/**
 * Reads the files of a sorted run one after another, opening each only when needed, and tells the
 * level of the file the current record comes from (a run that interval partitioning built may join
 * files of several levels).
 */
final class LeveledRunCursor implements RecordCursor, KeyVersion {

    private final List<DataFileMeta> files;
    private final DataFileOpener opener;
    private int next;
    private RecordCursor current;
    private int level;

    LeveledRunCursor(List<DataFileMeta> files, DataFileOpener opener) {
        this.files = files;
        this.opener = opener;
    }

    @Override
    public boolean advance() throws IOException {
        while (true) {
            if (current != null && current.advance()) {
                return true;
            }
            if (current != null) {
                current.close();
                current = null;
            }
            if (next >= files.size()) {
                return false;
            }
            DataFileMeta file = files.get(next++);
            level = file.level();
            current = opener.open(file);
        }
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
    public int level() {
        return level;
    }

    @Override
    public void close() throws IOException {
        if (current != null) {
            current.close();
            current = null;
        }
    }
}
