package io.strata.lsm;

import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.manifest.DataFileMeta;
import java.io.IOException;
import java.util.List;

/** Reads the files of a sorted run one after another, opening each only when the previous is done. */
public final class RunCursor implements RecordCursor {

    /** Opens a cursor over one data file. */
    @FunctionalInterface
    public interface FileOpener {
        RecordCursor open(DataFileMeta file) throws IOException;
    }

    private final List<DataFileMeta> files;
    private final FileOpener opener;
    private int next;
    private RecordCursor current;

    public RunCursor(List<DataFileMeta> files, FileOpener opener) {
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
            current = opener.open(files.get(next++));
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
    public void close() throws IOException {
        if (current != null) {
            current.close();
            current = null;
        }
    }
}
