package io.strata.oracle;

import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.types.RowType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.paimon.append.AppendCompactCoordinator;
import org.apache.paimon.append.AppendCompactTask;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.operation.BaseAppendFileStoreWrite;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.BucketMode;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.source.ReadBuilder;

/**
 * Apache Paimon 1.4.2 as a test oracle: makes real Paimon create, write, compact and read tables in
 * a filesystem warehouse, speaking Strata types and rows on both sides.
 *
 * <p>Layout: the warehouse holds {@code <db>.db/<table>} directories (Paimon's filesystem catalog),
 * so a table the oracle writes can be opened by Strata at {@link #tablePath(String, String)} and a
 * table Strata writes there can be read back with {@link #readAll(String, String)}.
 *
 * <p>Each {@link #write} is one Paimon batch commit (one snapshot, or two if Paimon's write also
 * compacts). Rows keep their row kind, so a primary-key table receives updates and deletes as Paimon
 * would from Flink. Every call opens the table afresh, so changes made by Strata in between are seen.
 * Not thread-safe; one oracle per test.
 *
 * <p>Paimon's ORC and Parquet formats load {@code hadoop-hdfs-client} and
 * {@code hadoop-mapreduce-client-core} classes; the constructor fails early, naming them, when the test
 * classpath lacks them.
 */
public final class PaimonOracle implements AutoCloseable {

    private final Path warehouse;
    private final Catalog catalog;
    /** Spill and lookup files (deletion vectors, lookup changelog); in a temp directory of its own. */
    private final Path ioDirectory;
    private final IOManager ioManager;

    /** Classes Paimon's ORC and Parquet formats load from Hadoop beyond hadoop-common. */
    private static final List<String> HADOOP_CLASSES_NEEDED = List.of(
            "org.apache.hadoop.hdfs.client.HdfsDataOutputStream", // hadoop-hdfs-client: Paimon's ORC shims
            "org.apache.hadoop.mapreduce.lib.input.FileInputFormat"); // hadoop-mapreduce-client-core: Parquet

    /** An oracle over a filesystem warehouse directory (created when needed). */
    public PaimonOracle(Path warehouse) {
        requireHadoopClients();
        this.warehouse = Objects.requireNonNull(warehouse, "warehouse").toAbsolutePath();
        Options options = new Options();
        options.set("warehouse", this.warehouse.toUri().toString());
        // No table cache: Strata may change a table (schema, snapshots) between two oracle calls.
        options.set("cache-enabled", "false");
        // An explicit Hadoop configuration: Paimon's default one needs hadoop-hdfs, which is not here.
        CatalogContext context = CatalogContext.create(options, new org.apache.hadoop.conf.Configuration());
        this.catalog = CatalogFactory.createCatalog(context);
        try {
            this.ioDirectory = Files.createTempDirectory("paimon-oracle-io");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("Could not create a temp directory for Paimon's IOManager", e);
        }
        this.ioManager = IOManager.create(ioDirectory.toString());
    }

    private static void requireHadoopClients() {
        for (String name : HADOOP_CLASSES_NEEDED) {
            try {
                Class.forName(name, false, PaimonOracle.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("Paimon's ORC and Parquet formats need " + name
                        + " on the test classpath: add org.apache.hadoop:hadoop-hdfs-client and"
                        + " hadoop-mapreduce-client-core (test scope) to core/pom.xml", e);
            }
        }
    }

    /** Paimon's path of a local file or directory, for Paimon classes used directly (SchemaManager, TagManager). */
    public static org.apache.paimon.fs.Path path(Path local) {
        return new org.apache.paimon.fs.Path(local.toUri());
    }

    /** The warehouse root. */
    public Path warehouse() {
        return warehouse;
    }

    /** The directory of a table: {@code <warehouse>/<db>.db/<table>}. */
    public Path tablePath(String db, String table) {
        return warehouse.resolve(db + ".db").resolve(table);
    }

    /**
     * Creates a table (and its database if missing) with Paimon's catalog. Field ids of {@code type}
     * are kept; primary-key columns must be NOT NULL in {@code type} or Paimon makes them so.
     *
     * @param options table options such as {@code bucket}, {@code file.format}, {@code merge-engine}
     */
    public void createTable(
            String db,
            String table,
            RowType type,
            List<String> partitionKeys,
            List<String> primaryKeys,
            Map<String, String> options) {
        Schema schema = new Schema(
                PaimonTypes.toPaimonFields(type.fields()), partitionKeys, primaryKeys, options, null);
        try {
            catalog.createDatabase(db, true);
            catalog.createTable(Identifier.create(db, table), schema, false);
        } catch (Exception e) {
            throw new IllegalStateException("Paimon could not create table " + db + "." + table + " " + type, e);
        }
    }

    /** The table's current schema as a Strata row type (field ids included). */
    public RowType rowType(String db, String table) {
        return PaimonTypes.toStrata(table(db, table).rowType());
    }

    /**
     * Writes the rows (with their row kinds) and commits them in one Paimon batch commit. Rows are Strata
     * rows of the table's row type holding Strata value classes.
     */
    public void write(String db, String table, List<? extends Row> rows) {
        FileStoreTable t = (FileStoreTable) table(db, table);
        RowType type = PaimonTypes.toStrata(t.rowType());
        BatchWriteBuilder builder = t.newBatchWriteBuilder();
        try (BatchTableWrite write = withIOManager(builder.newWrite(), ioManager);
                BatchTableCommit commit = builder.newCommit()) {
            if (t.bucketMode() == BucketMode.HASH_DYNAMIC) {
                writeDynamicBuckets(t, write, rows, type);
            } else {
                for (Row row : rows) {
                    write.write(PaimonValues.toPaimonRow(row, type));
                }
            }
            commit.commit(write.prepareCommit());
        } catch (Exception e) {
            throw new IllegalStateException("Paimon could not write " + rows.size() + " rows to " + db + "." + table, e);
        }
    }

    /**
     * Writes the rows of a postpone-bucket table ({@code bucket = -2}) into real buckets, as Paimon 1.4's Flink
     * batch sink does ({@code postpone.batch-write-fixed-bucket}, its default): a write-only copy of the table
     * with {@code numBuckets} buckets writes the files, a copy with bucket -2 commits them, so the files record
     * {@code numBuckets} as their partition's bucket count.
     */
    public void writePostponeTableIntoBuckets(String db, String table, List<? extends Row> rows, int numBuckets) {
        FileStoreTable t = (FileStoreTable) table(db, table);
        RowType type = PaimonTypes.toStrata(t.rowType());
        FileStoreTable fixed = t.copy(Map.of("write-only", "true", "bucket", String.valueOf(numBuckets)));
        try (BatchTableWrite write = withIOManager(fixed.newBatchWriteBuilder().newWrite(), ioManager);
                BatchTableCommit commit = t.copy(Map.of("bucket", "-2")).newBatchWriteBuilder().newCommit()) {
            for (Row row : rows) {
                write.write(PaimonValues.toPaimonRow(row, type));
            }
            commit.commit(write.prepareCommit());
        } catch (Exception e) {
            throw new IllegalStateException("Paimon could not write " + rows.size() + " rows into the buckets of "
                    + db + "." + table, e);
        }
    }

    /**
     * Dynamic bucket mode ({@code bucket = -1} with a primary key): the caller assigns buckets. Paimon's
     * hash assigner (one assigner, as Flink runs it with parallelism 1) reads the table's HASH index, so
     * a key already in the table goes to its existing bucket and new keys fill buckets up to
     * {@code dynamic-bucket.target-row-num}.
     */
    private static void writeDynamicBuckets(FileStoreTable t, BatchTableWrite write, List<? extends Row> rows, RowType type)
            throws Exception {
        org.apache.paimon.CoreOptions options = t.coreOptions();
        Integer maxBuckets = options.dynamicBucketMaxBuckets();
        org.apache.paimon.index.HashBucketAssigner assigner = new org.apache.paimon.index.HashBucketAssigner(
                t.snapshotManager(),
                "strata-oracle",
                t.store().newIndexFileHandler(),
                1,
                1,
                0,
                options.dynamicBucketTargetRowNum(),
                maxBuckets == null ? -1 : maxBuckets);
        org.apache.paimon.table.sink.RowKeyExtractor extractor = t.createRowKeyExtractor();
        for (Row row : rows) {
            org.apache.paimon.data.GenericRow paimonRow = PaimonValues.toPaimonRow(row, type);
            extractor.setRecord(paimonRow);
            int bucket = assigner.assign(extractor.partition(), extractor.trimmedPrimaryKey().hashCode());
            write.write(paimonRow, bucket);
        }
    }

    /**
     * Fully compacts every bucket of every partition and commits (a COMPACT snapshot). Tables with a
     * fixed or dynamic bucket count are compacted bucket by bucket through the table write; append
     * tables without buckets ({@code bucket = -1}) by Paimon's append compaction coordinator, which
     * merges small files.
     */
    public void compact(String db, String table) {
        FileStoreTable t = (FileStoreTable) table(db, table);
        try {
            if (t.bucketMode() == BucketMode.BUCKET_UNAWARE) {
                compactUnaware(t);
            } else {
                compactBuckets(t, ioManager);
            }
        } catch (Exception e) {
            throw new IllegalStateException("Paimon could not compact " + db + "." + table, e);
        }
    }

    private static void compactBuckets(FileStoreTable t, IOManager ioManager) throws Exception {
        Set<List<Object>> partitionBuckets = new LinkedHashSet<>();
        List<BinaryRow> partitions = new ArrayList<>();
        List<Integer> buckets = new ArrayList<>();
        // Through FileEntry: ManifestEntry is a class in Paimon 1.2 and an interface from 1.3 on, so a call on
        // ManifestEntry links in one of them only; FileEntry is an interface in all three.
        for (org.apache.paimon.manifest.FileEntry entry : t.store().newScan().plan().files()) {
            if (partitionBuckets.add(List.of(entry.partition(), entry.bucket()))) {
                partitions.add(entry.partition());
                buckets.add(entry.bucket());
            }
        }
        BatchWriteBuilder builder = t.newBatchWriteBuilder();
        try (BatchTableWrite write = withIOManager(builder.newWrite(), ioManager);
                BatchTableCommit commit = builder.newCommit()) {
            for (int i = 0; i < partitions.size(); i++) {
                write.compact(partitions.get(i), buckets.get(i), true);
            }
            commit.commit(write.prepareCommit());
        }
    }

    private static void compactUnaware(FileStoreTable t) throws Exception {
        // min.file-num 1: a "full" compaction here rewrites even a partition's lone small files.
        FileStoreTable eager = t.copy(Map.of("compaction.min.file-num", "1"));
        List<AppendCompactTask> tasks = new AppendCompactCoordinator(eager, false).run();
        List<CommitMessage> messages = new ArrayList<>();
        BaseAppendFileStoreWrite write = (BaseAppendFileStoreWrite) eager.store().newWrite("strata-oracle-compact");
        try {
            for (AppendCompactTask task : tasks) {
                messages.add(task.doCompact(eager, write));
            }
        } finally {
            write.close();
        }
        try (BatchTableCommit commit = eager.newBatchWriteBuilder().newCommit()) {
            commit.commit(messages);
        }
    }

    /**
     * Paimon's merged read of the latest snapshot (empty if the table has none), as +I rows. Paimon
     * itself returns +U for a key whose last change was an update when it merges, and +I when it reads
     * a file without merging; the oracle erases that difference.
     */
    public List<GenericRow> readAll(String db, String table) {
        Table t = table(db, table);
        if (t.latestSnapshot().isEmpty()) {
            return List.of();
        }
        return read(t, db + "." + table);
    }

    /** Paimon's merged read of the given snapshot. */
    public List<GenericRow> readAll(String db, String table, long snapshotId) {
        Table t = table(db, table).copy(Map.of("scan.snapshot-id", Long.toString(snapshotId)));
        return read(t, db + "." + table + " at snapshot " + snapshotId);
    }

    private static List<GenericRow> read(Table t, String what) {
        return read(t, what, false);
    }

    /** Every row of Paimon's read of {@code t}, each +I, or with the kind Paimon gives it if {@code kinds}. */
    private static List<GenericRow> read(Table t, String what, boolean kinds) {
        org.apache.paimon.types.RowType paimonType = t.rowType();
        ReadBuilder readBuilder = t.newReadBuilder();
        List<GenericRow> out = new ArrayList<>();
        try (RecordReader<InternalRow> reader =
                readBuilder.newRead().createReader(readBuilder.newScan().plan().splits())) {
            reader.forEachRemaining(row -> {
                GenericRow converted = PaimonValues.toStrataRow(row, paimonType);
                converted.setKind(kinds ? io.strata.data.RowKind.valueOf(row.getRowKind().name())
                        : io.strata.data.RowKind.INSERT);
                out.add(converted);
            });
        } catch (Exception e) {
            throw new IllegalStateException("Paimon could not read " + what, e);
        }
        return out;
    }

    /**
     * Paimon's read of the table with read options ({@code incremental-between}, {@code scan.mode}, ...), each row
     * with the kind Paimon gives it.
     */
    public List<GenericRow> readChanges(String db, String table, Map<String, String> options) {
        return read(table(db, table).copy(options), db + "." + table + " with " + options, true);
    }

    /**
     * Paimon's streaming read of the table with read options ({@code scan.mode}, {@code scan.snapshot-id}, ...):
     * every plan until the stream has caught up with the latest snapshot, each row with the kind Paimon gives it.
     */
    public List<GenericRow> readStream(String db, String table, Map<String, String> options) {
        Table t = table(db, table).copy(options);
        long latest = latestSnapshotId(db, table).orElse(0);
        ReadBuilder readBuilder = t.newReadBuilder();
        org.apache.paimon.table.source.StreamTableScan scan = readBuilder.newStreamScan();
        List<GenericRow> out = new ArrayList<>();
        try {
            for (int i = 0; i < 1000; i++) {
                org.apache.paimon.table.source.TableScan.Plan plan = scan.plan();
                if (plan.splits().isEmpty()) {
                    // An empty plan either waits for a snapshot to come or steps over one without changes.
                    Long next = scan.checkpoint();
                    if (next != null && next > latest) {
                        break;
                    }
                    continue;
                }
                try (RecordReader<InternalRow> reader = readBuilder.newRead().createReader(plan.splits())) {
                    reader.forEachRemaining(row -> out.add(PaimonValues.toStrataRow(row, t.rowType())));
                }
            }
        } catch (Exception e) {
            throw new IllegalStateException("Paimon could not stream " + db + "." + table + " with " + options, e);
        }
        return out;
    }

    /**
     * Alters the table with Paimon's catalog: each Strata schema change as Paimon's of the same kind (add, rename,
     * drop, widen a column; set or remove an option; the comment).
     */
    public void alterTable(String db, String table, List<io.strata.schema.SchemaChange> changes) {
        List<org.apache.paimon.schema.SchemaChange> paimonChanges = new ArrayList<>();
        for (io.strata.schema.SchemaChange change : changes) {
            paimonChanges.add(toPaimon(change));
        }
        try {
            catalog.alterTable(Identifier.create(db, table), paimonChanges, false);
        } catch (Exception e) {
            throw new IllegalStateException("Paimon could not alter " + db + "." + table + " with " + changes, e);
        }
    }

    private static org.apache.paimon.schema.SchemaChange toPaimon(io.strata.schema.SchemaChange change) {
        if (change instanceof io.strata.schema.SchemaChange.AddColumn c) {
            return org.apache.paimon.schema.SchemaChange.addColumn(c.name(), PaimonTypes.toPaimon(c.type()), c.comment());
        } else if (change instanceof io.strata.schema.SchemaChange.RenameColumn c) {
            return org.apache.paimon.schema.SchemaChange.renameColumn(c.oldName(), c.newName());
        } else if (change instanceof io.strata.schema.SchemaChange.DropColumn c) {
            return org.apache.paimon.schema.SchemaChange.dropColumn(c.name());
        } else if (change instanceof io.strata.schema.SchemaChange.UpdateColumnType c) {
            return org.apache.paimon.schema.SchemaChange.updateColumnType(c.name(), PaimonTypes.toPaimon(c.newType()));
        } else if (change instanceof io.strata.schema.SchemaChange.SetOption c) {
            return org.apache.paimon.schema.SchemaChange.setOption(c.key(), c.value());
        } else if (change instanceof io.strata.schema.SchemaChange.RemoveOption c) {
            return org.apache.paimon.schema.SchemaChange.removeOption(c.key());
        }
        return org.apache.paimon.schema.SchemaChange.updateComment(((io.strata.schema.SchemaChange.UpdateComment) change).comment());
    }

    /**
     * Expires snapshots, then changelogs kept longer than snapshots, as the table's options with {@code options}
     * over them say ({@code snapshot.num-retained.*}, {@code changelog.*}): Paimon's own expiration, honouring
     * tags and consumers. Returns how many snapshots expired.
     */
    public int expireSnapshots(String db, String table, Map<String, String> options) {
        FileStoreTable t = ((FileStoreTable) table(db, table)).copy(options);
        org.apache.paimon.options.ExpireConfig config = t.coreOptions().expireConfig();
        int expired = t.newExpireSnapshots().config(config).expire();
        t.newExpireChangelog().config(config).expire();
        return expired;
    }

    /**
     * Commits table statistics as Paimon's ANALYZE does (an ANALYZE snapshot naming a statistics file): Strata's
     * statistics with each column's minimum and maximum text parsed as a value of the column's type.
     */
    public void commitStatistics(String db, String table, io.strata.snapshot.Statistics statistics) {
        FileStoreTable t = (FileStoreTable) table(db, table);
        RowType type = PaimonTypes.toStrata(t.rowType());
        Map<String, org.apache.paimon.stats.ColStats<?>> columns = new java.util.LinkedHashMap<>();
        statistics.columns().forEach((name, c) -> {
            io.strata.types.DataType columnType = type.fields().get(type.fieldNames().indexOf(name)).type();
            columns.put(name, org.apache.paimon.stats.ColStats.newColStats(c.columnId(), c.distinctCount(),
                    statisticsValue(c.min(), columnType), statisticsValue(c.max(), columnType), c.nullCount(),
                    c.avgLength(), c.maxLength()));
        });
        try (BatchTableCommit commit = t.newBatchWriteBuilder().newCommit()) {
            commit.updateStatistics(new org.apache.paimon.stats.Statistics(statistics.snapshotId(),
                    statistics.schemaId(), statistics.mergedRecordCount(), statistics.mergedRecordSize(), columns));
        } catch (Exception e) {
            throw new IllegalStateException("Paimon could not commit statistics of " + db + "." + table, e);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Comparable statisticsValue(String text, io.strata.types.DataType type) {
        return text == null ? null
                : (Comparable) PaimonValues.toPaimon(io.strata.snapshot.StatisticsText.parse(text, type), type);
    }

    /** The statistics Paimon reads for the table (its latest snapshot's), as Strata's, minima and maxima as text. */
    public java.util.Optional<io.strata.snapshot.Statistics> statistics(String db, String table) {
        FileStoreTable t = (FileStoreTable) table(db, table);
        return t.statistics().map(s -> {
            Map<String, io.strata.snapshot.ColumnStatistics> columns = new java.util.LinkedHashMap<>();
            s.colStats().forEach((name, c) -> {
                org.apache.paimon.types.DataType paimonType = t.rowType().getField(name).type();
                io.strata.types.DataType type = PaimonTypes.toStrata(paimonType);
                columns.put(name, new io.strata.snapshot.ColumnStatistics(c.colId(), boxed(c.distinctCount()),
                        c.min().map(v -> io.strata.snapshot.StatisticsText.format(PaimonValues.toStrata(v, paimonType), type))
                                .orElse(null),
                        c.max().map(v -> io.strata.snapshot.StatisticsText.format(PaimonValues.toStrata(v, paimonType), type))
                                .orElse(null),
                        boxed(c.nullCount()), boxed(c.avgLen()), boxed(c.maxLen())));
            });
            return new io.strata.snapshot.Statistics(s.snapshotId(), s.schemaId(), boxed(s.mergedRecordCount()),
                    boxed(s.mergedRecordSize()), columns);
        });
    }

    private static Long boxed(java.util.OptionalLong value) {
        return value.isPresent() ? value.getAsLong() : null;
    }

    /** Tags snapshot {@code snapshotId} of the table with Paimon's own tag code. */
    public void createTag(String db, String table, String tag, long snapshotId) {
        ((org.apache.paimon.table.FileStoreTable) table(db, table)).createTag(tag, snapshotId);
    }

    /**
     * Paimon's merged read of the latest snapshot split by where the rows live: the key is
     * {@code "<partition values>/bucket-<b>"}, e.g. {@code "p1/bucket-2"} or {@code "/bucket-0"} for an
     * unpartitioned table, with partition values as the canonical text of {@link Rows#values}.
     */
    public Map<String, List<GenericRow>> readByBucket(String db, String table) {
        Table t = table(db, table);
        Map<String, List<GenericRow>> out = new java.util.TreeMap<>();
        if (t.latestSnapshot().isEmpty()) {
            return out;
        }
        org.apache.paimon.types.RowType paimonType = t.rowType();
        RowType partitionType = PaimonTypes.toStrata(t.rowType().project(t.partitionKeys()));
        ReadBuilder readBuilder = t.newReadBuilder();
        try {
            for (org.apache.paimon.table.source.Split split : readBuilder.newScan().plan().splits()) {
                org.apache.paimon.table.source.DataSplit dataSplit = (org.apache.paimon.table.source.DataSplit) split;
                String partition = Rows.values(
                        PaimonValues.toStrataRow(dataSplit.partition(), t.rowType().project(t.partitionKeys())),
                        partitionType);
                List<GenericRow> rows = out.computeIfAbsent(partition + "/bucket-" + dataSplit.bucket(), k -> new ArrayList<>());
                try (RecordReader<InternalRow> reader = readBuilder.newRead().createReader(split)) {
                    reader.forEachRemaining(row -> {
                        GenericRow converted = PaimonValues.toStrataRow(row, paimonType);
                        converted.setKind(io.strata.data.RowKind.INSERT);
                        rows.add(converted);
                    });
                }
            }
        } catch (Exception e) {
            throw new IllegalStateException("Paimon could not read " + db + "." + table + " by bucket", e);
        }
        return out;
    }

    /** The id of the table's latest snapshot, or empty if nothing was committed yet. */
    public java.util.OptionalLong latestSnapshotId(String db, String table) {
        return table(db, table).latestSnapshot()
                .map(snapshot -> java.util.OptionalLong.of(snapshot.id()))
                .orElse(java.util.OptionalLong.empty());
    }

    /**
     * The data files of a table, sorted by path: every {@code data-*} file under its directory (all
     * partitions and buckets, whether or not the latest snapshot still references them).
     */
    public List<Path> dataFiles(String db, String table) {
        try (java.util.stream.Stream<Path> files = Files.walk(tablePath(db, table))) {
            return files.filter(p -> p.getFileName().toString().startsWith("data-")).sorted().toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("Could not list the data files of " + db + "." + table, e);
        }
    }

    /** Paimon's catalog itself (closed with the oracle), for tests of catalog operations such as alterTable. */
    public Catalog catalog() {
        return catalog;
    }

    /** The Paimon table itself, for tests that need more of Paimon's API than this facade offers. */
    public Table table(String db, String table) {
        try {
            return catalog.getTable(Identifier.create(db, table));
        } catch (Catalog.TableNotExistException e) {
            throw new IllegalArgumentException("No Paimon table " + db + "." + table + " in " + warehouse, e);
        }
    }

    /**
     * Paimon 1.4 overrides withIOManager in BatchTableWrite with a covariant return; code compiled against 1.4 links to
     * that overload, which 1.2 and 1.3 lack. Calling it through TableWrite links to the method all versions have.
     */
    private static BatchTableWrite withIOManager(BatchTableWrite write, IOManager ioManager) {
        ((org.apache.paimon.table.sink.TableWrite) write).withIOManager(ioManager);
        return write;
    }

    @Override
    public void close() {
        try {
            catalog.close();
            ioManager.close();
            try (java.util.stream.Stream<Path> files = Files.walk(ioDirectory)) {
                for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (Exception e) {
            throw new IllegalStateException("Could not close the Paimon catalog of " + warehouse, e);
        }
    }
}
