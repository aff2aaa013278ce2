package io.strata.hive;

import java.io.FileNotFoundException;
import java.io.IOException;

/**
 * The IOException a query fails with. Hive's fetch task takes any failure whose root cause is a
 * {@link FileNotFoundException} for "this input has no files" and returns no rows instead of failing
 * (measured on Hive 4.1: an unknown snapshot id gave an empty result). So such a cause is attached as
 * suppressed, not as the cause: the message (which names the file or snapshot) still reaches the user. Each
 * failure is also kept for a client whose MapReduce tasks run in its own JVM ({@link LocalTaskFailures}).
 */
final class QueryFailure {

    private QueryFailure() {}

    static IOException of(String message, Throwable failure) {
        LocalTaskFailures.record(message);
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root instanceof FileNotFoundException) {
            IOException e = new IOException(message);
            e.addSuppressed(failure);
            return e;
        }
        return new IOException(message, failure);
    }
}
