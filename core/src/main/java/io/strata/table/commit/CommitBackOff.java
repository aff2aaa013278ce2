package io.strata.table.commit;

import io.strata.schema.TableOptions;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.fs.Path;

/**
 * The wait between two attempts of a commit: doubling from {@code commit.min-retry-wait} up to
 * {@code commit.max-retry-wait}, with jitter so that writers that collided do not collide again.
 */
final class CommitBackOff {

    private final long minMillis;
    private final long maxMillis;
    private final Path table;

    CommitBackOff(TableOptions options, Path table) {
        this.minMillis = Math.max(1, options.commitMinRetryWait().toMillis());
        this.maxMillis = Math.max(minMillis, options.commitMaxRetryWait().toMillis());
        this.table = table;
    }

    /** Waits before attempt {@code attempt + 1}. */
    void backOff(int attempt) throws IOException {
        long ceiling = Math.min(maxMillis, minMillis << Math.min(attempt, 20));
        long wait = ThreadLocalRandom.current().nextLong(minMillis, ceiling + 1);
        try {
            Thread.sleep(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("Interrupted while retrying a commit to " + table);
        }
    }
}
