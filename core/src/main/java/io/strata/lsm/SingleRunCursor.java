package io.strata.lsm;

import io.strata.data.Row;
import io.strata.data.RowKind;
import java.io.IOException;

/**
 * Reads one sorted run without a heap. Every key occurs once, so each record is its own result, as
 * Paimon's reducer returns a lone record without calling the merge function; retractions are dropped.
 */
final class SingleRunCursor implements RecordCursor {

    private final RecordCursor run;

    SingleRunCursor(RecordCursor run) {
        this.run = run;
    }

    @Override
    public boolean advance() throws IOException {
        while (run.advance()) {
            if (run.kind().isAdd()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Row value() {
        return run.value();
    }

    @Override
    public long sequenceNumber() {
        return run.sequenceNumber();
    }

    @Override
    public RowKind kind() {
        return run.kind();
    }

    @Override
    public void close() throws IOException {
        run.close();
    }
}
