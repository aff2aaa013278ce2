package io.strata.format.parquet;

import io.strata.format.ColumnarBatch;
import io.strata.format.FormatReader;
import io.strata.fs.FileIO;
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
 * all other chunks are read value by value by parquet-column's column readers.
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
    private int nextRowGroup;
    private long remainingInRowGroup;

    ParquetFormatReader(FileIO io, Path path, RowType readType, int batchSize) throws IOException {
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
            while (remainingInRowGroup == 0) {
                if (nextRowGroup >= rowGroups.size()) {
                    return null;
                }
                startRowGroup(rowGroups.get(nextRowGroup++));
            }
            int rows = (int) Math.min(batchSize, remainingInRowGroup);
            for (LeafColumn leaf : tree.leaves) {
                leaf.readBatch(rows);
            }
            for (FieldNode node : tree.nodes) {
                node.assemble();
            }
            remainingInRowGroup -= rows;
            return new ColumnarBatch(tree.columns, rows);
        } catch (IOException | RuntimeException e) {
            throw failure("Cannot read", e);
        }
    }

    private void startRowGroup(BlockMetaData rowGroup) throws IOException {
        if (rowGroup.getRowCount() == 0) {
            // Column readers cannot be opened on chunks without pages; an empty group has nothing to read.
            remainingInRowGroup = 0;
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
        remainingInRowGroup = rowGroup.getRowCount();
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
