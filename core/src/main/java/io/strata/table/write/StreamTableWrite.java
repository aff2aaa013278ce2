package io.strata.table.write;

import io.strata.data.Row;
import io.strata.table.CommitCallbackException;
import io.strata.table.StreamWrite;
import io.strata.table.Table;
import io.strata.table.commit.FileStoreCommit;
import io.strata.table.store.TableStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.OptionalLong;

/**
 * The {@link StreamWrite} of a table: one {@link TableWriter} kept across commits. Commits do not wait
 * for running compactions (their results go into a later commit); every {@code full-compaction.delta-commits}
 * commits, each bucket it holds is fully compacted first.
 */
public final class StreamTableWrite implements StreamWrite {

    private final TableWriter writer;
    private final Integer fullCompactionDeltaCommits;
    private OptionalLong lastCommitted;
    private long commits;
    private long recordsSinceCommit;
    private final Clock clock;
    private Instant lastCommit;
    private long commitEveryRecords;
    private Duration commitEveryInterval = Duration.ZERO;
    private boolean failed;
    private boolean closed;

    public StreamTableWrite(Table table, String commitUser) {
        if (commitUser == null || commitUser.isBlank()) {
            throw new IllegalArgumentException("A stream write of table " + table.location() + " needs a commit user");
        }
        this.clock = table.clock();
        this.lastCommit = clock.instant();
        this.writer = new TableWriter(table, commitUser, true);
        this.fullCompactionDeltaCommits = writer.compactionOptions().fullCompactionDeltaCommits();
        try {
            this.lastCommitted = new FileStoreCommit(TableStore.of(table), commitUser, null).latestCommittedIdentifier();
        } catch (IOException | RuntimeException e) {
            writer.close();
            if (e instanceof IOException io) {
                throw new UncheckedIOException("Reading the snapshots of table " + table.location() + " failed: "
                        + io.getMessage(), io);
            }
            throw (RuntimeException) e;
        }
    }

    @Override
    public String commitUser() {
        return writer.commitUser();
    }

    @Override
    public void write(Row row) {
        checkUsable();
        writer.write(row);
        recordsSinceCommit++;
        autoCommit();
    }

    @Override
    public void delete(Row row) {
        checkUsable();
        writer.delete(row);
        recordsSinceCommit++;
        autoCommit();
    }

    private void autoCommit() {
        boolean byCount = commitEveryRecords > 0 && recordsSinceCommit >= commitEveryRecords;
        Duration elapsed = Duration.between(lastCommit, clock.instant());
        // A wall clock set back counts as the interval passed, so that time commits never stall.
        boolean byTime = !commitEveryInterval.isZero() && (elapsed.isNegative() || elapsed.compareTo(commitEveryInterval) >= 0);
        if (byCount || byTime) {
            commit();
        }
    }

    @Override
    public long commit() {
        return commit(lastCommitted.isPresent() ? lastCommitted.getAsLong() + 1 : 1);
    }

    @Override
    public long commit(long commitIdentifier) {
        checkUsable();
        recordsSinceCommit = 0;
        lastCommit = clock.instant();
        if (lastCommitted.isPresent() && commitIdentifier <= lastCommitted.getAsLong()) {
            // A replay of a commit that landed before a crash: applying it again would duplicate rows.
            writer.abort();
            return -1;
        }
        boolean full = fullCompactionDeltaCommits != null && (commits + 1) % fullCompactionDeltaCommits == 0;
        long snapshot;
        try {
            snapshot = writer.commit(commitIdentifier, false, full);
        } catch (CommitCallbackException e) {
            // The rows landed: the write goes on after this identifier.
            commits++;
            lastCommitted = OptionalLong.of(commitIdentifier);
            throw e;
        } catch (RuntimeException e) {
            // Failed (files removed) or unknown (files kept): either way a new write must find out where
            // the table is, from its commit user's latest identifier.
            failed = true;
            throw e;
        }
        commits++;
        if (snapshot >= 0) {
            lastCommitted = OptionalLong.of(commitIdentifier);
        }
        return snapshot;
    }

    @Override
    public OptionalLong lastCommittedIdentifier() {
        return lastCommitted;
    }

    @Override
    public StreamWrite commitEvery(long records, Duration interval) {
        if (records < 0 || interval == null || interval.isNegative()) {
            throw new IllegalArgumentException("commitEvery needs records >= 0 and a non-negative interval, got "
                    + records + " and " + interval);
        }
        this.commitEveryRecords = records;
        this.commitEveryInterval = interval;
        return this;
    }

    private void checkUsable() {
        if (closed) {
            throw new IllegalStateException("This stream write of table " + writer.table().location() + " is closed");
        }
        if (failed) {
            throw new IllegalStateException("A commit of this stream write of table " + writer.table().location()
                    + " failed: open a new stream write with commit user '" + writer.commitUser()
                    + "' and replay from its last committed identifier");
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            writer.close();
        }
    }
}
