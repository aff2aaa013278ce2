package io.strata.fileindex;

import io.strata.api.PublicApi;
import io.strata.types.DataType;

/**
 * A bitmap index over one column of each data file (Paimon's {@code file-index.bitmap.columns}): the rows of
 * every distinct value and of null. {@code version} is the format written ({@code file-index.bitmap.<column>.version},
 * 1 or 2), {@code indexBlockSize} the largest block of version 2's sorted dictionary in bytes
 * ({@code file-index.bitmap.<column>.index-block-size}).
 */
@PublicApi
public record BitmapColumn(String column, int version, long indexBlockSize) implements ColumnIndex {

    /** Paimon 1.4's default format version. */
    public static final int DEFAULT_VERSION = 2;

    /** Paimon 1.4's default index block size: 16 kb. */
    public static final long DEFAULT_INDEX_BLOCK_SIZE = 16 * 1024;

    public BitmapColumn {
        if (version != 1 && version != 2) {
            throw new IllegalArgumentException("Table option 'file-index.bitmap." + column + ".version' = '" + version
                    + "' is not a bitmap index version (1 or 2)");
        }
        if (indexBlockSize <= 0) {
            throw new IllegalArgumentException("Table option 'file-index.bitmap." + column + ".index-block-size' = '"
                    + indexBlockSize + "' must be > 0");
        }
    }

    @Override
    public String indexType() {
        return "bitmap";
    }

    /**
     * Whether a bitmap index can index values of {@code type}: as in Paimon, CHAR, VARCHAR, BOOLEAN, integral and
     * floating-point numbers, DATE, TIME and timestamps; not BINARY, VARBINARY, DECIMAL or nested types.
     */
    public static boolean supports(DataType type) {
        return BitmapKeyType.of(type) != null;
    }
}
