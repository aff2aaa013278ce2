package io.strata.lsm;

import io.strata.data.Row;
import io.strata.types.RowType;
import java.util.Comparator;

/**
 * The order of the records of one key in a write buffer, oldest first: by the {@code sequence.field}
 * values when the table has sequence fields, then by sequence number (the later write is newer). The
 * write buffer offers a key's records to its merge in this order.
 *
 * <p>Paimon 1.4.2's write buffer sorts sequence fields ascending whatever {@code sequence.field.sort-order}
 * says (its sort buffer takes only the positions of the sequence-field comparator, not its direction), so
 * within one flush the record with the greatest sequence field is the newest even on a descending table;
 * {@link #forWriteBuffer} builds that order so level-0 files equal Paimon's. Reads and compaction honour
 * the sort order.
 */
public final class VersionOrder {

    private final Comparator<Row> sequenceFieldOrder;

    /** @param sequenceFieldOrder the order of the sequence fields (already reversed if descending), or null */
    public VersionOrder(Comparator<Row> sequenceFieldOrder) {
        this.sequenceFieldOrder = sequenceFieldOrder;
    }

    /** The order Paimon's write buffer uses: sequence fields ascending (if any), then sequence number. */
    public static VersionOrder forWriteBuffer(RowType rowType, int[] sequenceFields) {
        return new VersionOrder(sequenceFields.length == 0 ? null : KeyOrder.onPositions(rowType, sequenceFields));
    }

    /** Whether the order looks at field values (else sequence numbers alone decide). */
    boolean hasSequenceFields() {
        return sequenceFieldOrder != null;
    }

    /** Negative if record (a, seqA) is older than record (b, seqB), positive if newer. */
    int compare(Row a, long seqA, Row b, long seqB) {
        if (sequenceFieldOrder != null) {
            int c = sequenceFieldOrder.compare(a, b);
            if (c != 0) {
                return c;
            }
        }
        return Long.compare(seqA, seqB);
    }

    /** Whether record (a, seqA) is newer than record (b, seqB). */
    boolean isNewer(Row a, long seqA, Row b, long seqB) {
        return compare(a, seqA, b, seqB) > 0;
    }
}
