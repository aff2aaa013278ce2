package io.strata.cli;

import io.strata.table.TableCompaction;

/** The bar of {@code strata compact}: the buckets a compaction has gone through, for 8 buckets or more. */
final class CompactProgress implements TableCompaction.Progress, AutoCloseable {

    /** Fewer selected buckets than this get no bar. */
    static final int MIN_BUCKETS = 8;

    private final TerminalProgressBar bar;

    CompactProgress(boolean enabled) {
        this.bar = new TerminalProgressBar(enabled, " buckets", MIN_BUCKETS);
    }

    @Override
    public void bucketsDone(int done, int total) {
        bar.stepTo("compact", done, total);
    }

    @Override
    public void close() {
        bar.close();
    }
}
