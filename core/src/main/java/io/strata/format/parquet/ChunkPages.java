package io.strata.format.parquet;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The page headers of one column chunk and where each page's body starts in the chunk's bytes, parsed
 * up front so that the reader can tell before decoding anything whether every page is one that
 * {@link FlatColumnReader} decodes.
 */
final class ChunkPages {

    final byte[] chunk;
    final List<PageHeader> headers = new ArrayList<>();
    /** Offset in {@link #chunk} of the body of each page of {@link #headers}. */
    final List<Integer> bodies = new ArrayList<>();

    private ChunkPages(byte[] chunk) {
        this.chunk = chunk;
    }

    /** Parses the headers of the pages that hold the chunk's {@code valueCount} values. */
    static ChunkPages parse(byte[] chunk, long valueCount, String column) throws IOException {
        ChunkPages pages = new ChunkPages(chunk);
        ByteArrayInputStream in = new ByteArrayInputStream(chunk);
        long values = 0;
        while (values < valueCount) {
            if (in.available() == 0) {
                throw new IOException("column chunk " + column + " ends after " + values + " of its " + valueCount
                        + " values");
            }
            PageHeader header = Util.readPageHeader(in);
            int body = chunk.length - in.available();
            int size = header.getCompressed_page_size();
            if (size < 0 || size > in.available()) {
                throw new IOException("page of column " + column + " at byte " + body + " has " + size
                        + " bytes, the chunk has " + in.available() + " left");
            }
            PageChecksum.verify(header, chunk, body, size, column, body);
            in.skipNBytes(size);
            if (header.isSetData_page_header()) {
                values += header.getData_page_header().getNum_values();
            } else if (header.isSetData_page_header_v2()) {
                values += header.getData_page_header_v2().getNum_values();
            }
            pages.headers.add(header);
            pages.bodies.add(body);
        }
        return pages;
    }

    /**
     * Whether every page is one the flat reader decodes: data pages v1 or v2 with PLAIN or dictionary
     * values (PLAIN only for booleans), RLE definition levels, dictionary-encoded pages only after a
     * dictionary page, and nothing else but index pages.
     */
    boolean flatDecodable(PrimitiveTypeName type, int maxDefinition) {
        boolean dictionary = false;
        for (int i = 0; i < headers.size(); i++) {
            PageHeader header = headers.get(i);
            PageType pageType = header.getType();
            if (pageType == PageType.DICTIONARY_PAGE) {
                Encoding encoding = header.getDictionary_page_header().getEncoding();
                if (i != 0 || type == PrimitiveTypeName.BOOLEAN
                        || (encoding != Encoding.PLAIN && encoding != Encoding.PLAIN_DICTIONARY)) {
                    return false;
                }
                dictionary = true;
                continue;
            }
            Encoding values;
            if (pageType == PageType.DATA_PAGE) {
                DataPageHeader data = header.getData_page_header();
                if (maxDefinition > 0 && data.getDefinition_level_encoding() != Encoding.RLE) {
                    return false;
                }
                values = data.getEncoding();
            } else if (pageType == PageType.DATA_PAGE_V2) {
                DataPageHeaderV2 data = header.getData_page_header_v2();
                if (data.getRepetition_levels_byte_length() != 0) {
                    return false;
                }
                values = data.getEncoding();
            } else {
                continue;
            }
            boolean plain = values == Encoding.PLAIN;
            boolean fromDictionary = values == Encoding.PLAIN_DICTIONARY || values == Encoding.RLE_DICTIONARY;
            if (!plain && !(fromDictionary && dictionary)) {
                return false;
            }
        }
        return true;
    }
}
