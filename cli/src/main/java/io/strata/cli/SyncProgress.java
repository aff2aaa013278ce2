package io.strata.cli;

import io.strata.metastore.MetastoreSync;

/**
 * The bar of {@code strata sync}: the partitions a sync adds, updates and drops, one bar per table, for
 * tables with 1,000 partitions or more to write (10,000 take seconds to most of a minute).
 */
final class SyncProgress implements MetastoreSync.Progress, AutoCloseable {

    /** Tables with fewer partitions to write than this get no bar. */
    static final int MIN_PARTITIONS = 1_000;

    private final TerminalProgressBar bar;

    SyncProgress(boolean enabled) {
        this.bar = new TerminalProgressBar(enabled, " partitions", MIN_PARTITIONS);
    }

    @Override
    public void partitionsWritten(String table, int done, int total) {
        bar.stepTo(table, done, total);
    }

    @Override
    public void close() {
        bar.close();
    }
}
