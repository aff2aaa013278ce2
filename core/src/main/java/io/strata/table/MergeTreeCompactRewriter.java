package io.strata.table;

import io.strata.data.BinaryRow;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.format.FileFormat;
import io.strata.format.FormatFactory;
import io.strata.lsm.CompactResult;
import io.strata.lsm.CompactRewriter;
import io.strata.lsm.CompactionReader;
import io.strata.lsm.DataFileCursor;
import io.strata.lsm.DataFileOpener;
import io.strata.lsm.DataFileReadType;
import io.strata.lsm.KeyOrder;
import io.strata.lsm.MergeFunctionFactory;
import io.strata.lsm.RecordCursor;
import io.strata.lsm.SortedRun;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.FileSource;
import io.strata.schema.TableOptions;
import io.strata.schema.TableSchema;
import io.strata.types.RowType;
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
 */
final class MergeTreeCompactRewriter implements CompactRewriter {

    private final FileStoreTable table;
    private final TableSchema schema;
    private final TableOptions options;
    private final RowType rowType;
    private final int[] keyPositions;
    private final int[] sequenceFieldPositions;
    private final MergeFunctionFactory mergeFunctions;
    private final Path bucketDirectory;
    private final DataFileNames names;

    MergeTreeCompactRewriter(FileStoreTable table, MergeFunctionFactory mergeFunctions, BinaryRow partition, int bucket,
            DataFileNames names) {
        this.table = table;
        this.schema = table.schema();
        this.options = schema.tableOptions();
        this.rowType = schema.rowType();
        this.keyPositions = schema.trimmedPrimaryKeys().stream().mapToInt(rowType::requireIndexOf).toArray();
        this.sequenceFieldPositions = options.sequenceField().stream().mapToInt(rowType::requireIndexOf).toArray();
        this.mergeFunctions = mergeFunctions;
        this.bucketDirectory = table.paths().bucketDirectory(partition, bucket);
        this.names = names;
    }

    @Override
    public CompactResult rewrite(int outputLevel, boolean dropDelete, List<List<SortedRun>> sections) throws IOException {
        boolean[] all = new boolean[rowType.fieldCount()];
        Arrays.fill(all, true);
        DataFileReadType readType = new DataFileReadType(rowType, all, true);
        DataFileOpener opener = file -> open(file, readType);
        Comparator<Row> sequenceOrder = null;
        if (sequenceFieldPositions.length > 0) {
            Comparator<Row> ascending = KeyOrder.onPositions(rowType, sequenceFieldPositions);
            sequenceOrder = options.sequenceFieldDescending() ? ascending.reversed() : ascending;
        }
        RollingDataFileWriter writer = new RollingDataFileWriter(table.fileIO(), bucketDirectory, rowType, keyPositions,
                true, options.fileFormat(), options.fileCompression(), options.targetFileSize(true), names, schema.id(),
                outputLevel, FileSource.COMPACT);
        List<DataFileMeta> after;
        try (RecordCursor cursor = CompactionReader.read(sections, KeyOrder.onPositions(rowType, keyPositions),
                sequenceOrder, () -> mergeFunctions.create(all), opener, dropDelete)) {
            while (cursor.advance()) {
                // The writer keeps the last row as the file's max key: hand it a row it owns.
                writer.write(GenericRow.copyOf(cursor.value(), rowType), cursor.sequenceNumber(), cursor.kind());
            }
            after = writer.finish();
        } catch (IOException | RuntimeException e) {
            writer.abort();
            throw e;
        }
        List<DataFileMeta> before = new ArrayList<>();
        for (List<SortedRun> section : sections) {
            for (SortedRun run : section) {
                before.addAll(run.files());
            }
        }
        return new CompactResult(before, after);
    }

    private RecordCursor open(DataFileMeta file, DataFileReadType readType) throws IOException {
        Path path = file.externalPath() != null ? new Path(file.externalPath()) : new Path(bucketDirectory, file.fileName());
        FormatFactory format = FormatFactory.of(FileFormat.fromFileName(file.fileName()));
        return new DataFileCursor(format.createReader(table.fileIO(), path, readType.fileReadType(), options.readBatchSize()),
                readType, null);
    }
}
