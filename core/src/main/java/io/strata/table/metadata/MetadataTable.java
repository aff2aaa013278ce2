package io.strata.table.metadata;

import io.strata.api.PublicApi;
import io.strata.data.CloseableIterator;
import io.strata.data.Row;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.OptionalLong;

/**
 * A read-only view of one aspect of a table's metadata as rows: its snapshots, schemas, options, tags,
 * consumers, files, manifests, partitions or buckets. What Paimon calls a system table ({@code t$snapshots});
 * HiveQL reads them as {@code db.t.snapshots}. Names, columns and their meanings follow Paimon's system table
 * of the same name.
 *
 * <p>Instances come from {@link MetadataTables#of}; each reads the table's files when {@link #rows} is
 * called, so one instance answers for whatever the table holds at that moment.
 */
@PublicApi
public interface MetadataTable {

    /** The name, lower case: the suffix of {@code db.t.<name>} in HiveQL and of {@code t$<name>} in Paimon. */
    String name();

    /** The columns. */
    RowType rowType();

    /**
     * Whether the rows describe one snapshot (files, manifests, partitions, buckets, options), so that time
     * travel picks which; otherwise the rows list the table's history or references (snapshots, schemas,
     * tags, consumers) and {@link #rows} ignores the snapshot.
     */
    boolean perSnapshot();

    /**
     * The rows as of snapshot {@code snapshotId} (the latest when empty; none when the table has no snapshot
     * and the rows describe one, except {@code options}, which shows the latest schema's options even then,
     * as Paimon's does). Fails naming the table and the file when metadata cannot be read, and naming the
     * snapshot and the table when the snapshot does not exist (an IllegalArgumentException).
     */
    CloseableIterator<Row> rows(OptionalLong snapshotId) throws IOException;
}
