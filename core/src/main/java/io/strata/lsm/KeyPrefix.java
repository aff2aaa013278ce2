package io.strata.lsm;

import io.strata.data.Decimal;
import io.strata.data.Row;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.RowType;

/**
 * A normalized prefix of a primary key: a long whose signed order agrees with the key order, so most
 * comparisons of a sort are one {@code long} comparison. When the key is one integral column (or a
 * compact decimal or millisecond timestamp) the prefix is the whole key; for strings and binary values it
 * holds the first 8 bytes (unsigned, as the key order compares them) and equal prefixes fall back to
 * the typed key comparator. FLOAT and DOUBLE keys get no prefix: Paimon's key order treats NaN as equal
 * to everything, which no long can express.
 */
final class KeyPrefix {

    @FunctionalInterface
    private interface Extractor {
        long prefix(Row row, int pos);
    }

    private final int position;
    private final Extractor extractor;
    private final boolean determinesKey;

    private KeyPrefix(int position, Extractor extractor, boolean determinesKey) {
        this.position = position;
        this.extractor = extractor;
        this.determinesKey = determinesKey;
    }

    /** The prefix of the key at {@code keyPositions} of {@code type} (key columns are never null). */
    static KeyPrefix of(RowType type, int[] keyPositions) {
        if (keyPositions.length == 0) {
            return new KeyPrefix(0, (r, p) -> 0L, true);
        }
        int first = keyPositions[0];
        DataType t = type.typeAt(first);
        boolean single = keyPositions.length == 1;
        return switch (t.root()) {
            case BOOLEAN -> new KeyPrefix(first, (r, p) -> r.getBoolean(p) ? 1 : 0, single);
            case TINYINT -> new KeyPrefix(first, Row::getByte, single);
            case SMALLINT -> new KeyPrefix(first, Row::getShort, single);
            case INT, DATE, TIME -> new KeyPrefix(first, Row::getInt, single);
            case BIGINT -> new KeyPrefix(first, Row::getLong, single);
            case DECIMAL -> {
                AtomicType a = (AtomicType) t;
                if (Decimal.isCompact(a.precision())) {
                    yield new KeyPrefix(first, (r, p) -> r.getDecimal(p, a.precision(), a.scale()).toUnscaledLong(), single);
                }
                yield new KeyPrefix(first, (r, p) -> 0L, false);
            }
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> {
                int precision = ((AtomicType) t).precision();
                // Millis order the key first; finer precisions tie-break on the nanos in the full comparison.
                yield new KeyPrefix(first, (r, p) -> r.getTimestamp(p, precision).millisecond(),
                        single && Timestamp.isCompact(precision));
            }
            case CHAR, VARCHAR -> new KeyPrefix(first, (r, p) -> bytesPrefix(r.getString(p)), false);
            case BINARY, VARBINARY -> new KeyPrefix(first, (r, p) -> bytesPrefix(r.getBinary(p)), false);
            default -> new KeyPrefix(first, (r, p) -> 0L, false);
        };
    }

    /** The prefix of a row's key. */
    long prefix(Row row) {
        return extractor.prefix(row, position);
    }

    /** Whether equal prefixes mean equal keys (and different ones order the keys), so no full comparison is needed. */
    boolean determinesKey() {
        return determinesKey;
    }

    private static long bytesPrefix(Utf8String s) {
        return bytesPrefix(s.buffer(), s.offset(), s.length());
    }

    private static long bytesPrefix(byte[] b) {
        return bytesPrefix(b, 0, b.length);
    }

    /** The first 8 bytes big-endian, zero-padded, sign bit flipped so that signed order is unsigned byte order. */
    private static long bytesPrefix(byte[] b, int offset, int length) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = (v << 8) | (i < length ? b[offset + i] & 0xFFL : 0);
        }
        return v ^ Long.MIN_VALUE;
    }
}
