package io.strata.cli;

import io.strata.cli.ingest.IngestProgress;
import io.strata.metastore.MetastoreSync;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;

/**
 * A progress bar on standard error over the partitions a sync adds, updates and drops, one bar per
 * table, drawn only on a terminal and only for tables with many partitions to write (a few batches
 * finish before a bar would tell anything; 10,000 partitions take most of a minute).
 */
final class SyncProgress implements MetastoreSync.Progress, AutoCloseable {

    /** Tables with fewer partitions to write than this get no bar. */
    static final int MIN_PARTITIONS = 1_000;

    private final boolean enabled;
    private ProgressBar bar;

    SyncProgress(boolean enabled) {
        this.enabled = enabled && IngestProgress.terminalAttached();
    }

    @Override
    public void partitionsWritten(String table, int done, int total) {
        if (!enabled || total < MIN_PARTITIONS) {
            return;
        }
        if (bar == null) {
            bar = new ProgressBarBuilder().setTaskName(table).setInitialMax(total).setUnit(" partitions", 1)
                    .setConsumer(new ConsoleProgressBarConsumer(System.err)).setUpdateIntervalMillis(250).build();
        }
        bar.stepTo(done);
        if (done >= total) {
            close();
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
            bar = null;
        }
    }
}
