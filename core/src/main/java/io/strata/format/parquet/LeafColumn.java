package io.strata.format.parquet;

import java.io.IOException;
import java.util.Arrays;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;

/**
 * One primitive column being read: per batch it reads the repetition and definition level of every
 * value of the batch's records (kept for the nested fields above the column to assemble their
 * offsets and nulls) and decodes the values into its vector.
 */
final class LeafColumn {

    final ColumnDescriptor descriptor;
    final LeafVector vector;
    private final int maxDefinition;
    private final int maxRepetition;
    /** The definition level at which the column's innermost repeated ancestor has an instance. */
    private final int slotDefinition;

    private ColumnReader reader;
    private FlatColumnReader pages;
    private long remaining;

    int[] repetitions = new int[0];
    int[] definitions = new int[0];
    int levelCount;

    LeafColumn(ColumnDescriptor descriptor, LeafVector vector, int slotDefinition) {
        this.descriptor = descriptor;
        this.vector = vector;
        this.maxDefinition = descriptor.getMaxDefinitionLevel();
        this.maxRepetition = descriptor.getMaxRepetitionLevel();
        this.slotDefinition = slotDefinition;
    }

    String name() {
        return String.join(".", descriptor.getPath());
    }

    /**
     * Whether chunks of this column may be decoded page by page ({@link FlatColumnReader}): a column
     * with no repeated ancestor, whose every level is a slot, of a type the vector decodes from pages.
     */
    boolean flat() {
        return maxRepetition == 0 && slotDefinition == 0 && vector.decodesPages();
    }

    int maxDefinition() {
        return maxDefinition;
    }

    /** Reads the row group's chunk of this column through parquet-column's column reader. */
    void startRowGroup(ColumnReader columnReader) {
        this.reader = columnReader;
        this.pages = null;
        this.remaining = columnReader.getTotalValueCount();
    }

    /** Reads the row group's chunk of this column, {@link #flat()}, of {@code values} values, page by page. */
    void startRowGroup(FlatColumnReader flatReader, long values) {
        this.reader = null;
        this.pages = flatReader;
        this.remaining = values;
    }

    /** Reads the values of the next {@code records} records. */
    void readBatch(int records) throws IOException {
        vector.reset();
        levelCount = 0;
        if (pages != null) {
            readFlat(records);
            return;
        }
        int started = 0;
        while (remaining > 0) {
            int repetition = maxRepetition == 0 ? 0 : reader.getCurrentRepetitionLevel();
            if (repetition == 0) {
                if (started == records) {
                    break;
                }
                started++;
            }
            int definition = reader.getCurrentDefinitionLevel();
            addLevels(repetition, definition);
            if (definition >= slotDefinition) {
                boolean isNull = definition < maxDefinition;
                int slot = vector.appendSlot(isNull);
                if (!isNull) {
                    vector.read(reader, slot);
                }
            }
            reader.consume();
            remaining--;
        }
        if (started < records) {
            throw new IllegalStateException("column " + name() + " ends after " + started + " of " + records
                    + " records of its row group");
        }
    }

    /**
     * Moves past the next {@code records} records. A flat column passes over whole pages without decoding
     * them ({@link FlatColumnReader#skipPages}); the records it cannot pass over that way (in the page the
     * skip starts or ends in, or in any chunk of a nested column) are read {@code chunk} at a time and dropped.
     */
    void skip(long records, int chunk) throws IOException {
        long left = records;
        while (left > 0) {
            if (pages != null) {
                long skipped = pages.skipPages(left);
                if (skipped > remaining) {
                    throw new IllegalStateException("column " + name() + " ends after " + remaining + " of "
                            + skipped + " records of its row group");
                }
                remaining -= skipped;
                left -= skipped;
                if (left == 0) {
                    break;
                }
            }
            int n = (int) Math.min(left, chunk);
            if (pages != null && pages.pageValuesLeft() > 0) {
                // Stop at the page's end, where the next pages may be passed over whole.
                n = Math.min(n, pages.pageValuesLeft());
            }
            readBatch(n);
            left -= n;
        }
    }

    private void readFlat(int records) throws IOException {
        if (records > remaining) {
            throw new IllegalStateException("column " + name() + " ends after " + remaining + " of " + records
                    + " records of its row group");
        }
        if (repetitions.length < records) {
            // Repetition levels of a flat column are all 0, which a new array already holds.
            repetitions = new int[records];
            definitions = new int[records];
        }
        int first = vector.appendSlots(records);
        pages.read(vector, first, records, definitions);
        levelCount = records;
        remaining -= records;
    }

    private void addLevels(int repetition, int definition) {
        if (levelCount == repetitions.length) {
            int capacity = Math.max(64, levelCount * 2);
            repetitions = Arrays.copyOf(repetitions, capacity);
            definitions = Arrays.copyOf(definitions, capacity);
        }
        repetitions[levelCount] = repetition;
        definitions[levelCount] = definition;
        levelCount++;
    }
}
