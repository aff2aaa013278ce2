package io.strata.format.parquet;

/**
 * The encoded non-null values of one data page, decoded in runs into a vector's arrays. A vector asks
 * for the kind of values its column's physical type holds; asking for another kind is a bug.
 */
abstract class PageValues {

    /** INT32 values. */
    abstract void readInts(int[] out, int offset, int count);

    /** INT64 values. */
    abstract void readLongs(long[] out, int offset, int count);

    /** FLOAT values. */
    abstract void readFloats(float[] out, int offset, int count);

    /** DOUBLE values. */
    abstract void readDoubles(double[] out, int offset, int count);

    /** BOOLEAN values. */
    abstract void readBooleans(boolean[] out, int offset, int count);

    /** BINARY or FIXED_LEN_BYTE_ARRAY values, into slots {@code first} onward of the vector. */
    abstract void readBytes(BytesVector out, int first, int count);

    static UnsupportedOperationException wrongKind(String kind, String encoding) {
        return new UnsupportedOperationException(kind + " values are not decoded from " + encoding + " pages");
    }
}
