package io.strata.lsm;

import io.strata.data.Row;
import io.strata.data.RowKind;
import java.io.IOException;

/** Reads one sorted run without a heap: every key occurs once, so each record is its own merge result. */
final class SingleRunCursor implements RecordCursor {

    private final RecordCursor run;
    private final MergeFunction mergeFunction;

    SingleRunCursor(RecordCursor run, MergeFunction mergeFunction) {
        this.run = run;
        this.mergeFunction = mergeFunction;
    }

    @Override
    public boolean advance() throws IOException {
        while (run.advance()) {
            mergeFunction.reset();
            mergeFunction.add(run);
            if (mergeFunction.result() != null) {
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
