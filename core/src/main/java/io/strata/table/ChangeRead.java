package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.data.CloseableIterator;
import io.strata.data.ProjectedRow;
import io.strata.data.Row;
import io.strata.format.FileFormat;
import io.strata.format.FormatFactory;
import io.strata.format.registry.FormatFactories;
import io.strata.lsm.ConcatCursor;
import io.strata.lsm.DataFileCursor;
import io.strata.lsm.DataFileReadType;
import io.strata.lsm.RecordCursor;
import io.strata.manifest.DataFileMeta;
import io.strata.types.RowType;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * Reads the splits of a {@link ChangePlan}. Delta and changelog splits are read file by file without
 * merging, every record with the row kind it was written with ({@code +I}, {@code -U}, {@code +U},
 * {@code -D}; rows of append tables are {@code +I}), as Paimon's incremental and streaming reads do.
 * Full splits are read merged, every row {@code +I} (Paimon reports {@code +U} for a key whose latest
 * version was an update when it merges, {@code +I} when it does not: the same state). Returned rows are views valid until the next row.
 */
@PublicApi
public final class ChangeRead {

    private final FileStoreTable table;
    private final ChangePlan plan;
    private final boolean primaryKey;
    private final DataFileReadType readType;

    ChangeRead(FileStoreTable table, ChangePlan plan) {
        this.table = table;
        this.plan = plan;
        this.primaryKey = !table.schema().primaryKeys().isEmpty();
        RowType rowType = table.schema().rowType();
        boolean[] wanted = new boolean[rowType.fieldCount()];
        for (int p : plan.projection()) {
            wanted[p] = true;
        }
        this.readType = new DataFileReadType(rowType, wanted, primaryKey);
    }

    /** Opens the rows of one split of the plan, with their row kinds. */
    public CloseableIterator<Row> open(ChangeSplit split) {
        RecordCursor cursor;
        if (split.source() == ChangeSplit.Source.FULL) {
            // Merged as a batch read merges, every row +I (the state, not a change).
            Plan full = new Plan(null, List.of(), plan.projection(), plan.readType(), null);
            return table.newRead(full).open(new Split(split.snapshotId(), split.partition(), split.bucket(),
                    split.totalBuckets(), split.files(), split.deletionIndexFiles()));
        } else {
            cursor = ConcatCursor.ofFiles(split.files(), f -> openFile(split, f));
        }
        return new CursorRows(cursor, null, new ProjectedRow(plan.projection()), true);
    }

    private RecordCursor openFile(ChangeSplit split, DataFileMeta file) throws IOException {
        Path path = file.externalPath() != null
                ? new Path(file.externalPath())
                : new Path(table.paths().bucketDirectory(split.partition(), split.bucket()), file.fileName());
        FormatFactory format = FormatFactories.of(FileFormat.fromFileName(file.fileName()));
        try {
            return new DataFileCursor(format.createReader(table.fileIO(), path, readType.fileReadType(),
                    table.schema().tableOptions().readBatchSize()), readType, null);
        } catch (FileNotFoundException e) {
            throw new FileNotFoundException("Table " + table.location() + ": " + split.source().name()
                    .toLowerCase() + " file " + path + " of snapshot " + split.snapshotId() + " is gone (expired?)");
        }
    }
}
