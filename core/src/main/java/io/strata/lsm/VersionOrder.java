package io.strata.lsm;

import io.strata.data.Row;
import java.util.Comparator;

/**
 * Which of two records of one key is newer, so that it alone is kept: the one with the greater
 * {@code sequence.field} values (in the table's {@code sequence.field.sort-order}) when the table has
 * sequence fields, then the one with the higher sequence number, which is the later write.
 */
public final class VersionOrder {

    private final Comparator<Row> sequenceFieldOrder;

    /** @param sequenceFieldOrder the order of the sequence fields (already reversed if descending), or null */
    public VersionOrder(Comparator<Row> sequenceFieldOrder) {
        this.sequenceFieldOrder = sequenceFieldOrder;
    }

    /** Whether the order looks at field values (else sequence numbers alone decide). */
    boolean hasSequenceFields() {
        return sequenceFieldOrder != null;
    }

    /** Whether record (a, seqA) is newer than record (b, seqB). */
    boolean isNewer(Row a, long seqA, Row b, long seqB) {
        if (sequenceFieldOrder != null) {
            int c = sequenceFieldOrder.compare(a, b);
            if (c != 0) {
                return c > 0;
            }
        }
        return seqA > seqB;
    }
}
