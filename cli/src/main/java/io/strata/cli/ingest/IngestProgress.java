package io.strata.cli.ingest;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.text.DecimalFormat;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;

/**
 * A progress bar on standard error over the bytes of input read (the files' total size, or open-ended for
 * standard input), by the progressbar library. Disabled, it does nothing, so callers need no checks.
 */
public final class IngestProgress implements AutoCloseable {

    private final ProgressBar bar;
    private long bytesBefore;

    private IngestProgress(ProgressBar bar) {
        this.bar = bar;
    }

    /** A bar over {@code totalBytes} (negative if unknown). */
    public static IngestProgress start(long totalBytes) {
        ProgressBar bar = new ProgressBarBuilder().setTaskName("ingest").setInitialMax(totalBytes)
                .setUnit(" MiB", 1024 * 1024).setConsumer(new ConsoleProgressBarConsumer(System.err))
                .setUpdateIntervalMillis(250).showSpeed(new DecimalFormat("0.0")).build();
        return new IngestProgress(bar);
    }

    /** No bar: standard error is not a terminal, or it was turned off. */
    public static IngestProgress none() {
        return new IngestProgress(null);
    }

    /**
     * Whether a bar can be drawn: only on an interactive terminal. Java 17 tells that for standard input and
     * output together ({@code System.console()}); a bar is not worth guessing about standard error alone.
     */
    public static boolean terminalAttached() {
        return System.console() != null;
    }

    /** Counts the bytes read from {@code in} into the bar; call once per input, in order. */
    public InputStream track(InputStream in) {
        if (bar == null) {
            return in;
        }
        return new FilterInputStream(in) {
            private long read;

            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) {
                    advance(1);
                }
                return b;
            }

            @Override
            public int read(byte[] buf, int off, int len) throws IOException {
                int n = super.read(buf, off, len);
                if (n > 0) {
                    advance(n);
                }
                return n;
            }

            private void advance(int n) {
                read += n;
                bar.stepTo(bytesBefore + read);
            }

            @Override
            public void close() throws IOException {
                bytesBefore += read;
                super.close();
            }
        };
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
