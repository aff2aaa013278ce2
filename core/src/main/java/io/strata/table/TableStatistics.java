package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.predicate.Predicate;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.Statistics;
import java.util.Optional;

/**
 * A table's statistics for optimizers: the statistics files Paimon's ANALYZE writes (merged row counts,
 * distinct counts, lengths), and the ranges and null counts its data files record for every snapshot.
 */
@PublicApi
public interface TableStatistics {

    /** The statistics file the latest snapshot names, if any (it may describe an earlier snapshot). */
    Optional<Statistics> latest();

    /** The statistics file the snapshot names, if any. Fails naming the file if it cannot be read. */
    Optional<Statistics> of(Snapshot snapshot);

    /**
     * Writes the statistics to a new file and commits an ANALYZE snapshot that names it (the table's content
     * unchanged), as Paimon's ANALYZE does; returns the snapshot's id. Fails, committing nothing, if the
     * statistics name a snapshot or schema the table does not have or a column that schema lacks.
     */
    long commit(Statistics statistics);

    /**
     * What the data files of a snapshot record, per column of the snapshot's schema: the smallest and largest
     * value, and the null count. No distinct counts and no merged row count: for a primary-key table the files
     * hold every version of a row, so the null counts are upper bounds and the range may include values that
     * later versions replaced. Columns whose files do not all record them have no minimum or maximum, nor do string
     * columns with a file whose minimum or maximum may be cut ({@code metadata.stats-mode} {@code truncate(N)}:
     * a value of N characters or more).
     */
    Statistics fromDataFiles(Snapshot snapshot);

    /**
     * As {@link #fromDataFiles(Snapshot)}, of only the data files a scan of the snapshot with {@code filter}
     * reads (for example those of some partitions); null reads all.
     */
    Statistics fromDataFiles(Snapshot snapshot, Predicate filter);
}
