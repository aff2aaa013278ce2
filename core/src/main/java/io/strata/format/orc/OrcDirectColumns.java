package io.strata.format.orc;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.TypeDescription;

/**
 * Picks the string columns of a new ORC file that go without a dictionary from their first row
 * ({@code orc.column.encoding.direct}), judged by the file's first batch.
 *
 * <p>ORC starts every STRING, VARCHAR and CHAR column with a dictionary (a red-black tree of its
 * values) and, at the end of the first row group (10,000 rows), drops it when more than 80% of the
 * values were distinct ({@code orc.dictionary.key.threshold}), writing the buffered values directly.
 * A column whose first batch holds at least {@link #MIN_DISTINCT_VALUES} non-null values, none repeated,
 * would almost never pass that check; for it, the tree was built only to be thrown away (15% of the
 * ORC write samples of the upsert benchmark, and as much in Paimon's writer). Direct encoding from the
 * start writes the encoding ORC would have ended with. A column with any repeat keeps ORC's own check.
 */
final class OrcDirectColumns {

    /** Non-null values, all distinct, that a column's first batch needs to go without a dictionary. */
    static final int MIN_DISTINCT_VALUES = 512;

    /** Names ORC's column list takes as they are (it splits at commas and parses dots and quotes). */
    private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private OrcDirectColumns() {}

    /**
     * The value of {@code orc.column.encoding.direct} for a file whose first batch is {@code sample}, or
     * an empty string when every column keeps ORC's dictionary check.
     */
    static String of(TypeDescription schema, VectorizedRowBatch sample) {
        List<String> direct = new ArrayList<>();
        List<String> names = schema.getFieldNames();
        List<TypeDescription> children = schema.getChildren();
        for (int i = 0; i < children.size(); i++) {
            if (isString(children.get(i))
                    && sample.cols[i] instanceof BytesColumnVector vector
                    && PLAIN_NAME.matcher(names.get(i)).matches()
                    && allDistinct(vector, sample.size)) {
                direct.add(names.get(i));
            }
        }
        return String.join(",", direct);
    }

    private static boolean isString(TypeDescription type) {
        return switch (type.getCategory()) {
            case STRING, VARCHAR, CHAR -> true;
            default -> false;
        };
    }

    /** Whether the first {@code rows} values hold enough non-null ones, none repeated. */
    static boolean allDistinct(BytesColumnVector vector, int rows) {
        if (vector.isRepeating) {
            return false;
        }
        Set<ByteBuffer> values = new HashSet<>();
        for (int r = 0; r < rows; r++) {
            if (!vector.noNulls && vector.isNull[r]) {
                continue;
            }
            if (!values.add(ByteBuffer.wrap(vector.vector[r], vector.start[r], vector.length[r]))) {
                return false;
            }
        }
        return values.size() >= MIN_DISTINCT_VALUES;
    }
}
