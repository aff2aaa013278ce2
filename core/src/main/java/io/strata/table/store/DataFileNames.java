package io.strata.table.store;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Names of the files one writer creates: {@code data-<uuid>-<n>.<ext>} for data files and
 * {@code changelog-<uuid>-<n>.<ext>} for changelog files, one uuid per writer and one counter for both,
 * as Paimon names them (docs/format.md section 1).
 */
public final class DataFileNames {

    private final String prefix;
    private final String uuid;
    private final AtomicInteger counter;

    public DataFileNames() {
        this("data-", UUID.randomUUID().toString(), new AtomicInteger());
    }

    private DataFileNames(String prefix, String uuid, AtomicInteger counter) {
        this.prefix = prefix;
        this.uuid = uuid;
        this.counter = counter;
    }

    /**
     * Names of the files a writer leaves in a postpone bucket, as Paimon names them
     * ({@code data--u-<commit user>-s-<write id>-w-<uuid>-<n>}): Paimon's postpone compaction reads the write id
     * back from the name to replay each writer's files in order.
     */
    public static DataFileNames postponed(String commitUser, int writeId) {
        return new DataFileNames("data--u-" + commitUser + "-s-" + writeId + "-w-", UUID.randomUUID().toString(),
                new AtomicInteger());
    }

    /** Names of this writer's changelog files: same uuid, same counter. */
    public DataFileNames changelog() {
        return new DataFileNames("changelog-", uuid, counter);
    }

    /** Whether these are names of changelog files. */
    public boolean isChangelog() {
        return prefix.equals("changelog-");
    }

    String next(String extension) {
        return prefix + uuid + "-" + counter.getAndIncrement() + "." + extension;
    }
}
