package io.strata.format.orc;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.BinaryColumnStatistics;
import org.apache.orc.BooleanColumnStatistics;
import org.apache.orc.ColumnStatistics;
import org.apache.orc.IntegerColumnStatistics;
import org.apache.orc.StringColumnStatistics;
import org.apache.orc.TypeDescription;

/**
 * Checks the values an ORC file decoded against what its writer recorded. ORC has no checksums: a
 * flipped bit in a data stream can decode into other values that look valid (issue 15 found 13 wrong
 * reads in 60 flips). Two records are checked, per read top-level column: the column statistics in the
 * footer that every ORC writer keeps (the number of non-null values and, where ORC keeps one, the sum of
 * integers, the total length of strings and binaries, the number of trues), and the value digests that
 * Strata's writer adds ({@link OrcValueDigests}). Each costs one pass over each decoded vector; the check
 * runs when every row of the file was read (no row group skipped), and fails the read at its end.
 */
final class OrcReadCheck {

    private final Path path;
    private final List<Column> columns = new ArrayList<>();
    private final List<Integer> digestIndexes = new ArrayList<>();
    private final List<TypeDescription> digestTypes = new ArrayList<>();
    private final List<String> digestNames = new ArrayList<>();
    private final List<Long> expectedDigests = new ArrayList<>();
    private OrcValueDigests digests;
    private final long fileRows;
    private long rowsRead;
    private boolean failed;

    /** One read column: its index in the batch, its name, its statistics and what was decoded so far. */
    private static final class Column {
        final int index;
        final String name;
        final TypeDescription type;
        final ColumnStatistics expected;
        long values;
        long sum;
        boolean sumOverflowed;

        Column(int index, String name, TypeDescription type, ColumnStatistics expected) {
            this.index = index;
            this.name = name;
            this.type = type;
            this.expected = expected;
        }
    }

    OrcReadCheck(Path path, long fileRows) {
        this.path = path;
        this.fileRows = fileRows;
    }

    /** Checks the column at {@code index} of the batch, of ORC type {@code type}, against {@code expected}. */
    void add(int index, String name, TypeDescription type, ColumnStatistics expected) {
        columns.add(new Column(index, name, type, expected));
    }

    /** Checks the column at {@code index} of the batch against the digest its writer stored. */
    void addDigest(int index, String name, TypeDescription type, long expected) {
        digestIndexes.add(index);
        digestTypes.add(type);
        digestNames.add(name);
        expectedDigests.add(expected);
    }

    /** Adds the values of one decoded batch. */
    void accept(VectorizedRowBatch batch) {
        if (digests == null) {
            digests = OrcValueDigests.of(digestIndexes, digestTypes);
        }
        digests.accept(batch);
        int n = batch.size;
        rowsRead += n;
        for (Column c : columns) {
            ColumnVector vector = batch.cols[c.index];
            if (vector.isRepeating) {
                if (vector.noNulls || !vector.isNull[0]) {
                    c.values += n;
                    addRepeated(c, vector, n);
                }
                continue;
            }
            for (int r = 0; r < n; r++) {
                if (vector.noNulls || !vector.isNull[r]) {
                    c.values++;
                    addValue(c, vector, r);
                }
            }
        }
    }

    private static void addValue(Column c, ColumnVector vector, int row) {
        switch (c.type.getCategory()) {
            case BYTE, SHORT, INT, LONG, BOOLEAN -> addToSum(c, ((LongColumnVector) vector).vector[row]);
            case STRING, VARCHAR, BINARY -> c.sum += ((BytesColumnVector) vector).length[row];
            default -> { }
        }
    }

    private static void addRepeated(Column c, ColumnVector vector, int n) {
        for (int r = 0; r < n; r++) {
            addValue(c, vector, 0);
        }
    }

    private static void addToSum(Column c, long value) {
        if (!c.sumOverflowed) {
            try {
                c.sum = Math.addExact(c.sum, value);
            } catch (ArithmeticException e) {
                c.sumOverflowed = true;
            }
        }
    }

    /**
     * At the end of the file: fails, naming the file and the column, if what was decoded differs from the
     * statistics. Does nothing if rows were skipped or the check already failed.
     */
    void verify() throws IOException {
        if (failed || rowsRead != fileRows) {
            return;
        }
        for (Column c : columns) {
            String differs = differs(c);
            if (differs != null) {
                failed = true;
                throw new IOException("ORC file " + path + " is corrupt: column " + c.name + " decoded " + differs
                        + " (ORC files carry no checksums; the column statistics in the footer are what caught it)");
            }
        }
        for (int c = 0; c < expectedDigests.size() && digests != null; c++) {
            if (digests.digest(c) != expectedDigests.get(c)) {
                failed = true;
                throw new IOException("ORC file " + path + " is corrupt: the values decoded from column "
                        + digestNames.get(c) + " differ from what was written (their digest is "
                        + Long.toHexString(digests.digest(c)) + ", the file's metadata "
                        + OrcValueDigests.METADATA_KEY + " says " + Long.toHexString(expectedDigests.get(c)) + ")");
            }
        }
    }

    private static String differs(Column c) {
        if (c.values != c.expected.getNumberOfValues()) {
            return c.values + " non-null values, its statistics say " + c.expected.getNumberOfValues();
        }
        long expectedSum;
        String what;
        if (c.expected instanceof IntegerColumnStatistics ints) {
            if (!ints.isSumDefined() || c.sumOverflowed) {
                return null;
            }
            expectedSum = ints.getSum();
            what = "a sum of ";
        } else if (c.expected instanceof StringColumnStatistics strings
                && (c.type.getCategory() == TypeDescription.Category.STRING
                        || c.type.getCategory() == TypeDescription.Category.VARCHAR)) {
            // Not CHAR: its values are padded on write and trimmed or not on read, so lengths do not compare.
            expectedSum = strings.getSum();
            what = "a total length of ";
        } else if (c.expected instanceof BinaryColumnStatistics bytes) {
            expectedSum = bytes.getSum();
            what = "a total length of ";
        } else if (c.expected instanceof BooleanColumnStatistics booleans) {
            expectedSum = booleans.getTrueCount();
            what = "a count of trues of ";
        } else {
            return null;
        }
        return c.sum == expectedSum ? null : what + c.sum + ", its statistics say " + expectedSum;
    }
}
