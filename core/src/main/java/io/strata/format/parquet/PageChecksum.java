package io.strata.format.parquet;

import java.io.IOException;
import java.util.zip.CRC32;
import org.apache.parquet.format.PageHeader;

/**
 * The CRC-32 of a Parquet page, checked when the page header carries one (parquet-mr, and so Paimon and
 * Strata, write it by default): the checksum of the page's bytes as stored, after the header. Without
 * the check a flipped bit in a page can decode into other values that look valid, and a read returns
 * wrong rows as if they were right (issue 15).
 */
final class PageChecksum {

    private PageChecksum() {}

    /**
     * Fails, naming the column and the page's place in its chunk ({@code position}), if {@code length}
     * bytes of {@code bytes} from {@code offset} do not match the page's CRC.
     */
    static void verify(PageHeader header, byte[] bytes, int offset, int length, String column, int position)
            throws IOException {
        if (!header.isSetCrc()) {
            return;
        }
        CRC32 crc = new CRC32();
        crc.update(bytes, offset, length);
        int actual = (int) crc.getValue();
        if (actual != header.getCrc()) {
            throw new IOException(String.format("checksum mismatch in a %s page of column %s at byte %d of its"
                    + " column chunk (CRC-32 %08x, the page header says %08x): the file is corrupt",
                    header.getType(), column, position, actual, header.getCrc()));
        }
    }
}
