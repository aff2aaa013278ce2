package io.strata.hive;

import io.strata.manifest.DataFileMeta;
import io.strata.manifest.IndexFileMeta;
import io.strata.predicate.Predicate;
import io.strata.schema.TableSchema;
import io.strata.table.Table;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.TablePaths;
import io.strata.table.TableScan;
import io.strata.types.RowType;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.io.CombineHiveInputFormat;
import org.apache.hadoop.hive.ql.exec.TableScanOperator;
import org.apache.hadoop.hive.ql.exec.Utilities;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedInputFormatInterface;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedSupport;
import org.apache.hadoop.hive.ql.plan.MapWork;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.InputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;

/**
 * Hive's InputFormat for Strata tables. {@link #getSplits} plans each input table ONCE, on the
 * snapshot that is latest at that moment (or the one set by {@link StrataConf#SCAN_SNAPSHOT_ID} or
 * {@link StrataConf#SCAN_TAG}); every split carries that snapshot, so commits landing
 * while the query runs never mix into it. One split per Strata split (partition, bucket), or several for a
 * large bucket whose files need no merge ({@link SplitGrouping}).
 *
 * <p>When Hive vectorized the plan with this input format, a split is read straight into Hive's
 * {@code VectorizedRowBatch} ({@link StrataVectorizedRecordReader}); otherwise as rows for
 * {@link StrataSerDe} ({@link StrataRecordReader}).
 */
public final class StrataInputFormat implements InputFormat<NullWritable, Writable>,
        CombineHiveInputFormat.AvoidSplitCombination, VectorizedInputFormatInterface {

    @Override
    public InputSplit[] getSplits(JobConf job, int numSplits) throws IOException {
        List<StrataInputSplit> splits = new ArrayList<>();
        List<InputSplit> metadataSplits = new ArrayList<>();
        long targetSize;
        try {
            targetSize = StrataConf.splitTargetSize(job);
        } catch (IllegalArgumentException e) {
            throw QueryFailure.of(e.getMessage(), e);
        }
        // Input paths are table roots (a Hive table over a Strata table) or partition directories (a
        // table the metastore sync registered as partitioned): each table is loaded and planned ONCE.
        Map<Path, Map<String, Path>> inputsByTable = new LinkedHashMap<>();
        for (Path input : FileInputFormat.getInputPaths(job)) {
            Path root = PartitionDirectories.tableRoot(job, input, inputsByTable.keySet());
            String relative;
            try {
                relative = PartitionDirectories.relative(root, input);
            } catch (IllegalArgumentException e) {
                throw new IOException(e.getMessage(), e);
            }
            inputsByTable.computeIfAbsent(root, r -> new LinkedHashMap<>()).put(relative, input);
        }
        String metadataTable = StrataConf.metadataTable(job);
        for (Map.Entry<Path, Map<String, Path>> entry : inputsByTable.entrySet()) {
            Path location = entry.getKey();
            Map<String, Path> inputs = entry.getValue();
            Table table = load(job, location);
            if (metadataTable != null) {
                Path input = inputs.containsKey("") ? inputs.get("") : inputs.values().iterator().next();
                checkNotBesideItsTable(job, input, metadataTable);
                Map<String, String> readOptions = metadataTable.equals(io.strata.table.metadata.AuditLogTable.NAME)
                        ? StrataConf.auditLogReadOptions(job) : Map.of();
                metadataSplits.add(new MetadataTableSplit(input, location, metadataTable, metadataSnapshot(table, job),
                        readOptions));
                continue;
            }
            // The whole table when Hive asks for its root; else exactly the partitions Hive asked for.
            boolean wholeTable = inputs.containsKey("");
            Plan plan;
            try {
                TableScan scan = scan(table, job);
                if (!wholeTable) {
                    Predicate partitions = PartitionDirectories.predicate(table.schema(), inputs.keySet());
                    if (partitions != null) {
                        scan = scan.filter(partitions);
                    }
                }
                plan = scan.plan();
            } catch (RuntimeException e) {
                throw QueryFailure.of("Planning the read of Strata table " + location + " failed: " + e.getMessage(), e);
            }
            checkFiles(table, plan.splits());
            TablePaths paths = wholeTable ? null : PartitionDirectories.paths(table);
            int columnsRead = readColumns(table.schema().rowType(), job).length;
            for (Split split : plan.splits()) {
                // Hive finds a split's partition by its path: it must lie in the directory Hive gave.
                Path splitPath = wholeTable ? inputs.get("") : inputs.get(paths.partitionPath(split.partition()));
                if (splitPath == null) {
                    continue; // a partition Hive pruned (or the metastore no longer lists)
                }
                for (Split part : SplitGrouping.group(split, table.schema(), targetSize)) {
                    splits.add(new StrataInputSplit(splitPath, location, part,
                            projectionSize(part, table.schema(), columnsRead)));
                }
            }
        }
        List<InputSplit> all = new ArrayList<>(metadataSplits);
        all.addAll(combinesSplits(job) ? StrataInputSplit.combine(splits, maxCombinedSize(job)) : splits);
        return all.toArray(new InputSplit[0]);
    }

    /**
     * Whether small splits are combined into one task's split: on MapReduce, which starts a map task per split
     * and combines small files of native tables (CombineHiveInputFormat) but never a storage handler's splits.
     * Tez groups splits itself (by their projection size).
     */
    private static boolean combinesSplits(JobConf job) {
        return "mr".equalsIgnoreCase(job.get(HiveConf.ConfVars.HIVE_EXECUTION_ENGINE.varname,
                HiveConf.ConfVars.HIVE_EXECUTION_ENGINE.getDefaultValue()));
    }

    /** The largest split MapReduce combines files into (Hive's {@code mapreduce.input.fileinputformat.split.maxsize}). */
    private static long maxCombinedSize(JobConf job) {
        long max = job.getLong(org.apache.hadoop.mapreduce.lib.input.FileInputFormat.SPLIT_MAXSIZE, 0);
        return max > 0 ? max : StrataConf.DEFAULT_SPLIT_TARGET_SIZE;
    }

    /**
     * The bytes of the split's files that reading {@code columnsRead} of the table's columns decodes, estimated in
     * proportion of the columns (the files of a deletion-vector or first-row table above level 0 only: reads skip
     * level 0). Tez groups splits into tasks by this figure, as it groups ORC splits by the bytes of the columns a
     * query reads; by whole file sizes, a GROUP BY over three of ten columns ran two map tasks one after the other
     * in local mode where the same rows in a native ORC table ran one.
     */
    static long projectionSize(Split split, TableSchema schema, int columnsRead) {
        boolean skipLevel0 = SplitGrouping.readsSkipLevel0(schema);
        long bytes = 0;
        for (DataFileMeta file : split.files()) {
            if (!(skipLevel0 && file.level() == 0)) {
                bytes += file.fileSize();
            }
        }
        int columns = Math.max(1, schema.fields().size());
        return bytes / columns * Math.max(1, Math.min(columnsRead, columns));
    }

    /**
     * Fails the query at planning, naming the file, when a data or deletion-vector file the plan reads is
     * missing or does not have the size the manifest records. Without this a MapReduce query would fail only
     * inside its tasks, where Hive reports just "return code 2 from MapRedTask" to the client and the path
     * stays in the task log; a failure here reaches the client on both engines. Cost: one listing per
     * (partition, bucket) directory the plan reads, and one of the index directory when there are deletion
     * vectors; a file outside the table ({@code externalPath}) costs one status call.
     */
    static void checkFiles(Table table, List<Split> splits) throws IOException {
        TablePaths paths = new TablePaths(table.location(), table.schema().partitionType(),
                table.schema().tableOptions().partitionDefaultName());
        Map<String, Long> indexFiles = null;
        for (Split split : splits) {
            Path bucketDir = paths.bucketDirectory(split.partition(), split.bucket());
            Map<String, Long> listed = null;
            for (DataFileMeta file : split.files()) {
                Path path;
                Long length;
                if (file.externalPath() != null) {
                    path = new Path(file.externalPath());
                    length = statusLength(table, path);
                } else {
                    if (listed == null) {
                        listed = list(table, bucketDir);
                    }
                    path = new Path(bucketDir, file.fileName());
                    length = listed.get(file.fileName());
                }
                checkSize(table, split, "Data file", path, length, file.fileSize());
            }
            for (IndexFileMeta index : split.deletionIndexFiles()) {
                Path path;
                Long length;
                if (index.externalPath() != null) {
                    path = new Path(index.externalPath());
                    length = statusLength(table, path);
                } else {
                    if (indexFiles == null) {
                        indexFiles = list(table, paths.indexDirectory());
                    }
                    path = new Path(paths.indexDirectory(), index.fileName());
                    length = indexFiles.get(index.fileName());
                }
                checkSize(table, split, "Deletion-vector file", path, length, index.fileSize());
            }
        }
    }

    /** File name -> length of the files in a directory; empty when the directory does not exist. */
    private static Map<String, Long> list(Table table, Path dir) throws IOException {
        // FileIO.list gives no entries for a missing directory: every file expected there is then reported missing.
        Map<String, Long> files = new HashMap<>();
        for (FileStatus status : table.fileIO().list(dir)) {
            files.put(status.getPath().getName(), status.getLen());
        }
        return files;
    }

    private static Long statusLength(Table table, Path path) throws IOException {
        try {
            return table.fileIO().fileSize(path);
        } catch (FileNotFoundException e) {
            return null;
        }
    }

    private static void checkSize(Table table, Split split, String kind, Path path, Long actual,
            long recorded) throws IOException {
        if (actual == null) {
            throw new IOException(kind + " " + path + " of Strata table " + table.location() + " is missing (snapshot "
                    + split.snapshotId() + ", bucket " + split.bucket() + " lists it)");
        }
        if (actual != recorded) {
            throw new IOException(kind + " " + path + " of Strata table " + table.location() + " has " + actual
                    + " bytes, but snapshot " + split.snapshotId() + " records " + recorded
                    + ": it was replaced or truncated");
        }
    }

    /**
     * Fails a MapReduce job that reads a table and one of its metadata tables (a join of {@code db.t} and
     * {@code db.t.files}): both are the table's location to MapReduce, which gives every alias of one input path
     * the splits and reader of one of them, so the job would fail in its tasks with only "return code 2". Tez
     * plans each input on its own and reads both.
     */
    private static void checkNotBesideItsTable(JobConf job, Path input, String metadataTable) throws IOException {
        if (!"mr".equalsIgnoreCase(job.get("hive.execution.engine", "")) || job.get(Utilities.HAS_MAP_WORK) == null) {
            return;
        }
        MapWork work = Utilities.getMapWork(job);
        if (work == null) {
            return;
        }
        Set<String> read = new TreeSet<>();
        for (Map.Entry<Path, List<String>> entry : work.getPathToAliases().entrySet()) {
            if (!entry.getKey().toUri().getPath().equals(input.toUri().getPath())) {
                continue;
            }
            for (String alias : entry.getValue()) {
                if (work.getAliasToWork().get(alias) instanceof TableScanOperator scan
                        && scan.getConf().getTableMetadata() != null) {
                    String meta = scan.getConf().getTableMetadata().getMetaTable();
                    read.add(meta == null ? "the table" : "its metadata table " + meta);
                }
            }
        }
        if (read.size() > 1) {
            throw new IOException("This query reads Strata table " + input + " and " + metadataTable + " of it in one"
                    + " MapReduce job, which cannot tell them apart (" + String.join(" and ", read) + " are one input"
                    + " path to MapReduce): run it on Tez (SET hive.execution.engine=tez), or read the metadata table"
                    + " in a query of its own");
        }
    }

    /**
     * The snapshot a metadata table describes: the one time travel names (as for data reads), else none, which
     * {@link io.strata.table.metadata.MetadataTable#rows} reads as the latest. Resolved here, once, so every task
     * of the query describes the same snapshot.
     */
    private static OptionalLong metadataSnapshot(Table table, JobConf job) throws IOException {
        try {
            io.strata.snapshot.Snapshot snapshot = QuerySnapshot.of(job).scan(table.newScan()).snapshot();
            return snapshot == null ? OptionalLong.empty() : OptionalLong.of(snapshot.id());
        } catch (RuntimeException e) {
            throw QueryFailure.of("Planning the read of a metadata table of Strata table " + table.location()
                    + " failed: " + e.getMessage(), e);
        }
    }

    /**
     * The latest snapshot, unless the query or session asked for a snapshot id, a time or a tag; Hive's filter prunes
     * partitions and files (Hive still filters the rows).
     */
    private static TableScan scan(Table table, JobConf job) {
        TableScan scan = table.newScan();
        Predicate filter = SearchArgumentFilter.fromConf(job, table.schema().rowType());
        if (filter != null) {
            scan = scan.filter(filter);
        }
        return QuerySnapshot.of(job).scan(scan);
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public RecordReader<NullWritable, Writable> getRecordReader(InputSplit split, JobConf job, Reporter reporter)
            throws IOException {
        if (split instanceof MetadataTableSplit metadataSplit) {
            Table table = load(job, metadataSplit.tableLocation());
            return readsBatches(job) ? (RecordReader) new MetadataTableBatchReader(table, metadataSplit, job)
                    : (RecordReader) new MetadataTableRecordReader(table, metadataSplit);
        }
        if (!(split instanceof StrataInputSplit strataSplit)) {
            throw new IOException("StrataInputFormat reads only StrataInputSplits, got " + split.getClass().getName()
                    + ": " + split);
        }
        Table table = load(job, strataSplit.tableLocation());
        boolean batches = readsBatches(job);
        int[] readColumns = readColumns(table.schema().rowType(), job);
        SplitPartsReader.PartOpener<Writable> opener = part -> batches
                ? (RecordReader) new StrataVectorizedRecordReader(table, part, job)
                : (RecordReader) new StrataRecordReader(table, part, readColumns);
        List<StrataInputSplit> parts = strataSplit.parts();
        return parts.size() == 1 ? opener.open(strataSplit) : new SplitPartsReader<>(parts, opener);
    }

    /**
     * Whether this task's plan reads the table through this input format as a vectorized one (Hive then
     * expects {@code VectorizedRowBatch} values). A plan vectorized by row deserialization, or not at all,
     * reads rows; so does a fetch task, which has no map work.
     */
    private static boolean readsBatches(JobConf job) {
        if (!Utilities.getIsVectorized(job)) {
            return false;
        }
        MapWork work = Utilities.getMapWork(job);
        return work != null && work.getUseVectorizedInputFileFormat();
    }

    /** Decimals of up to 18 digits can be handed to Hive as scaled longs, as its ORC reader does. */
    @Override
    public VectorizedSupport.Support[] getSupportedFeatures() {
        return new VectorizedSupport.Support[] {VectorizedSupport.Support.DECIMAL_64};
    }

    /** Strata splits carry their own merge and snapshot: Hive must not combine them. */
    @Override
    public boolean shouldSkipCombine(Path path, Configuration conf) {
        return true;
    }

    private static Table load(JobConf job, Path location) throws IOException {
        try {
            return StrataTables.load(job, location.toString(), location.toString());
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /**
     * The table positions of the columns Hive reads, in table order. Names Hive asks for that the table
     * lacks (virtual columns) are skipped. When Hive reads none ({@code count(*)}) one column is still
     * read, so rows can be counted.
     */
    static int[] readColumns(RowType rowType, Configuration conf) {
        String[] names = StrataConf.readColumnNames(conf);
        if (names == null) {
            return IntStream.range(0, rowType.fieldCount()).toArray();
        }
        Set<Integer> positions = new TreeSet<>();
        for (String name : names) {
            int p = indexOfIgnoreCase(rowType, name);
            if (p >= 0) {
                positions.add(p);
            }
        }
        if (positions.isEmpty()) {
            positions.add(0);
        }
        return positions.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Hive lower-cases names; Strata keeps them as written. */
    static int indexOfIgnoreCase(RowType rowType, String name) {
        int exact = rowType.indexOf(name);
        if (exact >= 0) {
            return exact;
        }
        for (int i = 0; i < rowType.fieldCount(); i++) {
            if (rowType.field(i).name().equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

}
