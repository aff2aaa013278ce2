package io.strata.lsm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.oracle.RandomRows;
import io.strata.oracle.Rows;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WriteBufferTest {

    @TempDir
    Path spillRoot;

    private final RowType stringKeyed = RowType.of(
            new DataField(0, "k", DataTypes.STRING()), new DataField(1, "v", DataTypes.INT()));

    /** One drained record as text: key/kind/sequence/value. */
    private record Drained(String key, RowKind kind, long seq, String value) {}

    private static List<Drained> drain(WriteBuffer buffer, RowType type) throws IOException {
        List<Drained> out = new ArrayList<>();
        buffer.drainMerged((value, seq, kind) -> out.add(new Drained(Rows.value(io.strata.data.RowValues.get(value, 0,
                type.typeAt(0)), type.typeAt(0)), kind, seq, Rows.values(value, type))));
        buffer.clear();
        return out;
    }

    private WriteBuffer buffer(RowType type, int[] key, VersionOrder versions, long memory, boolean spillable) {
        return new WriteBuffer(type, key, versions, new MemoryBudget(memory), spillable, spillRoot);
    }

    @Test
    void drainsOneRecordPerKeyInUnsignedUtf8Order() throws IOException {
        MemoryBudget budget = new MemoryBudget(1 << 20);
        WriteBuffer buffer = new WriteBuffer(stringKeyed, new int[] {0}, new VersionOrder(null), budget, true, spillRoot);
        GenericRow reused = GenericRow.of(Utf8String.fromString("b"), 1);
        buffer.add(reused, 0, RowKind.INSERT);
        reused.set(1, 2); // the buffer copied the row: reusing it changes nothing buffered
        buffer.add(GenericRow.of(Utf8String.fromString("é"), 1), 1, RowKind.INSERT);
        buffer.add(GenericRow.of(Utf8String.fromString("a"), 1), 2, RowKind.INSERT);
        buffer.add(GenericRow.of(Utf8String.fromString("b"), 3), 3, RowKind.UPDATE_AFTER);
        buffer.add(GenericRow.of(Utf8String.fromString("a"), null), 4, RowKind.DELETE);
        assertThat(budget.usedBytes()).isEqualTo(buffer.memoryBytes()).isPositive();
        List<Drained> drained = drain(buffer, stringKeyed);
        assertThat(drained).extracting(d -> d.key() + "/" + d.kind() + "/" + d.seq())
                .containsExactly("a/DELETE/4", "b/UPDATE_AFTER/3", "é/INSERT/1");
        assertThat(drained.get(1).value()).endsWith("3");
        assertThat(buffer.isEmpty()).isTrue();
        assertThat(buffer.memoryBytes()).isZero();
        assertThat(budget.usedBytes()).isZero();
    }

    /** Keys that share their first 8 bytes are ordered by the full comparison, not the prefix alone. */
    @Test
    void keysWithEqualPrefixesAreOrderedByTheirFullValue() throws IOException {
        WriteBuffer buffer = buffer(stringKeyed, new int[] {0}, new VersionOrder(null), 1 << 20, true);
        String[] keys = {"prefix00b", "prefix00", "prefix00a", "prefix00\u0000", "prefix0", "prefix00b"};
        for (int i = 0; i < keys.length; i++) {
            buffer.add(GenericRow.of(Utf8String.fromString(keys[i]), i), i, RowKind.INSERT);
        }
        assertThat(drain(buffer, stringKeyed)).extracting(d -> d.key() + "/" + d.seq())
                .containsExactly("prefix0/4", "prefix00/1", "prefix00\u0000/3", "prefix00a/2", "prefix00b/5");
    }

    @Test
    void sequenceFieldDecidesBeforeTheSequenceNumber() throws IOException {
        RowType type = RowType.of(new DataField(0, "k", DataTypes.BIGINT()), new DataField(1, "ts", DataTypes.INT()));
        VersionOrder versions = new VersionOrder(KeyOrder.onPositions(type, new int[] {1}));
        WriteBuffer buffer = buffer(type, new int[] {0}, versions, 1 << 20, true);
        buffer.add(GenericRow.of(1L, 5), 0, RowKind.INSERT);
        buffer.add(GenericRow.of(1L, 3), 1, RowKind.INSERT); // later write, older version: loses
        buffer.add(GenericRow.of(2L, 3), 2, RowKind.INSERT);
        buffer.spill();
        buffer.add(GenericRow.of(2L, 3), 3, RowKind.DELETE); // same version, later write: wins
        buffer.add(GenericRow.of(1L, 4), 4, RowKind.INSERT); // older than the spilled 5: loses
        assertThat(drain(buffer, type)).extracting(d -> d.value() + "/" + d.kind() + "/" + d.seq())
                .containsExactly("1, 5/INSERT/0", "2, 3/DELETE/3");
    }

    /**
     * Many records under a tiny memory limit: the buffer spills many runs (more than the fan-in, so
     * runs are merged on disk too), and the drain equals a reference model of "newest per key".
     */
    @Test
    void spilledRunsAndMemoryMergeToTheNewestRecordPerKey() throws IOException {
        RowType type = RowType.of(new DataField(0, "k", DataTypes.STRING()), new DataField(1, "n", DataTypes.BIGINT()),
                new DataField(2, "s", DataTypes.STRING()), new DataField(3, "d", DataTypes.DECIMAL(30, 4)));
        MemoryBudget budget = new MemoryBudget(4096);
        WriteBuffer buffer = new WriteBuffer(type, new int[] {0}, new VersionOrder(null), budget, true, spillRoot);
        Random random = new Random(7);
        Map<String, String> model = new TreeMap<>(Comparator.comparing(k -> k.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                java.util.Arrays::compareUnsigned));
        int spills = 0;
        int maxRuns = 0;
        for (int seq = 0; seq < 20_000; seq++) {
            String key = "key-" + random.nextInt(3000);
            RowKind kind = random.nextInt(6) == 0 ? RowKind.DELETE : RowKind.INSERT;
            GenericRow row = GenericRow.of(Utf8String.fromString(key), (long) seq,
                    random.nextBoolean() ? null : Utf8String.fromString("value " + random.nextInt()),
                    io.strata.data.Decimal.fromBigDecimal(new java.math.BigDecimal(random.nextInt() + ".1234"), 30, 4));
            buffer.add(row, seq, kind);
            model.put(key, kind + "/" + seq + "/" + Rows.values(row, type));
            if (budget.exceeded()) {
                buffer.spill();
                spills++;
                maxRuns = Math.max(maxRuns, buffer.spilledRuns());
                assertThat(budget.exceeded()).isFalse();
            }
        }
        assertThat(spills).isGreaterThan(WriteBuffer.MAX_SPILL_FAN_IN);
        assertThat(maxRuns).isLessThan(WriteBuffer.MAX_SPILL_FAN_IN);
        assertThat(spillFiles()).hasSize(buffer.spilledRuns() + 1); // the runs and their directory
        List<String> drained = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        buffer.drainMerged((value, seq, kind) -> {
            keys.add(value.getString(0).toString());
            drained.add(kind + "/" + seq + "/" + Rows.values(value, type));
        });
        assertThat(keys).isEqualTo(new ArrayList<>(model.keySet()));
        assertThat(drained).isEqualTo(new ArrayList<>(model.values()));
        assertThat(spillFiles()).isEmpty();
        buffer.clear();
        assertThat(budget.usedBytes()).isZero();
    }

    @Test
    void clearDeletesSpillFilesOfAnAbortedWrite() throws IOException {
        WriteBuffer buffer = buffer(stringKeyed, new int[] {0}, new VersionOrder(null), 2048, true);
        for (int i = 0; i < 500; i++) {
            buffer.add(GenericRow.of(Utf8String.fromString("k" + i), i), i, RowKind.INSERT);
            if (i % 100 == 99) {
                buffer.spill();
            }
        }
        assertThat(buffer.spilledRuns()).isEqualTo(5);
        assertThat(spillFiles()).hasSize(6);
        buffer.close();
        assertThat(spillFiles()).isEmpty();
        assertThat(buffer.isEmpty()).isTrue();
    }

    @Test
    void spillFilesAreDeletedWhenTheDrainFails() throws IOException {
        WriteBuffer buffer = buffer(stringKeyed, new int[] {0}, new VersionOrder(null), 2048, true);
        for (int i = 0; i < 300; i++) {
            buffer.add(GenericRow.of(Utf8String.fromString("k" + i), i), i, RowKind.INSERT);
            if (i % 100 == 99) {
                buffer.spill();
            }
        }
        assertThatThrownBy(() -> buffer.drainMerged((v, s, k) -> {
            throw new IOException("disk full");
        })).hasMessage("disk full");
        assertThat(spillFiles()).isEmpty();
    }

    @Test
    void aBufferThatMayNotSpillRefusesTo() {
        WriteBuffer buffer = buffer(stringKeyed, new int[] {0}, new VersionOrder(null), 2048, false);
        buffer.add(GenericRow.of(Utf8String.fromString("k"), 1), 1, RowKind.INSERT);
        assertThatThrownBy(buffer::spill).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("write-buffer-spillable");
    }

    @Test
    void nestedColumnsSurviveMemoryAndSpill() throws IOException {
        RowType type = RowType.of(new DataField(0, "k", DataTypes.INT().withNullable(false)),
                new DataField(1, "arr", DataTypes.ARRAY(DataTypes.STRING())),
                new DataField(2, "m", DataTypes.MAP(DataTypes.STRING().withNullable(false), DataTypes.BIGINT())),
                new DataField(3, "r", DataTypes.ROW(new DataField(10, "a", DataTypes.DECIMAL(20, 2)),
                        new DataField(11, "b", DataTypes.ARRAY(DataTypes.TIMESTAMP(6))))),
                new DataField(4, "ms", new io.strata.types.MultisetType(DataTypes.STRING(), true)));
        RandomRows random = new RandomRows(3);
        WriteBuffer buffer = buffer(type, new int[] {0}, new VersionOrder(null), 1 << 20, true);
        List<GenericRow> expected = new ArrayList<>();
        for (int k = 0; k < 40; k++) {
            GenericRow row = random.row(type);
            row.set(0, k);
            expected.add(row);
            buffer.add(row, k, RowKind.INSERT);
            if (k == 19) {
                buffer.spill();
            }
        }
        List<String> drained = new ArrayList<>();
        buffer.drainMerged((value, seq, kind) -> drained.add(Rows.values(value, type)));
        buffer.clear();
        assertThat(drained).isEqualTo(expected.stream().map(r -> Rows.values(r, type)).toList());
    }

    /** NaN keys make Paimon's key order non-transitive; the sort must still finish and keep every key. */
    @Test
    void doubleKeysWithNaNSortWithoutFailing() throws IOException {
        RowType type = RowType.of(new DataField(0, "k", DataTypes.DOUBLE().withNullable(false)),
                new DataField(1, "v", DataTypes.INT()));
        WriteBuffer buffer = buffer(type, new int[] {0}, new VersionOrder(null), 1 << 20, true);
        Random random = new Random(1);
        java.util.Set<Double> keys = new java.util.HashSet<>();
        for (int i = 0; i < 2000; i++) {
            double k = random.nextInt(10) == 0 ? Double.NaN : random.nextInt(500);
            keys.add(k);
            buffer.add(GenericRow.of(k, i), i, RowKind.INSERT);
        }
        List<Double> out = new ArrayList<>();
        buffer.drainMerged((value, seq, kind) -> out.add(value.getDouble(0)));
        buffer.clear();
        // NaN equals every key, so which records of a key meet next to a NaN is undefined (as in
        // Paimon): the sort must finish and merge, no more.
        assertThat(out).hasSizeLessThan(2000).hasSizeGreaterThanOrEqualTo(keys.size() / 2);
    }

    private List<Path> spillFiles() throws IOException {
        try (var files = Files.walk(spillRoot)) {
            return files.filter(p -> !p.equals(spillRoot)).toList();
        }
    }
}
