package io.strata.table;

import io.strata.api.PublicApi;
import java.time.Duration;
import java.util.Optional;

/**
 * A running streaming read of one table (from {@link StreamScan#open()}): each {@link #nextPlan()}
 * returns the changes of the next snapshot that has any (its changelog, or its delta where the table
 * has no changelog producer), the first one possibly the full state of the starting snapshot. Not
 * thread-safe, except {@link #close()}, which stops an {@link #awaitPlan} running in another thread.
 *
 * <p>Positions: {@link #nextSnapshotId()} is the next snapshot the stream will look at. With a
 * consumer, {@link #checkpoint()} writes it to the consumer file; call it once the rows of the plans
 * returned so far are processed. A stream restarted with the same consumer id resumes there, so
 * nothing is read twice or lost; snapshot and changelog expiration keep every snapshot from it on.
 */
@PublicApi
public interface ChangeStream extends AutoCloseable {

    /** The next snapshot the stream will read, or empty before the table has any snapshot to start from. */
    Optional<Long> nextSnapshotId();

    /**
     * The changes of the next snapshot that has any, or empty if no new snapshot was committed yet. Fails
     * naming the table and snapshot if the stream fell behind expiration (the snapshot and its changelog
     * are gone).
     */
    Optional<ChangePlan> nextPlan();

    /**
     * Waits for the next plan, looking every poll interval, until {@code timeout} passes or the stream
     * is closed (then empty).
     */
    Optional<ChangePlan> awaitPlan(Duration timeout) throws InterruptedException;

    /**
     * Records the stream's position (the next snapshot to read) in its consumer file; returns it. Does
     * nothing without a consumer or before the stream has a position.
     */
    Optional<Long> checkpoint();

    /** Stops the stream (and a waiting {@link #awaitPlan}); the consumer file stays at the last checkpoint. */
    @Override
    void close();
}
