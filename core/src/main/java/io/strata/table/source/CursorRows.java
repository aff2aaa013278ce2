package io.strata.table.source;

import io.strata.data.CloseableIterator;
import io.strata.data.ProjectedRow;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.lsm.RecordCursor;
import io.strata.predicate.Predicate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.NoSuchElementException;

/**
 * The records of a cursor as the rows a read hands out: filtered, projected, and either all +I (a
 * table's state) or each with its own kind (a change read). The row is one reused view; when the
 * projection is every field in order and the record's row already has the kind to hand out, it is that
 * row itself, so that its getters go through no projection layer.
 */
public final class CursorRows implements CloseableIterator<Row> {

    private final RecordCursor cursor;
    private final Predicate filter;
    private final ProjectedRow projected;
    private final boolean keepKinds;
    /** Whether the projection shows all fields of the records' rows in order (checked by arity per row). */
    private final boolean identity;
    private Row row;
    private boolean ready;
    private boolean done;

    /**
     * @param filter rows to keep, or null for all
     * @param keepKinds whether each row keeps its record's kind; otherwise every row is +I
     */
    public CursorRows(RecordCursor cursor, Predicate filter, ProjectedRow projected, boolean keepKinds) {
        this.cursor = cursor;
        this.filter = filter;
        this.projected = projected;
        this.keepKinds = keepKinds;
        this.identity = projected.isIdentity();
    }

    @Override
    public boolean hasNext() {
        if (ready) {
            return true;
        }
        if (done) {
            return false;
        }
        try {
            while (cursor.advance()) {
                Row value = cursor.value();
                if (filter == null || filter.test(value)) {
                    RowKind kind = keepKinds ? cursor.kind() : RowKind.INSERT;
                    row = identity && value.kind() == kind && value.arity() == projected.arity()
                            ? value
                            : projected.replace(value).withKind(kind);
                    ready = true;
                    return true;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
        done = true;
        return false;
    }

    @Override
    public Row next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        ready = false;
        return row;
    }

    @Override
    public void close() throws IOException {
        cursor.close();
    }
}
