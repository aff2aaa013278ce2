package io.strata.format.parquet;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.DictionaryPageHeader;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.schema.PrimitiveType;

/**
 * The pages of one column chunk, parsed from the chunk's bytes as the column reader asks for them.
 * Strata parses pages itself because parquet-hadoop's file reader cannot be opened without Hadoop's
 * MapReduce classes, which core does not depend on.
 */
final class ColumnChunkPageReader implements PageReader {

    private final ByteArrayInputStream in;
    private final int chunkLength;
    private final long totalValueCount;
    private final BytesInputDecompressor decompressor;
    private final ParquetMetadataConverter converter;
    private final Statistics<?> noStatistics;
    private final String column;
    private DictionaryPage dictionary;
    private PageHeader pendingHeader;
    private long valuesRead;

    ColumnChunkPageReader(
            byte[] chunk,
            long totalValueCount,
            BytesInputDecompressor decompressor,
            ParquetMetadataConverter converter,
            PrimitiveType type,
            String column)
            throws IOException {
        this.in = new ByteArrayInputStream(chunk);
        this.chunkLength = chunk.length;
        this.totalValueCount = totalValueCount;
        this.decompressor = decompressor;
        this.converter = converter;
        this.noStatistics = Statistics.getBuilderForReading(type).build();
        this.column = column;
        if (totalValueCount > 0) {
            PageHeader first = Util.readPageHeader(in);
            if (first.isSetDictionary_page_header()) {
                dictionary = readDictionary(first);
            } else {
                pendingHeader = first;
            }
        }
    }

    @Override
    public DictionaryPage readDictionaryPage() {
        return dictionary;
    }

    @Override
    public long getTotalValueCount() {
        return totalValueCount;
    }

    @Override
    public DataPage readPage() {
        try {
            while (valuesRead < totalValueCount) {
                PageHeader header = pendingHeader != null ? pendingHeader : Util.readPageHeader(in);
                pendingHeader = null;
                DataPage page = readDataPage(header);
                if (page != null) {
                    valuesRead += page.getValueCount();
                    return page;
                }
            }
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read a page of column " + column + ": " + e.getMessage(), e);
        }
    }

    private DictionaryPage readDictionary(PageHeader header) throws IOException {
        DictionaryPageHeader dict = header.getDictionary_page_header();
        BytesInput bytes = decompress(body(header), header.getUncompressed_page_size());
        return new DictionaryPage(bytes, header.getUncompressed_page_size(), dict.getNum_values(),
                converter.getEncoding(dict.getEncoding()));
    }

    private DataPage readDataPage(PageHeader header) throws IOException {
        switch (header.getType()) {
            case DATA_PAGE -> {
                DataPageHeader data = header.getData_page_header();
                BytesInput bytes = decompress(body(header), header.getUncompressed_page_size());
                return new DataPageV1(bytes, data.getNum_values(), header.getUncompressed_page_size(), noStatistics,
                        converter.getEncoding(data.getRepetition_level_encoding()),
                        converter.getEncoding(data.getDefinition_level_encoding()),
                        converter.getEncoding(data.getEncoding()));
            }
            case DATA_PAGE_V2 -> {
                DataPageHeaderV2 data = header.getData_page_header_v2();
                byte[] page = body(header);
                int repLength = data.getRepetition_levels_byte_length();
                int defLength = data.getDefinition_levels_byte_length();
                int valuesOffset = repLength + defLength;
                BytesInput values = BytesInput.from(page, valuesOffset, page.length - valuesOffset);
                if (!data.isSetIs_compressed() || data.isIs_compressed()) {
                    values = decompress(values.toByteArray(), header.getUncompressed_page_size() - valuesOffset);
                }
                return DataPageV2.uncompressed(data.getNum_rows(), data.getNum_nulls(), data.getNum_values(),
                        BytesInput.from(page, 0, repLength), BytesInput.from(page, repLength, defLength),
                        converter.getEncoding(data.getEncoding()), values, noStatistics);
            }
            case DICTIONARY_PAGE -> throw new IOException("a second dictionary page in column " + column);
            default -> {
                // Index pages carry nothing a reader needs.
                body(header);
                return null;
            }
        }
    }

    private byte[] body(PageHeader header) throws IOException {
        int size = header.getCompressed_page_size();
        if (size < 0) {
            throw new IOException("negative page size " + size + " in column " + column);
        }
        int offset = chunkLength - in.available();
        byte[] bytes = in.readNBytes(size);
        if (bytes.length != size) {
            throw new IOException("page of column " + column + " is cut short: " + bytes.length + " of " + size + " bytes");
        }
        PageChecksum.verify(header, bytes, 0, size, column, offset);
        return bytes;
    }

    private BytesInput decompress(byte[] compressed, int uncompressedSize) throws IOException {
        // Copy out of the codec's buffers: pages are read lazily, after the decompressor was reused.
        return BytesInput.from(decompressor.decompress(BytesInput.from(compressed), uncompressedSize).toByteArray());
    }
}
