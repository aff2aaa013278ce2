package io.strata.lsm;

import io.strata.data.Row;
import io.strata.data.RowKind;
import java.io.IOException;
import io.strata.manifest.DataFileMeta;
import java.util.ArrayList;
import java.util.List;

/** Reads cursors one after another, creating each only when the previous one is exhausted. */
public final class ConcatCursor implements RecordCursor {

    /** Creates a cursor; may fail opening files. */
    @FunctionalInterface
    public interface CursorFactory {
        RecordCursor create() throws IOException;
    }

    private final List<CursorFactory> factories;
    private int next;
    private RecordCursor current;

    public ConcatCursor(List<CursorFactory> factories) {
        this.factories = factories;
    }

    /** Reads files one after another (a sorted run, or an append bucket), opening each only when needed. */
    public static ConcatCursor ofFiles(List<DataFileMeta> files, DataFileOpener opener) {
        List<CursorFactory> factories = new ArrayList<>(files.size());
        for (DataFileMeta file : files) {
            factories.add(() -> opener.open(file));
        }
        return new ConcatCursor(factories);
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
            if (next >= factories.size()) {
                return false;
            }
            current = factories.get(next++).create();
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
