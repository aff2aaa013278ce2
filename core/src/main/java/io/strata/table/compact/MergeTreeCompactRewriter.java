package io.strata.table.compact;

import io.strata.data.BinaryRow;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.format.FileFormat;
import io.strata.format.FormatFactory;
import io.strata.format.registry.FormatFactories;
import io.strata.lsm.BucketDeletionVectors;
import io.strata.lsm.ChangelogMerge;
import io.strata.lsm.ChangelogOutput;
import io.strata.lsm.CompactResult;
import io.strata.lsm.CompactRewriter;
import io.strata.lsm.CompactionReader;
import io.strata.lsm.DataFileCursor;
import io.strata.lsm.RecordLevelExpire;
import io.strata.lsm.DataFileOpener;
import io.strata.lsm.DataFileReadType;
import io.strata.lsm.FirstRowLookupMerge;
import io.strata.lsm.FullCompactionChangelogMerge;
import io.strata.lsm.KeyOrder;
import io.strata.lsm.KeyVersionsReader;
import io.strata.lsm.LevelSortedRun;
import io.strata.lsm.LookupChangelogMerge;
import io.strata.lsm.LookupFileCache;
import io.strata.lsm.LookupLevels;
import io.strata.lsm.MergedRecord;
import io.strata.lsm.RecordCursor;
import io.strata.lsm.SortedRun;
import io.strata.lsm.mergeengine.MergeFunctionFactory;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.FileSource;
import io.strata.schema.FileIndexOptions;
import io.strata.schema.ChangelogOptions;
import io.strata.schema.ChangelogProducer;
import io.strata.schema.MergeEngine;
import io.strata.schema.StatsOptions;
import io.strata.schema.TableOptions;
import io.strata.schema.TableSchema;
import io.strata.table.store.DataFileNames;
import io.strata.table.store.RollingDataFileWriter;
import io.strata.table.store.TableStore;
import io.strata.types.RowType;
import io.strata.table.store.DataFileWriteTypes;
import io.strata.schema.FileFormatOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * Rewrites the files a compaction of one primary-key bucket merges: reads the sections with every
 * column, reduces each key with the table's merge function (so every merge engine compacts as it
 * reads), and writes files of {@code target-file-size} at the output level, marked as compaction
 * output. Runs on the compaction thread: it builds its comparators and merge functions per rewrite,
 * since those keep per-call state.
 *
 * <p>Changelog (docs/changelog.md): with {@code changelog-producer=full-compaction} a compaction into the
 * max level also writes changelog files ({@link FullCompactionChangelogMerge}), and a file moved into
 * the max level is rewritten for it. Tables that look old values up ({@code lookup} producer,
 * {@code first-row}) merge every compaction key by key with the lookup merge ({@link LookupChangelogMerge},
 * {@link FirstRowLookupMerge}), and rewrite the level-0 files they would otherwise move up.
 */
public final class MergeTreeCompactRewriter implements CompactRewriter {

    private final TableStore store;
    /** The types Avro files were written with, to find their columns by id. */
    private final DataFileWriteTypes writeTypes;
    private final TableSchema schema;
    private final TableOptions options;
    /** The format and compression of the files written, by level ({@code file.format.per.level}, ...). */
    private final FileFormatOptions formats;
    private final ChangelogOptions changelogOptions;
    private final RowType rowType;
    private final int[] keyPositions;
    private final int[] sequenceFieldPositions;
    private final MergeFunctionFactory mergeFunctions;
    private final Path bucketDirectory;
    private final DataFileNames names;
    private final int maxLevel;
    private final boolean fullCompactionChangelog;
    private final boolean lookupMerge;
    private final boolean firstRow;
    private final LookupLevels lookupLevels;
    /** Deletion-vectors mode: the bucket's vectors, applied to every file read and maintained; else null. */
    private final BucketDeletionVectors deletions;
    /** Record-level expiry: rewrites leave expired records out (lookups still see them, as Paimon's). Or null. */
    private final RecordLevelExpire expire;
    /** Set on the writer's thread before each compaction; read by it on the compaction thread. */
    private volatile List<LevelSortedRun> untouchedRuns = List.of();

    public MergeTreeCompactRewriter(TableStore store, MergeFunctionFactory mergeFunctions, BinaryRow partition, int bucket,
            DataFileNames names) {
        this(store, mergeFunctions, partition, bucket, names, store.schema().tableOptions().numLevels() - 1);
    }

    /** @param maxLevel the bucket's max level (its levels may reach above {@code num-levels} - 1) */
    public MergeTreeCompactRewriter(TableStore store, MergeFunctionFactory mergeFunctions, BinaryRow partition, int bucket,
            DataFileNames names, int maxLevel) {
        this(store, mergeFunctions, partition, bucket, names, maxLevel, null, null);
    }

    /**
     * @param deletions deletion-vectors mode (docs/compaction.md): the bucket's vectors; files are read
     *     without their deleted rows, the old rows of keys this compaction writes are marked in the
     *     files it leaves alone, and rewritten files lose their vectors. Null for other tables.
     * @param lookupFiles the writer's local lookup files; needed (not null) where compactions look old values up
     *     (changelog producer {@code lookup}, {@code first-row}, deletion vectors, {@code force-lookup})
     */
    public MergeTreeCompactRewriter(TableStore store, MergeFunctionFactory mergeFunctions, BinaryRow partition, int bucket,
            DataFileNames names, int maxLevel, BucketDeletionVectors deletions, LookupFileCache lookupFiles) {
        this.deletions = deletions;
        this.expire = BucketCompactions.recordLevelExpire(store);
        this.store = store;
        this.writeTypes = new DataFileWriteTypes(store);
        this.schema = store.schema();
        this.options = schema.tableOptions();
        this.formats = new FileFormatOptions(schema.options());
        this.changelogOptions = new ChangelogOptions(options);
        this.rowType = schema.rowType();
        this.keyPositions = schema.trimmedPrimaryKeys().stream().mapToInt(rowType::requireIndexOf).toArray();
        this.sequenceFieldPositions = options.sequenceField().stream().mapToInt(rowType::requireIndexOf).toArray();
        this.mergeFunctions = mergeFunctions;
        this.bucketDirectory = store.paths().bucketDirectory(partition, bucket);
        this.names = names;
        this.maxLevel = maxLevel;
        this.fullCompactionChangelog = changelogOptions.producer() == ChangelogProducer.FULL_COMPACTION;
        this.lookupMerge = changelogOptions.needsLookup();
        this.firstRow = options.mergeEngine() == MergeEngine.FIRST_ROW;
        boolean[] lookedUp = allFields();
        if (deletions != null && options.mergeEngine() == MergeEngine.DEDUPLICATE && sequenceFieldPositions.length == 0
                && changelogOptions.producer() != ChangelogProducer.LOOKUP) {
            // Deletion vectors of a plain deduplicate table: a looked-up old row only needs its position (the
            // level-0 version, newer by sequence number, wins, and no changelog compares old and new), so
            // lookups read and hold the key columns only, as Paimon keeps only positions then.
            Arrays.fill(lookedUp, false);
            for (int p : keyPositions) {
                lookedUp[p] = true;
            }
        }
        DataFileReadType readType = new DataFileReadType(rowType, lookedUp, true);
        if (lookupMerge && lookupFiles == null) {
            throw new IllegalStateException("Compactions of table " + store.location()
                    + " look old values up: they need the writer's lookup files");
        }
        this.lookupLevels = lookupMerge
                ? new LookupLevels(rowType, schema.trimmedPrimaryKeyType(), keyPositions, file -> open(file, readType),
                        lookupFiles, deletions)
                : null;
    }

    @Override
    public void beforeCompaction(int outputLevel, List<LevelSortedRun> untouched) {
        this.untouchedRuns = List.copyOf(untouched);
    }

    @Override
    public CompactResult rewrite(int outputLevel, boolean dropDelete, List<List<SortedRun>> sections) throws IOException {
        if (lookupMerge) {
            boolean level0 = sections.stream().flatMap(List::stream).flatMap(r -> r.files().stream())
                    .anyMatch(f -> f.level() == 0);
            boolean produce = level0 && changelogOptions.producer() == ChangelogProducer.LOOKUP;
            ChangelogMerge merge = firstRow
                    ? new FirstRowLookupMerge(lookupLevels, untouchedRuns, produce)
                    : new LookupChangelogMerge(mergeFunctions.create(allFields()),
                            KeyVersionsReader.versionOrder(sequenceOrder()), lookupLevels, untouchedRuns, produce,
                            dropDelete, rowType, changelogOptions.rowDeduplicate(), deletions);
            return rewriteByKey(outputLevel, sections, merge, produce);
        }
        if (fullCompactionChangelog && outputLevel == maxLevel) {
            return rewriteByKey(outputLevel, sections, new FullCompactionChangelogMerge(maxLevel,
                    mergeFunctions.create(allFields()), rowType, changelogOptions.rowDeduplicate()), true);
        }
        return rewriteMerged(outputLevel, dropDelete, sections);
    }

    @Override
    public CompactResult upgrade(int outputLevel, DataFileMeta file) throws IOException {
        // A moved file would carry no changelog (full-compaction: its rows are new at the max level;
        // lookup: level-0 rows are new) and, for first-row, might hold keys that exist above it.
        boolean rewrite = lookupMerge ? file.level() == 0
                : fullCompactionChangelog && outputLevel == maxLevel && file.level() != maxLevel;
        if (rewrite) {
            // With deletion vectors the rows a delete removes are marked in vectors: deletes always go.
            boolean dropDelete = outputLevel == maxLevel || (deletions != null && outputLevel > 0);
            return rewrite(outputLevel, dropDelete, List.of(List.of(new SortedRun(List.of(file)))));
        }
        return CompactRewriter.super.upgrade(outputLevel, file);
    }

    private boolean[] allFields() {
        boolean[] all = new boolean[rowType.fieldCount()];
        Arrays.fill(all, true);
        return all;
    }

    private Comparator<Row> sequenceOrder() {
        if (sequenceFieldPositions.length == 0) {
            return null;
        }
        Comparator<Row> ascending = KeyOrder.onPositions(rowType, sequenceFieldPositions);
        return options.sequenceFieldDescending() ? ascending.reversed() : ascending;
    }

    private RollingDataFileWriter newWriter(int outputLevel, DataFileNames fileNames) {
        return new RollingDataFileWriter(store.fileIO(), bucketDirectory, rowType, keyPositions, true,
                formats.format(outputLevel, fileNames.isChangelog()), formats.compression(outputLevel,
                fileNames.isChangelog()), options.targetFileSize(true), fileNames, schema.id(),
                outputLevel, FileSource.COMPACT, new FileIndexOptions(schema.options()),
                new StatsOptions(schema.options()));
    }

    private CompactResult rewriteMerged(int outputLevel, boolean dropDelete, List<List<SortedRun>> sections)
            throws IOException {
        boolean[] all = allFields();
        DataFileReadType readType = new DataFileReadType(rowType, all, true);
        DataFileOpener opener = file -> openForRewrite(file, readType);
        RollingDataFileWriter writer = newWriter(outputLevel, names);
        List<DataFileMeta> after = CursorRewrite.write(writer, () -> CompactionReader.read(sections,
                KeyOrder.onPositions(rowType, keyPositions), sequenceOrder(), () -> mergeFunctions.create(all), opener,
                dropDelete), rowType);
        return rewritten(new CompactResult(filesOf(sections), after));
    }

    /** Merges key by key with {@code merge}, writing its records and, if {@code changelog}, its changelog files. */
    private CompactResult rewriteByKey(int outputLevel, List<List<SortedRun>> sections, ChangelogMerge merge,
            boolean changelog) throws IOException {
        DataFileReadType readType = new DataFileReadType(rowType, allFields(), true);
        RollingDataFileWriter data = newWriter(outputLevel, names);
        RollingDataFileWriter changes = newWriter(outputLevel, names.changelog());
        ChangelogOutput out = new ChangelogOutput() {
            @Override
            public void data(MergedRecord record) throws IOException {
                data.write(GenericRow.copyOf(record.value(), rowType), record.sequenceNumber(), record.kind());
            }

            @Override
            public void changelog(MergedRecord record, RowKind kind) throws IOException {
                if (changelog) {
                    changes.write(GenericRow.copyOf(record.value(), rowType), record.sequenceNumber(), kind);
                }
            }
        };
        try (KeyVersionsReader reader = new KeyVersionsReader(sections, KeyOrder.onPositions(rowType, keyPositions),
                sequenceOrder(), file -> openForRewrite(file, readType))) {
            while (reader.next()) {
                merge.merge(reader.versions(), out);
            }
            return rewritten(new CompactResult(filesOf(sections), data.finish(), changes.finish()));
        } catch (IOException | RuntimeException e) {
            data.abort();
            changes.abort();
            throw e;
        }
    }

    /** The rewritten files' rows live on in the new files: their deletion vectors go. */
    private CompactResult rewritten(CompactResult result) {
        if (deletions != null) {
            result.before().forEach(f -> deletions.removeVectorOf(f.fileName()));
        }
        return result;
    }

    private static List<DataFileMeta> filesOf(List<List<SortedRun>> sections) {
        List<DataFileMeta> before = new ArrayList<>();
        for (List<SortedRun> section : sections) {
            for (SortedRun run : section) {
                before.addAll(run.files());
            }
        }
        return before;
    }

    private RecordCursor openForRewrite(DataFileMeta file, DataFileReadType readType) throws IOException {
        RecordCursor cursor = open(file, readType);
        return expire == null ? cursor : expire.filter(cursor);
    }

    private RecordCursor open(DataFileMeta file, DataFileReadType readType) throws IOException {
        Path path = file.externalPath() != null ? new Path(file.externalPath()) : new Path(bucketDirectory, file.fileName());
        FormatFactory format = FormatFactories.of(FileFormat.fromFileName(file.fileName()));
        return new DataFileCursor(format.createReader(store.fileIO(), path, readType.fileReadType(), writeTypes.of(file),
                options.readBatchSize(), null), readType, deletions == null ? null : deletions.vectorOf(file.fileName()));
    }
}
