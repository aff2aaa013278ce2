package io.strata.fileindex;

import io.strata.data.Row;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import java.nio.charset.StandardCharsets;

/**
 * The 64-bit hash Paimon's bloom-filter index takes of a value of a column type (its {@code FastHash}):
 * xxHash64 of the bytes of strings and binaries; Thomas Wang's 64-bit integer hash of integral values,
 * dates and times, of the bits of floats and doubles (canonical NaN) and of timestamps as milliseconds
 * (precision up to 3) or microseconds. Booleans, decimals and nested types have no hash: a bloom filter
 * on them is refused.
 */
abstract class ValueHash {

    /** The hash of the non-null value at {@code pos} of {@code row}. */
    abstract long hash(Row row, int pos);

    /** The hash of a predicate literal (a value of the column's Java class), or null if it has none. */
    abstract Long hashLiteral(Object literal);

    /** The hash of a type, or null if Paimon's bloom filter does not take the type. */
    static ValueHash of(DataType type) {
        return switch (type.root()) {
            case CHAR, VARCHAR -> new ValueHash() {
                long hash(Row row, int pos) {
                    Utf8String s = row.getString(pos);
                    return XxHash64.hash(s.buffer(), s.offset(), s.length());
                }

                Long hashLiteral(Object literal) {
                    byte[] bytes = literal instanceof Utf8String s ? s.toBytes()
                            : literal instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : null;
                    return bytes == null ? null : XxHash64.hash(bytes, 0, bytes.length);
                }
            };
            case BINARY, VARBINARY -> new ValueHash() {
                long hash(Row row, int pos) {
                    byte[] b = row.getBinary(pos);
                    return XxHash64.hash(b, 0, b.length);
                }

                Long hashLiteral(Object literal) {
                    return literal instanceof byte[] b ? XxHash64.hash(b, 0, b.length) : null;
                }
            };
            case TINYINT -> integral((row, pos) -> row.getByte(pos));
            case SMALLINT -> integral((row, pos) -> row.getShort(pos));
            case INT, DATE, TIME -> integral((row, pos) -> row.getInt(pos));
            case BIGINT -> integral((row, pos) -> row.getLong(pos));
            case FLOAT -> new ValueHash() {
                long hash(Row row, int pos) {
                    return wang64(Float.floatToIntBits(row.getFloat(pos)));
                }

                Long hashLiteral(Object literal) {
                    return literal instanceof Float f ? wang64(Float.floatToIntBits(f)) : null;
                }
            };
            case DOUBLE -> new ValueHash() {
                long hash(Row row, int pos) {
                    return wang64(Double.doubleToLongBits(row.getDouble(pos)));
                }

                Long hashLiteral(Object literal) {
                    return literal instanceof Double d ? wang64(Double.doubleToLongBits(d)) : null;
                }
            };
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> {
                int precision = ((AtomicType) type).precision();
                yield new ValueHash() {
                    long hash(Row row, int pos) {
                        return timestamp(row.getTimestamp(pos, precision), precision);
                    }

                    Long hashLiteral(Object literal) {
                        return literal instanceof Timestamp t ? timestamp(t, precision) : null;
                    }
                };
            }
            default -> null;
        };
    }

    private interface LongGetter {
        long get(Row row, int pos);
    }

    private static ValueHash integral(LongGetter getter) {
        return new ValueHash() {
            long hash(Row row, int pos) {
                return wang64(getter.get(row, pos));
            }

            Long hashLiteral(Object literal) {
                // Integral literals of any width: the value, sign-extended, is what is hashed.
                return literal instanceof Byte || literal instanceof Short || literal instanceof Integer
                        || literal instanceof Long ? wang64(((Number) literal).longValue()) : null;
            }
        };
    }

    private static long timestamp(Timestamp t, int precision) {
        return wang64(precision <= 3 ? t.millisecond() : t.millisecond() * 1000 + t.nanoOfMillisecond() / 1000);
    }

    /** Thomas Wang's 64-bit integer hash, with sign-propagating shifts as Paimon computes it. */
    static long wang64(long key) {
        long k = (~key) + (key << 21);
        k = k ^ (k >> 24);
        k = (k + (k << 3)) + (k << 8);
        k = k ^ (k >> 14);
        k = (k + (k << 2)) + (k << 4);
        k = k ^ (k >> 28);
        return k + (k << 31);
    }
}
