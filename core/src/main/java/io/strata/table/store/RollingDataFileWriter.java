package io.strata.table.store;

import io.strata.data.BinaryRow;
import io.strata.data.KeyEncoder;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.fileindex.DataFileIndexWriter;
import io.strata.format.FileFormat;
import io.strata.format.FormatWriter;
import io.strata.format.registry.FormatFactories;
import io.strata.fs.FileIO;
import io.strata.lsm.DataFileReadType;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.FileSource;
import io.strata.manifest.SimpleStats;
import io.strata.schema.FileIndexOptions;
import io.strata.schema.StatsMode;
import io.strata.schema.StatsOptions;
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * Writes the data files of one (partition, bucket) at one level, rolling to a new file at the target
 * size, and describes each file as Paimon does (row counts, key range, key and value statistics,
 * sequence range). Primary-key files take rows in key order.
 */
public final class RollingDataFileWriter {

    /** How often (in rows) the file size is checked against the target. */
    private static final int SIZE_CHECK_INTERVAL = 1000;

    private final FileIO io;
    private final Path directory;
    private final RowType valueType;
    private final RowType fileType;
    private final RowType keyType;
    private final FileFormat format;
    private final String compression;
    private final long targetFileSize;
    private final DataFileNames names;
    private final long schemaId;
    private final int level;
    private final FileSource source;
    private final int[] keyPositions;
    private final boolean primaryKey;
    private final KeyEncoder keyEncoder;
    private final PrimaryKeyFileRow fileRow;
    /** Bloom filters to build per file, or null; with the size above which an index is a file of its own. */
    private final FileIndexOptions fileIndex;
    private DataFileIndexWriter currentIndex;
    /** The stats mode of each column of the file type, and whether value stats are stored densely. */
    private final StatsMode[] statsModes;
    private final boolean denseStats;

    private final List<DataFileMeta> written = new ArrayList<>();
    private final List<Path> paths = new ArrayList<>();
    private FormatWriter current;
    private String currentName;
    private BinaryRow minKey;
    private Row lastValue;
    private long minSeq;
    private long maxSeq;
    private long deleteRows;

    public RollingDataFileWriter(FileIO io, Path directory, RowType valueType, int[] keyPositions, boolean primaryKey,
            FileFormat format, String compression, long targetFileSize, DataFileNames names, long schemaId, int level,
            FileSource source) {
        this(io, directory, valueType, keyPositions, primaryKey, format, compression, targetFileSize, names, schemaId,
                level, source, null);
    }

    /**
     * As above, building each file's index as {@code fileIndex} says (its bloom filters and bitmaps over the value
     * columns; none when null or it has none), embedded in the file's meta or written as {@code <file>.index}.
     * Column statistics as Paimon's default options keep them.
     */
    public RollingDataFileWriter(FileIO io, Path directory, RowType valueType, int[] keyPositions, boolean primaryKey,
            FileFormat format, String compression, long targetFileSize, DataFileNames names, long schemaId, int level,
            FileSource source, FileIndexOptions fileIndex) {
        this(io, directory, valueType, keyPositions, primaryKey, format, compression, targetFileSize, names, schemaId,
                level, source, fileIndex, StatsOptions.defaults());
    }

    /**
     * As above, keeping the column statistics {@code stats} says (the table's {@code metadata.stats-*} options),
     * for a data file or, when {@code names} names changelog files, a changelog file of this level.
     */
    public RollingDataFileWriter(FileIO io, Path directory, RowType valueType, int[] keyPositions, boolean primaryKey,
            FileFormat format, String compression, long targetFileSize, DataFileNames names, long schemaId, int level,
            FileSource source, FileIndexOptions fileIndex, StatsOptions stats) {
        this.fileIndex = fileIndex == null || !fileIndex.writesIndex() ? null : fileIndex;
        this.io = io;
        this.directory = directory;
        this.valueType = valueType;
        this.keyPositions = keyPositions;
        this.primaryKey = primaryKey;
        this.format = format;
        this.compression = compression;
        this.targetFileSize = targetFileSize;
        this.names = names;
        this.schemaId = schemaId;
        this.level = level;
        this.source = source;
        this.keyType = valueType.project(keyPositions);
        this.fileType = primaryKey ? primaryKeyFileType(valueType, keyType) : valueType;
        this.keyEncoder = new KeyEncoder(valueType, keyPositions);
        this.fileRow = new PrimaryKeyFileRow(keyPositions);
        this.statsModes = stats.columnModes(fileType.fieldNames(),
                stats.fileMode(primaryKey, level, names.isChangelog()), format);
        this.denseStats = stats.denseStore();
    }

    /** {@code _KEY_<k>} columns (ids shifted), the two system columns, then the value columns. */
    static RowType primaryKeyFileType(RowType valueType, RowType keyType) {
        List<DataField> fields = new ArrayList<>();
        for (DataField k : keyType.fields()) {
            fields.add(new DataField(k.id() + DataFileReadType.KEY_FIELD_ID_START,
                    DataFileReadType.KEY_PREFIX + k.name(), k.type()));
        }
        fields.addAll(DataFileReadType.systemFields());
        fields.addAll(valueType.fields());
        return new RowType(fields);
    }

    /**
     * Writes one record. {@code value} must stay unchanged until the next call when it is the last row of
     * a file (its key becomes the file's max key): callers pass rows they own or views that are still
     * valid.
     */
    public void write(Row value, long sequenceNumber, RowKind kind) throws IOException {
        if (current == null) {
            open();
            minKey = primaryKey ? keyEncoder.encode(value) : BinaryRow.EMPTY_ROW;
            minSeq = sequenceNumber;
        }
        if (primaryKey) {
            current.write(fileRow.replace(value, sequenceNumber, kind));
            if (!kind.isAdd()) {
                deleteRows++;
            }
        } else {
            current.write(value);
        }
        if (currentIndex != null) {
            currentIndex.write(value);
        }
        minSeq = Math.min(minSeq, sequenceNumber);
        maxSeq = Math.max(maxSeq, sequenceNumber);
        lastValue = value;
        if (current.rowCount() % SIZE_CHECK_INTERVAL == 0 && current.estimatedLength() >= targetFileSize) {
            closeCurrent();
        }
    }

    private void open() throws IOException {
        currentName = names.next(format.extension());
        Path path = new Path(directory, currentName);
        paths.add(path);
        current = FormatFactories.of(format).createWriter(io, path, fileType, compression);
        currentIndex = fileIndex == null ? null : DataFileIndexWriter.of(valueType, fileIndex.columnIndexes());
        deleteRows = 0;
        maxSeq = Long.MIN_VALUE;
    }

    private void closeCurrent() throws IOException {
        BinaryRow maxKey = primaryKey ? keyEncoder.encode(lastValue) : BinaryRow.EMPTY_ROW;
        FormatWriter w = current;
        current = null;
        w.close();
        DataFileStats.ColumnStats[] stats = DataFileStats.convert(w.stats(), fileType, statsModes, format);
        SimpleStats keyStats;
        DataFileStats.ValueStats valueStats;
        if (primaryKey) {
            int k = keyPositions.length;
            keyStats = DataFileStats.allColumns(Arrays.copyOfRange(stats, 0, k), keyType);
            valueStats = DataFileStats.valueStats(Arrays.copyOfRange(stats, k + 2, stats.length), valueType, denseStats);
        } else {
            keyStats = SimpleStats.EMPTY_STATS;
            valueStats = DataFileStats.valueStats(stats, valueType, denseStats);
        }
        List<String> extraFiles = List.of();
        byte[] embeddedIndex = null;
        if (currentIndex != null) {
            byte[] index = currentIndex.finish();
            currentIndex = null;
            if (index.length > fileIndex.inManifestThreshold()) {
                // As Paimon: too big for the manifest, so a file of its own beside the data file, named after it.
                String indexName = currentName + ".index";
                Path indexPath = new Path(directory, indexName);
                paths.add(indexPath);
                io.writeNew(indexPath, index);
                extraFiles = List.of(indexName);
            } else {
                embeddedIndex = index;
            }
        }
        written.add(new DataFileMeta(currentName, w.fileSize(), w.rowCount(), minKey, maxKey, keyStats,
                valueStats.stats(), minSeq, maxSeq, schemaId, level, extraFiles, DataFileMeta.creationTimeNow(),
                deleteRows, embeddedIndex, source, valueStats.columns(), null, null, null));
    }

    /** Closes the open file, if any, so that the next row starts a new one (a new sorted run). */
    void finishFile() throws IOException {
        if (current != null) {
            closeCurrent();
        }
    }

    /** Closes the open file; returns every file written. */
    public List<DataFileMeta> finish() throws IOException {
        if (current != null) {
            closeCurrent();
        }
        return written;
    }

    /** Deletes every file this writer created: they were never committed. */
    public void abort() {
        if (current != null) {
            try {
                current.close();
            } catch (IOException | RuntimeException ignored) {
                // The file is deleted next; a failed close changes nothing.
            }
            current = null;
        }
        for (Path p : paths) {
            io.deleteQuietly(p);
        }
    }
}
