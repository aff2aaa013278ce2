package io.strata.table.change;

import io.strata.data.CloseableIterator;
import io.strata.data.ProjectedRow;
import io.strata.data.Row;
import io.strata.data.RowEquality;
import io.strata.data.RowKind;
import io.strata.lsm.RecordCursor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.NoSuchElementException;

/**
 * The rows of a diff split of a primary-key table: the merged records of the bucket as of the older snapshot
 * and as of the newer one, walked side by side in key order, as Paimon's diff read compares them. A key only
 * the newer side has, or whose value or kind (add or retraction) changed, is returned as the newer record;
 * a key only the older side has is returned as {@code -D} of its older value when deleted keys are wanted.
 * Retractions are returned only then, too.
 */
final class DiffRows implements CloseableIterator<Row> {

    private final RecordCursor before;
    private final RecordCursor after;
    private final Comparator<Row> keyOrder;
    private final RowEquality values;
    private final boolean withDeletes;
    private final ProjectedRow projected;
    private boolean advanceBefore = true;
    private boolean advanceAfter = true;
    private boolean hasBefore;
    private boolean hasAfter;
    private Row row;
    private boolean ready;
    private boolean done;

    DiffRows(RecordCursor before, RecordCursor after, Comparator<Row> keyOrder, RowEquality values,
            boolean withDeletes, ProjectedRow projected) {
        this.before = before;
        this.after = after;
        this.keyOrder = keyOrder;
        this.values = values;
        this.withDeletes = withDeletes;
        this.projected = projected;
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
            while (true) {
                // Both sides move only when the row returned last no longer needs their current record.
                if (advanceBefore) {
                    hasBefore = before.advance();
                    advanceBefore = false;
                }
                if (advanceAfter) {
                    hasAfter = after.advance();
                    advanceAfter = false;
                }
                if (!hasBefore && !hasAfter) {
                    done = true;
                    return false;
                }
                int order = !hasBefore ? 1 : !hasAfter ? -1 : keyOrder.compare(before.value(), after.value());
                if (order < 0) {
                    advanceBefore = true;
                    if (withDeletes && before.kind().isAdd()) {
                        return emit(before.value(), RowKind.DELETE);
                    }
                } else if (order > 0) {
                    advanceAfter = true;
                    if (withDeletes || after.kind().isAdd()) {
                        return emit(after.value(), after.kind());
                    }
                } else {
                    advanceBefore = true;
                    advanceAfter = true;
                    boolean same = before.kind().isAdd() == after.kind().isAdd()
                            && values.equal(before.value(), after.value());
                    if (!same && (withDeletes || after.kind().isAdd())) {
                        return emit(after.value(), after.kind());
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    private boolean emit(Row value, RowKind kind) {
        row = projected.replace(value).withKind(kind);
        ready = true;
        return true;
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
        try {
            before.close();
        } finally {
            after.close();
        }
    }
}
