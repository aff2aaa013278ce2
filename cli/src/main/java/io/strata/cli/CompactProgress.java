package io.strata.cli;

import io.strata.cli.ingest.IngestProgress;
import io.strata.table.TableCompaction;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;

/**
 * A progress bar on standard error over the buckets a compaction goes through, drawn only on a terminal and
 * only for compactions of many buckets (a few finish before a bar would tell anything).
 */
final class CompactProgress implements TableCompaction.Progress, AutoCloseable {

    /** Fewer selected buckets than this get no bar. */
    static final int MIN_BUCKETS = 8;

    private final boolean enabled;
    private ProgressBar bar;

    CompactProgress(boolean enabled) {
        this.enabled = enabled && IngestProgress.terminalAttached();
    }

    @Override
    public void bucketsDone(int done, int total) {
        if (!enabled || total < MIN_BUCKETS) {
            return;
        }
        if (bar == null) {
            bar = new ProgressBarBuilder().setTaskName("compact").setInitialMax(total).setUnit(" buckets", 1)
                    .setConsumer(new ConsoleProgressBarConsumer(System.err)).setUpdateIntervalMillis(250).build();
        }
        bar.stepTo(done);
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
