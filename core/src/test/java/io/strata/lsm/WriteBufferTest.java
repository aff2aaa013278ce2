package io.strata.lsm;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

class WriteBufferTest {

    private final RowType type = RowType.of(new DataField(0, "k", DataTypes.STRING()), new DataField(1, "v", DataTypes.INT()));

    @Test
    void drainsOneRecordPerKeyInUnsignedUtf8Order() {
        WriteBuffer buffer = new WriteBuffer(type, KeyOrder.onPositions(type, new int[] {0}));
        GenericRow reused = GenericRow.of(Utf8String.fromString("b"), 1);
        buffer.add(reused, 0, RowKind.INSERT);
        reused.set(1, 2); // the buffer copied the row: reusing it changes nothing buffered
        buffer.add(GenericRow.of(Utf8String.fromString("é"), 1), 1, RowKind.INSERT);
        buffer.add(GenericRow.of(Utf8String.fromString("a"), 1), 2, RowKind.INSERT);
        buffer.add(GenericRow.of(Utf8String.fromString("b"), 3), 3, RowKind.UPDATE_AFTER);
        buffer.add(GenericRow.of(Utf8String.fromString("a"), null), 4, RowKind.DELETE);
        List<WriteBuffer.Entry> drained = buffer.drainMerged(Comparator.comparingLong(WriteBuffer.Entry::sequenceNumber));
        assertThat(drained).extracting(e -> e.value().get(0).toString() + "/" + e.kind() + "/" + e.sequenceNumber())
                .containsExactly("a/DELETE/4", "b/UPDATE_AFTER/3", "é/INSERT/1");
        assertThat(drained.get(1).value().get(1)).isEqualTo(3);
        assertThat(buffer.isEmpty()).isTrue();
        assertThat(buffer.estimatedBytes()).isZero();
    }
}
