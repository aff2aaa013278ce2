package io.strata.format.parquet;

import io.strata.format.ColumnarBatch;
import io.strata.format.FormatReader;
import io.strata.fs.FileIO;
import io.strata.predicate.Predicate;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.VersionParser;
import org.apache.parquet.column.impl.ColumnReaderImpl;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.io.api.PrimitiveConverter;

/**
 * Reads a Parquet data file row group by row group into reusable columnar batches. Only the columns
 * of the read type's fields are read. Chunks of flat columns whose pages Strata decodes itself (PLAIN
 * and dictionary encodings) are decoded page by page into Strata's heap vectors ({@link FlatColumnReader});
 * all other chunks are read value by value by parquet-column's column readers. Given a skip filter, it reads
 * only the row groups and pages whose statistics say a row may match ({@link ParquetRowRanges}), and tells
 * where each batch starts in the file ({@link #batchPosition()}).
 */
final class ParquetFormatReader implements FormatReader {

    /** Values are taken from the column reader directly, so nothing is pushed to a converter. */
    private static final PrimitiveConverter NO_CONVERTER = new PrimitiveConverter() {};

    private final Path path;
    private final int batchSize;
    private final FSDataInputStream in;
    private final ParquetMetadataConverter converter = new ParquetMetadataConverter();
    private final CodecFactory codecs;
    private final List<BlockMetaData> rowGroups;
    private final VersionParser.ParsedVersion writerVersion;
    private final ReadTree tree;
    /** The rows of each row group that may match the skip filter, or null to read every row. */
    private final ParquetRowRanges rowRanges;
    private int nextRowGroup;
    /** File position of the current row group's first row. */
    private long rowGroupStart;
    private long nextRowGroupStart;
    /** The ranges [from, to) of the current row group still to read, and the next one's index. */
    private List<long[]> ranges = List.of();
    private int nextRange;
    /** The row of the current row group that the columns stand at. */
    private long rowInGroup;
    private long batchPosition = -1;

    ParquetFormatReader(FileIO io, Path path, RowType readType, int batchSize) throws IOException {
        this(io, path, readType, batchSize, null);
    }

    /**
     * A reader that leaves out the pages and row groups whose statistics show that no row matches {@code
     * skipFilter} (null: none), whose leaves name fields of {@code readType} ({@link ParquetRowRanges}).
     */
    ParquetFormatReader(FileIO io, Path path, RowType readType, int batchSize, Predicate skipFilter)
            throws IOException {
        if (batchSize <= 0) {
            throw new IllegalArgumentException("batch size must be positive, got " + batchSize);
        }
        this.path = path;
        this.batchSize = batchSize;
        FileSystem fs = io.fileSystem(path);
        FSDataInputStream opened = null;
        try {
            io.requireRegularFile(path);
            long length = fs.getFileStatus(path).getLen();
            opened = fs.open(path);
            ParquetMetadata footer = ParquetFooter.read(opened, length, converter);
            this.rowGroups = footer.getBlocks();
            this.writerVersion = parseVersion(footer.getFileMetaData().getCreatedBy());
            this.tree = ReadTree.plan(readType, footer.getFileMetaData().getSchema());
            this.codecs = new CodecFactory(io.hadoopConf(), 0);
            this.rowRanges = skipFilter == null ? null
                    : new ParquetRowRanges(skipFilter, readType, footer.getFileMetaData().getSchema(), opened);
            this.in = opened;
        } catch (IOException | RuntimeException e) {
            closeQuietly(opened);
            throw failure("Cannot open", e);
        }
    }

    private static VersionParser.ParsedVersion parseVersion(String createdBy) {
        try {
            return createdBy == null ? null : VersionParser.parse(createdBy);
        } catch (VersionParser.VersionParseException | RuntimeException e) {
            // Only used to work around bugs of old writers; an unknown writer has none we know of.
            return null;
        }
    }

    @Override
    public ColumnarBatch nextBatch() throws IOException {
        try {
            while (true) {
                if (nextRange == ranges.size()) {
                    if (nextRowGroup >= rowGroups.size()) {
                        return null;
                    }
                    startRowGroup(rowGroups.get(nextRowGroup++));
                    continue;
                }
                long[] range = ranges.get(nextRange);
                if (rowInGroup < range[0]) {
                    for (LeafColumn leaf : tree.leaves) {
                        leaf.skip(range[0] - rowInGroup, batchSize);
                    }
                    rowInGroup = range[0];
                }
                if (rowInGroup == range[1]) {
                    nextRange++;
                    continue;
                }
                int rows = (int) Math.min(batchSize, range[1] - rowInGroup);
                for (LeafColumn leaf : tree.leaves) {
                    leaf.readBatch(rows);
                }
                for (FieldNode node : tree.nodes) {
                    node.assemble();
                }
                batchPosition = rowGroupStart + rowInGroup;
                rowInGroup += rows;
                return new ColumnarBatch(tree.columns, rows);
            }
        } catch (IOException | RuntimeException e) {
            throw failure("Cannot read", e);
        }
    }

    /** The file position of the first row of the last batch: row groups and pages may have been skipped. */
    @Override
    public long batchPosition() {
        return batchPosition;
    }

    private void startRowGroup(BlockMetaData rowGroup) throws IOException {
        rowGroupStart = nextRowGroupStart;
        nextRowGroupStart += rowGroup.getRowCount();
        rowInGroup = 0;
        nextRange = 0;
        // Column readers cannot be opened on chunks without pages: an empty group, or one no row of which may
        // match the filter, is not opened at all.
        ranges = rowRanges == null ? ParquetRowRanges.all(rowGroup.getRowCount()) : rowRanges.select(rowGroup);
        if (ranges.isEmpty()) {
            return;
        }
        Map<ColumnPath, ColumnChunkMetaData> chunks = new HashMap<>();
        for (ColumnChunkMetaData chunk : rowGroup.getColumns()) {
            chunks.put(chunk.getPath(), chunk);
        }
        for (LeafColumn leaf : tree.leaves) {
            ColumnChunkMetaData chunk = chunks.get(ColumnPath.get(leaf.descriptor.getPath()));
            if (chunk == null) {
                throw new IOException("row group " + (nextRowGroup - 1) + " has no column " + leaf.name());
            }
            long size = chunk.getTotalSize();
            if (size < 0 || size > Integer.MAX_VALUE - 16) {
                throw new IOException("column chunk " + leaf.name() + " has an impossible size " + size);
            }
            byte[] bytes = new byte[(int) size];
            in.readFully(chunk.getStartingPos(), bytes);
            if (leaf.flat()) {
                ChunkPages pages = ChunkPages.parse(bytes, chunk.getValueCount(), leaf.name());
                if (pages.flatDecodable(leaf.descriptor.getPrimitiveType().getPrimitiveTypeName(), leaf.maxDefinition())) {
                    leaf.startRowGroup(new FlatColumnReader(pages, chunk.getCodec(), codecs.getDecompressor(chunk.getCodec()),
                            leaf.descriptor.getPrimitiveType(), leaf.maxDefinition(), leaf.name()), chunk.getValueCount());
                    continue;
                }
            }
            ColumnChunkPageReader pages = new ColumnChunkPageReader(bytes, chunk.getValueCount(),
                    codecs.getDecompressor(chunk.getCodec()), converter, leaf.descriptor.getPrimitiveType(), leaf.name());
            leaf.startRowGroup(new ColumnReaderImpl(leaf.descriptor, pages, NO_CONVERTER, writerVersion));
        }
    }


    private IOException failure(String action, Exception e) {
        return new IOException(action + " Parquet data file " + path + ": " + e.getMessage(), e);
    }

    @Override
    public void close() throws IOException {
        codecs.release();
        in.close();
    }

    private static void closeQuietly(FSDataInputStream stream) {
        if (stream != null) {
            try {
                stream.close();
            } catch (IOException ignored) {
                // The open already failed; that failure is the one to report.
            }
        }
    }
}
