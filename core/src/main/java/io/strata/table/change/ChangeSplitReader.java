package io.strata.table.change;

import io.strata.data.CloseableIterator;
import io.strata.data.ProjectedRow;
import io.strata.data.Row;
import io.strata.data.RowEquality;
import io.strata.format.FileFormat;
import io.strata.format.FormatFactory;
import io.strata.format.registry.FormatFactories;
import io.strata.lsm.ConcatCursor;
import io.strata.lsm.DataFileCursor;
import io.strata.lsm.DataFileReadType;
import io.strata.lsm.KeyOrder;
import io.strata.lsm.RecordCursor;
import io.strata.manifest.DataFileMeta;
import io.strata.table.ChangePlan;
import io.strata.table.ChangeRead;
import io.strata.table.ChangeSplit;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.source.CursorRows;
import io.strata.table.source.SplitReader;
import io.strata.table.store.TableStore;
import io.strata.types.RowType;
import io.strata.table.store.DataFileWriteTypes;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.hadoop.fs.Path;

/** The implementation of {@link ChangeRead}. */
public final class ChangeSplitReader implements ChangeRead {

    private final TableStore store;
    /** The types Avro files were written with, to find their columns by id. */
    private final DataFileWriteTypes writeTypes;
    private final ChangePlan plan;
    private final boolean primaryKey;
    private final DataFileReadType readType;
    private final boolean withDeletes;

    public ChangeSplitReader(TableStore store, ChangePlan plan) {
        this(store, plan, false);
    }

    private ChangeSplitReader(TableStore store, ChangePlan plan, boolean withDeletes) {
        this.withDeletes = withDeletes;
        this.store = store;
        this.writeTypes = new DataFileWriteTypes(store);
        this.plan = plan;
        this.primaryKey = !store.schema().primaryKeys().isEmpty();
        RowType rowType = store.schema().rowType();
        boolean[] wanted = new boolean[rowType.fieldCount()];
        for (int p : plan.projection()) {
            wanted[p] = true;
        }
        this.readType = new DataFileReadType(rowType, wanted, primaryKey);
    }

    @Override
    public ChangeRead withDeletes() {
        return new ChangeSplitReader(store, plan, true);
    }

    @Override
    public CloseableIterator<Row> open(ChangeSplit split) {
        RecordCursor cursor;
        if (split.source() == ChangeSplit.Source.DIFF) {
            return openDiff(split);
        }
        if (split.source() == ChangeSplit.Source.FULL) {
            // Merged as a batch read merges, every row +I (the state, not a change).
            Plan full = new Plan(null, List.of(), plan.projection(), plan.readType(), null);
            return new SplitReader(store, full).open(new Split(split.snapshotId(), split.partition(), split.bucket(),
                    split.totalBuckets(), split.files(), split.deletionIndexFiles()));
        } else {
            cursor = ConcatCursor.ofFiles(split.files(), f -> openFile(split, f));
        }
        return new CursorRows(cursor, null, new ProjectedRow(plan.projection()), true);
    }

    private CloseableIterator<Row> openDiff(ChangeSplit split) {
        SplitReader reader = new SplitReader(store, new Plan(null, List.of(), plan.projection(), plan.readType(), null));
        Split after = new Split(split.snapshotId(), split.partition(), split.bucket(), split.totalBuckets(), split.files(),
                split.deletionIndexFiles());
        if (!primaryKey) {
            // Paimon reads an append table's diff as the rows of the files only the newer snapshot has.
            return reader.open(after);
        }
        Split before = new Split(split.snapshotId(), split.partition(), split.bucket(), split.totalBuckets(),
                split.beforeFiles(), split.beforeDeletionIndexFiles());
        RowType rowType = store.schema().rowType();
        int[] keys = store.schema().trimmedPrimaryKeys().stream().mapToInt(rowType::requireIndexOf).toArray();
        try {
            RecordCursor older = reader.openAllLevels(before, withDeletes);
            RecordCursor newer;
            try {
                newer = reader.openAllLevels(after, withDeletes);
            } catch (IOException | RuntimeException e) {
                older.close();
                throw e;
            }
            return new DiffRows(older, newer, KeyOrder.onPositions(rowType, keys), new RowEquality(rowType),
                    withDeletes, new ProjectedRow(plan.projection()));
        } catch (IOException e) {
            throw new UncheckedIOException("Table " + store.location() + ": cannot read the diff of bucket "
                    + split.bucket() + " up to snapshot " + split.snapshotId() + ": " + e.getMessage(), e);
        }
    }

    private RecordCursor openFile(ChangeSplit split, DataFileMeta file) throws IOException {
        Path path = file.externalPath() != null
                ? new Path(file.externalPath())
                : new Path(store.paths().bucketDirectory(split.partition(), split.bucket()), file.fileName());
        FormatFactory format = FormatFactories.of(FileFormat.fromFileName(file.fileName()));
        try {
            return new DataFileCursor(format.createReader(store.fileIO(), path, readType.fileReadType(),
                    writeTypes.of(file), store.schema().tableOptions().readBatchSize(), null), readType, null);
        } catch (FileNotFoundException e) {
            throw new FileNotFoundException("Table " + store.location() + ": " + split.source().name()
                    .toLowerCase() + " file " + path + " of snapshot " + split.snapshotId() + " is gone (expired?)");
        }
    }
}
