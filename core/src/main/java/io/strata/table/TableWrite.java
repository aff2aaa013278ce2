package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.data.Row;
import java.util.List;

/**
 * What one task of a distributed job writes: rows in, data files out, no commit. Each task of the job
 * opens its own ({@link Table#newTableWrite()}), writes its rows and hands what it wrote
 * ({@link #prepareCommit()}) to the one {@link TableCommit} of the job, usually as bytes
 * ({@link CommitMessageCodec}). Nothing a task writes is visible before that commit.
 *
 * <pre>{@code
 * try (TableWrite w = table.newTableWrite()) { w.write(row); ...; bytes = CommitMessageCodec.encode(w.prepareCommit()); }
 * }</pre>
 */
@PublicApi
public interface TableWrite extends AutoCloseable {

    /** Writes one row; same routing, checks and errors as {@link BatchWrite#write(Row)}. */
    void write(Row row);

    /** Deletes the row with this primary key (primary-key tables only), as {@link BatchWrite#delete(Row)}. */
    void delete(Row row);

    /**
     * Flushes every bucket this task wrote and returns what it wrote, one message per (partition, bucket);
     * empty if nothing was written. The write is finished after this: a second call, or a write, fails.
     */
    List<CommitMessage> prepareCommit();

    /** Releases the write; files written and not handed out by {@link #prepareCommit()} are deleted. */
    @Override
    void close();
}
