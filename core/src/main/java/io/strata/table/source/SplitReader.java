package io.strata.table.source;

import io.strata.data.CloseableIterator;
import io.strata.data.ProjectedRow;
import io.strata.data.Row;
import io.strata.data.RowComparator;
import io.strata.format.FileFormat;
import io.strata.format.FormatFactory;
import io.strata.format.FormatReader;
import io.strata.format.registry.FormatFactories;
import io.strata.lsm.CompactionReader;
import io.strata.lsm.ConcatCursor;
import io.strata.lsm.DataFileCursor;
import io.strata.lsm.DataFileOpener;
import io.strata.lsm.DataFileReadType;
import io.strata.lsm.IntervalPartition;
import io.strata.lsm.KeyOrder;
import io.strata.lsm.MergeTreeReader;
import io.strata.lsm.RecordCursor;
import io.strata.lsm.SortedRun;
import io.strata.lsm.mergeengine.MergeFunctionFactory;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.DeletionVector;
import io.strata.manifest.DeletionVectorIndexFile;
import io.strata.manifest.IndexFileMeta;
import io.strata.predicate.Predicate;
import io.strata.schema.ChangelogOptions;
import io.strata.schema.MergeEngine;
import io.strata.schema.TableOptions;
import io.strata.schema.TableSchema;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.SplitBatches;
import io.strata.table.TableRead;
import io.strata.table.store.TableStore;
import io.strata.types.RowType;
import io.strata.table.store.DataFileWriteTypes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;

/** The implementation of {@link TableRead}. */
public final class SplitReader implements TableRead {

    private final TableStore store;
    /** The types Avro files were written with, to find their columns by id. */
    private final DataFileWriteTypes writeTypes;
    private final Plan plan;
    private final TableSchema schema;
    private final RowType rowType;
    private final boolean primaryKey;
    private final boolean[] wanted;
    private final int[] keyPositions;
    private final int[] sequenceFieldPositions;
    private final TableOptions options;
    /** Null for append tables. */
    private final MergeFunctionFactory mergeFunctions;
    /** Compactions look old values up, so a key's levels above 0 hold successive states, not changes. */
    private final boolean lookupMerge;
    /** Whether rows keep the kind of the record that made them (+I, +U), rather than all +I. */
    private final boolean keepKinds;

    public SplitReader(TableStore store, Plan plan) {
        this(store, plan, false);
    }

    private SplitReader(TableStore store, Plan plan, boolean keepKinds) {
        this.keepKinds = keepKinds;
        this.store = store;
        this.writeTypes = new DataFileWriteTypes(store);
        this.plan = plan;
        this.schema = store.schema();
        this.rowType = schema.rowType();
        this.options = schema.tableOptions();
        this.lookupMerge = new ChangelogOptions(options).needsLookup();
        this.primaryKey = !schema.primaryKeys().isEmpty();
        this.keyPositions = schema.trimmedPrimaryKeys().stream().mapToInt(rowType::requireIndexOf).toArray();
        this.sequenceFieldPositions = options.sequenceField().stream().mapToInt(rowType::requireIndexOf).toArray();
        this.wanted = new boolean[rowType.fieldCount()];
        for (int p : plan.projection()) {
            wanted[p] = true;
        }
        if (plan.filter() != null) {
            for (int p : plan.filter().fields()) {
                wanted[p] = true;
            }
        }
        if (primaryKey) {
            for (int p : keyPositions) {
                wanted[p] = true;
            }
            for (int p : sequenceFieldPositions) {
                wanted[p] = true;
            }
            // Checks the merge engine's options against the schema before any file is opened.
            this.mergeFunctions = new MergeFunctionFactory(schema);
            mergeFunctions.addRequiredFields(wanted);
        } else {
            this.mergeFunctions = null;
        }
    }

    @Override
    public CloseableIterator<Row> open(Split split) {
        try {
            return new CursorRows(openCursor(split), plan.filter(), new ProjectedRow(plan.projection()), keepKinds);
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    @Override
    public TableRead withRowKinds() {
        return new SplitReader(store, plan, true);
    }

    @Override
    public SplitBatches openBatches(Split split) {
        List<DataFileMeta> files = primaryKey ? unmergedFiles(split) : appendOrder(split);
        if (files == null) {
            return null;
        }
        // Without a merge, keys and sequence numbers are not needed: only what the plan reads and filters on.
        boolean[] read = new boolean[rowType.fieldCount()];
        for (int p : plan.projection()) {
            read[p] = true;
        }
        if (plan.filter() != null) {
            for (int p : plan.filter().fields()) {
                read[p] = true;
            }
        }
        Map<String, DeletionVector> dvs;
        try {
            dvs = deletionVectors(split);
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
        // Without a merge, every row stands alone: the format may skip parts that cannot match the filter
        // (it reports where each batch starts, which places rows in their deletion vectors).
        Predicate filter = plan.filter();
        return new FileBatches(files, (f, type) -> openFormat(split, f, type, filter), dvs, rowType, read, primaryKey,
                filter, options.readBatchSize());
    }

    /** The files of a primary-key split in read order when no key needs merging, else null. */
    private List<DataFileMeta> unmergedFiles(Split split) {
        if (skipsLevelZero()) {
            List<DataFileMeta> upper = new ArrayList<>();
            for (DataFileMeta f : split.files()) {
                if (f.level() > 0) {
                    upper.add(f);
                }
            }
            return upper;
        }
        Comparator<Row> fileKeys = RowComparator.of(schema.trimmedPrimaryKeyType());
        List<DataFileMeta> files = new ArrayList<>();
        for (List<SortedRun> section : new IntervalPartition(fileKeys).partition(split.files())) {
            if (section.size() > 1) {
                return null;
            }
            files.addAll(section.get(0).files());
        }
        return files;
    }

    private static List<DataFileMeta> appendOrder(Split split) {
        List<DataFileMeta> files = new ArrayList<>(split.files());
        files.sort(Comparator.comparingLong(DataFileMeta::minSequenceNumber));
        return files;
    }

    /** With deletion vectors (or first-row) the higher levels are merged and level 0 is not yet visible. */
    private boolean skipsLevelZero() {
        return options.deletionVectorsEnabled() || options.mergeEngine() == MergeEngine.FIRST_ROW;
    }

    /** The merged records of a split with their sequence numbers, before filter and projection. */
    public RecordCursor openCursor(Split split) throws IOException {
        return primaryKey ? openMerged(split) : openAppend(split);
    }

    /**
     * The records of a primary-key split merged over every level, level 0 included, each key once with its
     * merged value in every field (deletion vectors applied): one side of a diff, which Paimon merges so.
     *
     * @param keepRetractions whether a key whose merged record is a retraction is returned (as that record)
     */
    public RecordCursor openAllLevels(Split split, boolean keepRetractions) throws IOException {
        if (!primaryKey) {
            throw new IllegalStateException("Table " + store.location() + " has no primary key to merge on");
        }
        boolean[] all = new boolean[rowType.fieldCount()];
        Arrays.fill(all, true);
        DataFileReadType readType = new DataFileReadType(rowType, all, true);
        Map<String, DeletionVector> dvs = deletionVectors(split);
        DataFileOpener opener = f -> openFile(split, f, readType, dvs.get(f.fileName()));
        Comparator<Row> fileKeys = RowComparator.of(schema.trimmedPrimaryKeyType());
        Comparator<Row> keyOrder = KeyOrder.onPositions(rowType, keyPositions);
        Comparator<Row> sequenceOrder = sequenceOrder();
        if (lookupMerge) {
            return MergeTreeReader.readLookup(split.files(), fileKeys, keyOrder, sequenceOrder, mergeFunctions.create(all),
                    opener);
        }
        return CompactionReader.read(new IntervalPartition(fileKeys).partition(split.files()), keyOrder, sequenceOrder,
                () -> mergeFunctions.create(all), opener, !keepRetractions);
    }

    /** The order of the user sequence fields of two value rows (older first), or null without them. */
    private Comparator<Row> sequenceOrder() {
        if (sequenceFieldPositions.length == 0) {
            return null;
        }
        Comparator<Row> ascending = KeyOrder.onPositions(rowType, sequenceFieldPositions);
        return options.sequenceFieldDescending() ? ascending.reversed() : ascending;
    }

    private RecordCursor openAppend(Split split) throws IOException {
        DataFileReadType readType = new DataFileReadType(rowType, wanted, false);
        Map<String, DeletionVector> dvs = deletionVectors(split);
        return ConcatCursor.ofFiles(appendOrder(split), f -> openFile(split, f, readType, dvs.get(f.fileName())));
    }

    private RecordCursor openMerged(Split split) throws IOException {
        DataFileReadType readType = new DataFileReadType(rowType, wanted, true);
        Map<String, DeletionVector> dvs = deletionVectors(split);
        boolean skipLevelZero = skipsLevelZero();
        List<DataFileMeta> files = new ArrayList<>();
        for (DataFileMeta f : split.files()) {
            // With deletion vectors (or first-row) the higher levels are already merged and level 0 is
            // not yet visible to batch reads (docs/format.md section 8).
            if (!(skipLevelZero && f.level() == 0)) {
                files.add(f);
            }
        }
        DataFileOpener opener = f -> openFile(split, f, readType, dvs.get(f.fileName()));
        if (skipLevelZero) {
            // Each key lives in exactly one file above level 0: read without merging.
            return MergeTreeReader.readUnmerged(files, opener);
        }
        Comparator<Row> sequenceOrder = sequenceOrder();
        Comparator<Row> fileKeys = RowComparator.of(schema.trimmedPrimaryKeyType());
        boolean[] readFields = wanted.clone();
        if (lookupMerge) {
            return MergeTreeReader.readLookup(files, fileKeys, KeyOrder.onPositions(rowType, keyPositions),
                    sequenceOrder, mergeFunctions.create(readFields), opener);
        }
        return MergeTreeReader.read(
                files, fileKeys, rowType, keyPositions, sequenceOrder, () -> mergeFunctions.create(readFields), opener);
    }

    private Map<String, DeletionVector> deletionVectors(Split split) throws IOException {
        if (split.deletionIndexFiles().isEmpty()) {
            return Map.of();
        }
        DeletionVectorIndexFile file = new DeletionVectorIndexFile(store.fileIO(), store.paths().indexDirectory());
        Map<String, DeletionVector> all = new HashMap<>();
        for (IndexFileMeta meta : split.deletionIndexFiles()) {
            all.putAll(file.read(meta));
        }
        return all;
    }

    private RecordCursor openFile(Split split, DataFileMeta file, DataFileReadType readType, DeletionVector dv)
            throws IOException {
        return new DataFileCursor(openFormat(split, file, readType.fileReadType(), null), readType, dv);
    }

    private FormatReader openFormat(Split split, DataFileMeta file, RowType fileReadType, Predicate skipFilter)
            throws IOException {
        Path path = file.externalPath() != null
                ? new Path(file.externalPath())
                : new Path(store.paths().bucketDirectory(split.partition(), split.bucket()), file.fileName());
        FormatFactory format = FormatFactories.of(FileFormat.fromFileName(file.fileName()));
        return format.createReader(store.fileIO(), path, fileReadType, writeTypes.of(file), options.readBatchSize(),
                skipFilter);
    }
}
