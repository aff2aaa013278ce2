package io.strata.format.parquet;

import com.github.luben.zstd.Zstd;
import java.io.IOException;
import java.util.Arrays;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.DictionaryPageHeader;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.PrimitiveType;

/**
 * Reads a column chunk of a flat column (no repeated ancestor) whose pages {@link ChunkPages#flatDecodable}
 * accepts: each data page's definition levels and values are decoded a run of slots at a time straight
 * into the column's vector, with no value object and no call per value through parquet-column's
 * column reader. Pages of an uncompressed chunk are decoded where they lie in the chunk's bytes;
 * compressed pages are decompressed into one buffer reused from page to page.
 */
final class FlatColumnReader {

    private final ChunkPages pages;
    private final CompressionCodecName codec;
    private final BytesInputDecompressor decompressor;
    private final PrimitiveType type;
    private final int maxDefinition;
    private final String column;

    private final HybridDecoder definitions = new HybridDecoder();
    private final PlainValues plain;
    private DictionaryValues dictionary;
    private PageValues values;
    private byte[] pageBuffer = new byte[0];
    private int nextPage;
    private int pageValuesLeft;

    FlatColumnReader(ChunkPages pages, CompressionCodecName codec, BytesInputDecompressor decompressor,
            PrimitiveType type, int maxDefinition, String column) {
        this.pages = pages;
        this.codec = codec;
        this.decompressor = decompressor;
        this.type = type;
        this.maxDefinition = maxDefinition;
        this.column = column;
        this.plain = new PlainValues(plainFixedLength());
    }

    /**
     * Reads the next {@code count} values into the vector's slots from {@code first} on, and their
     * definition levels into {@code levels[0, count)}.
     */
    void read(LeafVector vector, int first, int count, int[] levels) throws IOException {
        try {
            decode(vector, first, count, levels);
        } catch (RuntimeException e) {
            // Malformed encoded data surfaces as runtime failures of the decoders; say which column.
            throw new IOException("column " + column + " (page " + nextPage + " of its chunk): " + e, e);
        }
    }

    /**
     * Passes over whole data pages, by their headers alone (nothing decompressed or decoded), while the
     * reader stands at a page boundary and the next page holds no more than the {@code rows} values (of a flat
     * column: rows) still to skip. Returns how many it passed over; the caller decodes and drops the rest.
     */
    long skipPages(long rows) throws IOException {
        long skipped = 0;
        while (pageValuesLeft == 0 && skipped < rows) {
            long pageRows = nextPageRows();
            if (pageRows < 0 || pageRows > rows - skipped) {
                break;
            }
            nextPage++;
            skipped += pageRows;
        }
        return skipped;
    }

    /** Values of the current data page not read yet (0 at a page boundary). */
    int pageValuesLeft() {
        return pageValuesLeft;
    }

    /** The values of the next page when it is a data page (which a skip may pass over whole), else -1. */
    private long nextPageRows() throws IOException {
        if (nextPage >= pages.headers.size()) {
            throw new IOException("column chunk " + column + " has no more pages");
        }
        PageHeader header = pages.headers.get(nextPage);
        return switch (header.getType()) {
            case DATA_PAGE -> header.getData_page_header().getNum_values();
            case DATA_PAGE_V2 -> header.getData_page_header_v2().getNum_values();
            default -> -1;
        };
    }

    private void decode(LeafVector vector, int first, int count, int[] levels) throws IOException {
        int done = 0;
        boolean[] nulls = vector.nulls;
        while (done < count) {
            if (pageValuesLeft == 0) {
                nextDataPage();
                continue;
            }
            int n = Math.min(count - done, pageValuesLeft);
            int nonNull = n;
            if (maxDefinition == 0) {
                Arrays.fill(levels, done, done + n, 0);
                Arrays.fill(nulls, first + done, first + done + n, false);
            } else {
                definitions.read(levels, done, n);
                int max = maxDefinition;
                for (int i = 0; i < n; i++) {
                    boolean isNull = levels[done + i] < max;
                    nulls[first + done + i] = isNull;
                    if (isNull) {
                        nonNull--;
                    }
                }
            }
            vector.decode(values, first + done, n, nonNull);
            pageValuesLeft -= n;
            done += n;
        }
    }

    private void nextDataPage() throws IOException {
        while (true) {
            if (nextPage >= pages.headers.size()) {
                throw new IOException("column chunk " + column + " has no more pages");
            }
            PageHeader header = pages.headers.get(nextPage);
            int body = pages.bodies.get(nextPage);
            nextPage++;
            switch (header.getType()) {
                case DICTIONARY_PAGE -> readDictionary(header, body);
                case DATA_PAGE -> {
                    startV1(header, body);
                    return;
                }
                case DATA_PAGE_V2 -> {
                    startV2(header, body);
                    return;
                }
                default -> {
                    // Index pages carry nothing a reader needs.
                }
            }
        }
    }

    private void readDictionary(PageHeader header, int body) throws IOException {
        DictionaryPageHeader dict = header.getDictionary_page_header();
        int size = header.getUncompressed_page_size();
        byte[] bytes = uncompressed(body, header.getCompressed_page_size(), size);
        int offset = bytes == pages.chunk ? body : 0;
        dictionary = new DictionaryValues(type.getPrimitiveTypeName(), plainFixedLength(), bytes, offset,
                offset + size, dict.getNum_values());
    }

    private int plainFixedLength() {
        return type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY
                ? type.getTypeLength() : 0;
    }

    private void startV1(PageHeader header, int body) throws IOException {
        DataPageHeader data = header.getData_page_header();
        int size = header.getUncompressed_page_size();
        byte[] bytes = uncompressed(body, header.getCompressed_page_size(), size);
        int offset = bytes == pages.chunk ? body : 0;
        int end = offset + size;
        if (maxDefinition > 0) {
            if (end - offset < 4) {
                throw new IOException("data page of column " + column + " too short for its definition levels");
            }
            int length = LittleEndian.getInt(bytes, offset);
            if (length < 0 || length > end - offset - 4) {
                throw new IOException("data page of column " + column + " has definition levels of " + length
                        + " bytes in a page of " + size);
            }
            definitions.reset(bytes, offset + 4, offset + 4 + length, bitWidth(maxDefinition));
            offset += 4 + length;
        }
        startValues(data.getEncoding(), bytes, offset, end);
        pageValuesLeft = data.getNum_values();
    }

    private void startV2(PageHeader header, int body) throws IOException {
        DataPageHeaderV2 data = header.getData_page_header_v2();
        int repLength = data.getRepetition_levels_byte_length();
        int defLength = data.getDefinition_levels_byte_length();
        int compressedSize = header.getCompressed_page_size();
        if (repLength < 0 || defLength < 0 || repLength + defLength > compressedSize) {
            throw new IOException("data page v2 of column " + column + " has levels of " + repLength + " and "
                    + defLength + " bytes in a page of " + compressedSize);
        }
        if (maxDefinition > 0) {
            definitions.reset(pages.chunk, body + repLength, body + repLength + defLength, bitWidth(maxDefinition));
        }
        int valuesStart = body + repLength + defLength;
        int valuesSize = header.getUncompressed_page_size() - repLength - defLength;
        byte[] bytes;
        int offset;
        if (data.isSetIs_compressed() && !data.isIs_compressed()) {
            bytes = pages.chunk;
            offset = valuesStart;
            valuesSize = compressedSize - repLength - defLength;
        } else {
            bytes = uncompressed(valuesStart, compressedSize - repLength - defLength, valuesSize);
            offset = bytes == pages.chunk ? valuesStart : 0;
        }
        startValues(data.getEncoding(), bytes, offset, offset + valuesSize);
        pageValuesLeft = data.getNum_values();
    }

    private void startValues(Encoding encoding, byte[] bytes, int offset, int end) throws IOException {
        switch (encoding) {
            case PLAIN -> {
                plain.reset(bytes, offset, end);
                values = plain;
            }
            case PLAIN_DICTIONARY, RLE_DICTIONARY -> {
                if (dictionary == null) {
                    throw new IOException("dictionary-encoded page of column " + column + " without a dictionary page");
                }
                dictionary.reset(bytes, offset, end);
                values = dictionary;
            }
            default -> throw new IOException("column " + column + " has a page of encoding " + encoding
                    + ", which the page decoder does not read");
        }
    }

    /**
     * The uncompressed bytes of a page body: the chunk itself when the chunk is not compressed (the
     * caller then reads at the body's offset), else {@link #pageBuffer} from 0 on.
     */
    private byte[] uncompressed(int offset, int compressedSize, int size) throws IOException {
        if (size < 0) {
            throw new IOException("page of column " + column + " has a negative size " + size);
        }
        if (codec == CompressionCodecName.UNCOMPRESSED) {
            if (compressedSize != size) {
                throw new IOException("uncompressed page of column " + column + " stores " + compressedSize
                        + " bytes for " + size);
            }
            return pages.chunk;
        }
        if (pageBuffer.length < size) {
            pageBuffer = new byte[Math.max(size, pageBuffer.length + pageBuffer.length / 2)];
        }
        if (codec == CompressionCodecName.ZSTD) {
            // One native call into the reused buffer, where the codec's stream would allocate and copy twice.
            long got = Zstd.decompressByteArray(pageBuffer, 0, size, pages.chunk, offset, compressedSize);
            if (Zstd.isError(got) || got != size) {
                throw new IOException("cannot decompress a zstd page of column " + column + ": "
                        + (Zstd.isError(got) ? Zstd.getErrorName(got) : got + " of " + size + " bytes"));
            }
        } else {
            BytesInput out = decompressor.decompress(BytesInput.from(pages.chunk, offset, compressedSize), size);
            out.toByteBuffer().get(pageBuffer, 0, size);
        }
        return pageBuffer;
    }

    private static int bitWidth(int maxLevel) {
        return 32 - Integer.numberOfLeadingZeros(maxLevel);
    }
}
