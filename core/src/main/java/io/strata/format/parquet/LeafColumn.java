package io.strata.format.parquet;

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

    void startRowGroup(ColumnReader columnReader) {
        this.reader = columnReader;
        this.remaining = columnReader.getTotalValueCount();
    }

    /** Reads the values of the next {@code records} records. */
    void readBatch(int records) {
        vector.reset();
        levelCount = 0;
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
