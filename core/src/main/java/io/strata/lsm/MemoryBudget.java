package io.strata.lsm;

/**
 * The memory that all write buffers of one writer share ({@code write-buffer-size}), as Paimon shares
 * one pool between the buckets a writer task writes. Buffers report what they hold; the writer checks
 * {@link #exceeded()} after each record and then spills or flushes its largest buffer. Not thread-safe:
 * a writer and its buffers run on one thread.
 */
public final class MemoryBudget {

    private final long limitBytes;
    private long usedBytes;

    public MemoryBudget(long limitBytes) {
        if (limitBytes <= 0) {
            throw new IllegalArgumentException("A write buffer needs a positive memory limit, got " + limitBytes + " bytes");
        }
        this.limitBytes = limitBytes;
    }

    public long limitBytes() {
        return limitBytes;
    }

    /** Bytes held by all buffers of the budget. */
    public long usedBytes() {
        return usedBytes;
    }

    /** Whether the buffers hold at least the limit, so one of them must give memory back. */
    public boolean exceeded() {
        return usedBytes >= limitBytes;
    }

    void add(long bytes) {
        usedBytes += bytes;
    }

    void release(long bytes) {
        usedBytes -= bytes;
    }
}
