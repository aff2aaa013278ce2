package io.strata.cli;

import io.strata.cli.ingest.IngestProgress;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;

/**
 * A progress bar on standard error for one piece of work at a time, drawn only on a terminal and only
 * for work of at least a minimum size (small work finishes before a bar would tell anything). A bar
 * closes when its work is done; the next piece of work gets a new one.
 */
final class TerminalProgressBar implements AutoCloseable {

    private final boolean enabled;
    private final String unit;
    private final int minimum;
    private ProgressBar bar;

    /**
     * @param enabled false never draws (the command's {@code --no-progress})
     * @param unit what is counted, e.g. " buckets"
     * @param minimum work smaller than this gets no bar
     */
    TerminalProgressBar(boolean enabled, String unit, int minimum) {
        this.enabled = enabled && IngestProgress.terminalAttached();
        this.unit = unit;
        this.minimum = minimum;
    }

    /** {@code done} of {@code total} units of the work called {@code task}. */
    void stepTo(String task, long done, long total) {
        if (!enabled || total < minimum) {
            return;
        }
        if (bar == null) {
            bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(total).setUnit(unit, 1)
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
