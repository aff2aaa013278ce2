package io.strata.table;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/** Names of the data files one writer creates: {@code data-<uuid>-<n>.<ext>}, one uuid per writer. */
final class DataFileNames {

    private final String uuid = UUID.randomUUID().toString();
    private final AtomicInteger counter = new AtomicInteger();

    String next(String extension) {
        return "data-" + uuid + "-" + counter.getAndIncrement() + "." + extension;
    }
}
