package io.strata.format.parquet;

import io.strata.format.ColumnVector;

/**
 * A field being read, as a node of the read tree. Primitive fields are filled by their
 * {@link LeafColumn}; nested fields derive their slots, nulls and element counts from the levels of
 * one leaf beneath them (any leaf gives the same answer at this node's depth), then let their children
 * do the same.
 *
 * <p>A node's slots are the triplets of that leaf with repetition level at most {@code slotRepetition}
 * (a new instance of the innermost repeated ancestor) and definition level at least
 * {@code slotDefinition} (that instance exists). A slot is null when its definition level is below
 * {@code nullDefinition}.
 */
abstract class FieldNode {

    final ColumnVector vector;
    final LeafColumn levels;

    FieldNode(ColumnVector vector, LeafColumn levels) {
        this.vector = vector;
        this.levels = levels;
    }

    /** Builds this node's part of the batch from the levels its leaves have read. */
    abstract void assemble();

    /** A primitive field; its leaf column has already filled the vector. */
    static final class Leaf extends FieldNode {
        Leaf(LeafColumn column) {
            super(column.vector, column);
        }

        @Override
        void assemble() {}
    }

    /** A ROW field. */
    static final class Struct extends FieldNode {
        private final FieldNode[] children;
        private final int slotRepetition;
        private final int slotDefinition;
        private final int nullDefinition;

        Struct(StructVector vector, FieldNode[] children, LeafColumn levels, int slotRepetition, int slotDefinition,
                int nullDefinition) {
            super(vector, levels);
            this.children = children;
            this.slotRepetition = slotRepetition;
            this.slotDefinition = slotDefinition;
            this.nullDefinition = nullDefinition;
        }

        @Override
        void assemble() {
            StructVector struct = (StructVector) vector;
            struct.reset();
            int[] reps = levels.repetitions;
            int[] defs = levels.definitions;
            for (int t = 0; t < levels.levelCount; t++) {
                if (reps[t] <= slotRepetition && defs[t] >= slotDefinition) {
                    struct.appendSlot(defs[t] < nullDefinition);
                }
            }
            for (FieldNode child : children) {
                child.assemble();
            }
        }
    }

    /** An ARRAY or MAP field: its slots, and one element per instance of its repeated group. */
    static final class Repeated extends FieldNode {
        private final FieldNode[] children;
        private final int slotRepetition;
        private final int slotDefinition;
        private final int nullDefinition;
        private final int elementRepetition;
        private final int elementDefinition;

        Repeated(ArrayVector vector, FieldNode[] children, LeafColumn levels, int slotRepetition, int slotDefinition,
                int nullDefinition, int elementRepetition, int elementDefinition) {
            super(vector, levels);
            this.children = children;
            this.slotRepetition = slotRepetition;
            this.slotDefinition = slotDefinition;
            this.nullDefinition = nullDefinition;
            this.elementRepetition = elementRepetition;
            this.elementDefinition = elementDefinition;
        }

        @Override
        void assemble() {
            ArrayVector array = (ArrayVector) vector;
            array.reset();
            int[] reps = levels.repetitions;
            int[] defs = levels.definitions;
            int elements = 0;
            for (int t = 0; t < levels.levelCount; t++) {
                int rep = reps[t];
                int def = defs[t];
                if (rep <= slotRepetition && def >= slotDefinition) {
                    array.startSlot(def < nullDefinition, elements);
                }
                if (rep <= elementRepetition && def >= elementDefinition) {
                    array.addElement();
                    elements++;
                }
            }
            for (FieldNode child : children) {
                child.assemble();
            }
        }
    }
}
