package io.strata.table.metadata;

import static io.strata.table.metadata.MetadataRows.bigint;
import static io.strata.table.metadata.MetadataRows.notNull;
import static io.strata.table.metadata.MetadataRows.nullable;
import static io.strata.table.metadata.MetadataRows.string;
import static io.strata.table.metadata.MetadataRows.text;
import static io.strata.table.metadata.MetadataRows.timestamp;

import io.strata.data.CloseableIterator;
import io.strata.data.GenericArray;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.Utf8String;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.ManifestEntry;
import io.strata.table.Table;
import io.strata.table.TablePaths;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code files}: one row per live data file of the snapshot, as Paimon's {@code t$files}: where the file is,
 * its level, counts and sequence numbers, its key range and its column statistics (see {@link
 * FileStatsText}). Rows come by partition, bucket, level and file name.
 */
final class FilesTable extends BaseMetadataTable {

    static final String NAME = "files";

    private static final RowType TYPE = MetadataRows.columns(
            nullable("partition", string()),
            notNull("bucket", DataTypes.INT()),
            notNull("file_path", string()),
            notNull("file_format", string()),
            notNull("schema_id", bigint()),
            notNull("level", DataTypes.INT()),
            notNull("record_count", bigint()),
            notNull("file_size_in_bytes", bigint()),
            nullable("min_key", string()),
            nullable("max_key", string()),
            notNull("null_value_counts", string()),
            notNull("min_value_stats", string()),
            notNull("max_value_stats", string()),
            nullable("min_sequence_number", bigint()),
            nullable("max_sequence_number", bigint()),
            nullable("creation_time", timestamp()),
            // Paimon's name, in its spelling.
            nullable("deleteRowCount", bigint()),
            nullable("file_source", string()),
            nullable("first_row_id", bigint()),
            nullable("write_cols", DataTypes.ARRAY(DataTypes.STRING())));

    FilesTable(Table table) {
        super(table, NAME, TYPE, true);
    }

    @Override
    public CloseableIterator<Row> rows(OptionalLong snapshotId) throws IOException {
        Optional<DescribedSnapshot> described = DescribedSnapshot.of(table, snapshotId);
        if (described.isEmpty()) {
            return CloseableIterator.empty();
        }
        RowType partitionType = described.get().schema().partitionType();
        TablePaths paths = new TablePaths(table.location(), partitionType,
                described.get().schema().tableOptions().partitionDefaultName());
        FileStatsText statsText = new FileStatsText(DescribedSnapshot.schemas(table), described.get().schema());
        List<FileRow> files = new ArrayList<>();
        for (ManifestEntry entry : described.get().liveEntries()) {
            files.add(new FileRow(PaimonText.row(entry.partition(), partitionType), entry));
        }
        files.sort(Comparator.comparing(FileRow::partition).thenComparingInt(f -> f.entry().bucket())
                .thenComparingInt(f -> f.entry().level()).thenComparing(f -> f.entry().file().fileName()));
        List<Row> rows = new ArrayList<>(files.size());
        for (FileRow f : files) {
            rows.add(row(f.partition(), f.entry(), paths, statsText));
        }
        return MetadataRows.iterator(rows);
    }

    private static Row row(String partition, ManifestEntry entry, TablePaths paths, FileStatsText statsText) {
        DataFileMeta file = entry.file();
        FileStatsText.Stats stats = statsText.stats(file);
        String path = file.externalPath() != null ? file.externalPath()
                : paths.bucketDirectory(entry.partition(), entry.bucket()) + "/" + file.fileName();
        return GenericRow.of(
                text(partition),
                entry.bucket(),
                text(path),
                text(format(file.fileName())),
                file.schemaId(),
                file.level(),
                file.rowCount(),
                file.fileSize(),
                text(statsText.key(file, file.minKey())),
                text(statsText.key(file, file.maxKey())),
                text(stats.nullCounts()),
                text(stats.mins()),
                text(stats.maxs()),
                file.minSequenceNumber(),
                file.maxSequenceNumber(),
                file.creationTime(),
                file.deleteRowCount(),
                text(file.fileSource() == null ? null : file.fileSource().name()),
                file.firstRowId(),
                file.writeCols() == null ? null
                        : new GenericArray(file.writeCols().stream().map(Utf8String::fromString).toArray()));
    }

    /** The file format, as Paimon names it: the file name's extension ({@code orc}, {@code parquet}). */
    private static String format(String fileName) {
        return fileName.substring(fileName.lastIndexOf('.') + 1);
    }

    private record FileRow(String partition, ManifestEntry entry) {}
}
