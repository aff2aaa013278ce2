package io.strata.format.orc;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.TypeDescription;

/**
 * A digest of the values of each top-level column of an ORC file, in row order: Strata's writer stores
 * them in the file's user metadata ({@link #METADATA_KEY}, which Paimon and Hive ignore) and its reader
 * recomputes them from what it decoded. ORC has no checksums, and a flipped byte in a string's data
 * decodes into another string of the same length without any error (issue 15 found 13 wrong reads in
 * 60 flips of an ORC file); the digest catches that. Columns of types whose decoded values depend on
 * the reader (timestamps convert to the JVM's zone, decimals decode in two forms) or that ORC's writer
 * changes after Strata handed them over (VARCHAR and CHAR are cut and padded) carry no digest, and nor do
 * nested columns.
 */
final class OrcValueDigests {

    /** The user-metadata key: {@code <column index>=<digest in hex>} pairs separated by {@code ;}. */
    static final String METADATA_KEY = "strata.value-digests";

    private static final long NULL = 0x5bd1e995_5bd1e995L;

    private final int[] indexes;
    private final TypeDescription.Category[] categories;
    private final long[] digests;
    private final CRC32C crc = new CRC32C();

    private OrcValueDigests(int[] indexes, TypeDescription.Category[] categories) {
        this.indexes = indexes;
        this.categories = categories;
        this.digests = new long[indexes.length];
    }

    /** Digests for the columns at {@code indexes} of a batch, whose types are {@code types} (same order). */
    static OrcValueDigests of(List<Integer> indexes, List<TypeDescription> types) {
        int[] at = new int[indexes.size()];
        TypeDescription.Category[] categories = new TypeDescription.Category[at.length];
        for (int i = 0; i < at.length; i++) {
            at[i] = indexes.get(i);
            categories[i] = types.get(i).getCategory();
        }
        return new OrcValueDigests(at, categories);
    }

    /** Whether a column of this type gets a digest. */
    static boolean digestible(TypeDescription type) {
        return switch (type.getCategory()) {
            // Not VARCHAR or CHAR: ORC's writer cuts and pads their values after the batch reached it.
            case BOOLEAN, BYTE, SHORT, INT, LONG, DATE, DOUBLE, STRING, BINARY -> true;
            default -> false;
        };
    }

    /** Adds the rows of the batch. */
    void accept(VectorizedRowBatch batch) {
        for (int c = 0; c < indexes.length; c++) {
            ColumnVector vector = batch.cols[indexes[c]];
            // One loop per kind of vector: the type is looked at once per batch, not per value.
            digests[c] = switch (categories[c]) {
                case DOUBLE -> acceptDoubles(digests[c], (DoubleColumnVector) vector, batch.size);
                case STRING, BINARY -> acceptBytes(digests[c], (BytesColumnVector) vector, batch.size);
                default -> acceptLongs(digests[c], (LongColumnVector) vector, batch.size);
            };
        }
    }

    private static long acceptLongs(long h, LongColumnVector vector, int n) {
        for (int r = 0; r < n; r++) {
            int row = vector.isRepeating ? 0 : r;
            h = mix(h, vector.noNulls || !vector.isNull[row] ? vector.vector[row] : NULL);
        }
        return h;
    }

    private static long acceptDoubles(long h, DoubleColumnVector vector, int n) {
        for (int r = 0; r < n; r++) {
            int row = vector.isRepeating ? 0 : r;
            // Canonical NaN bits: a NaN may not come back with the payload it was written with.
            h = mix(h, vector.noNulls || !vector.isNull[row] ? Double.doubleToLongBits(vector.vector[row]) : NULL);
        }
        return h;
    }

    private long acceptBytes(long h, BytesColumnVector vector, int n) {
        for (int r = 0; r < n; r++) {
            int row = vector.isRepeating ? 0 : r;
            if (vector.noNulls || !vector.isNull[row]) {
                crc.reset();
                crc.update(vector.vector[row], vector.start[row], vector.length[row]);
                h = mix(h, ((long) vector.length[row] << 32) | crc.getValue());
            } else {
                h = mix(h, NULL);
            }
        }
        return h;
    }

    private static long mix(long h, long value) {
        long x = (h ^ value) * 0x9E3779B97F4A7C15L;
        return x ^ (x >>> 29);
    }

    /** The digests as stored in the file. */
    ByteBuffer toMetadata() {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < indexes.length; c++) {
            sb.append(c == 0 ? "" : ";").append(indexes[c]).append('=').append(Long.toHexString(digests[c]));
        }
        return ByteBuffer.wrap(sb.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** The stored digests by column index; fails on text that is not a list of pairs. */
    static Map<Integer, Long> parse(ByteBuffer metadata) {
        String text = StandardCharsets.UTF_8.decode(metadata.duplicate()).toString();
        Map<Integer, Long> digests = new HashMap<>();
        if (text.isEmpty()) {
            return digests;
        }
        for (String pair : text.split(";")) {
            int eq = pair.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("not <column>=<digest>: " + pair);
            }
            digests.put(Integer.parseInt(pair.substring(0, eq)), Long.parseUnsignedLong(pair.substring(eq + 1), 16));
        }
        return digests;
    }

    /** The digest computed for the {@code c}-th column given to {@link #of}. */
    long digest(int c) {
        return digests[c];
    }
}
