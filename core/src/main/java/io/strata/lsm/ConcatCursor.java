package io.strata.lsm;

import io.strata.data.Row;
import io.strata.data.RowKind;
import java.io.IOException;
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
