package io.strata.lsm;

import static io.strata.types.DataTypes.BIGINT;
import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.INT;
import static io.strata.types.DataTypes.STRING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.lsm.mergeengine.MergeFunctionFactory;
import io.strata.oracle.Rows;
import io.strata.schema.TableSchema;
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The write buffer reduces each key's records by the table's merge engine ({@link WriteMerge}): under a
 * tiny memory limit (more spills than the fan-in, so spilled runs are merged on disk too) the drained
 * records equal a reference model; retractions a table's merge cannot take are rejected when buffered,
 * naming the table, the column and the options; retractions a table ignores are dropped.
 */
class WriteMergeTest {

    @TempDir
    Path spillRoot;

    private static final List<DataField> FIELDS = List.of(
            FIELD(0, "k", INT().withNullable(false)), FIELD(1, "n", BIGINT()), FIELD(2, "s", STRING()), FIELD(3, "ts", INT()));
    private static final RowType TYPE = new RowType(FIELDS);

    private static TableSchema schema(String... keyValues) {
        Map<String, String> options = new HashMap<>();
        options.put("bucket", "1");
        for (int i = 0; i < keyValues.length; i += 2) {
            options.put(keyValues[i], keyValues[i + 1]);
        }
        return new TableSchema(0, FIELDS, 3, List.of(), List.of("k"), options, null, 0);
    }

    private WriteBuffer buffer(TableSchema schema, MemoryBudget budget) {
        return new WriteBuffer(TYPE, new int[] {0}, new MergeFunctionFactory(schema).forWrite("Table t"), budget, true,
                spillRoot);
    }

    private static List<String> drain(WriteBuffer buffer) throws IOException {
        List<String> out = new ArrayList<>();
        buffer.drainMerged((value, seq, kind) -> out.add(kind.shortString() + " " + seq + " " + Rows.values(value, TYPE)));
        buffer.clear();
        return out;
    }

    private static String text(GenericRow row, RowKind kind, long seq) {
        return kind.shortString() + " " + seq + " " + Rows.values(row, TYPE);
    }

    /** Feeds random records (spilling whenever the budget is exceeded); returns how often it spilled. */
    private static int feed(WriteBuffer buffer, MemoryBudget budget, Random random, int records,
            java.util.function.BiConsumer<GenericRow, Long> model, boolean retractions) throws IOException {
        int spills = 0;
        for (long seq = 0; seq < records; seq++) {
            GenericRow row = GenericRow.of(random.nextInt(500), random.nextInt(4) == 0 ? null : (long) random.nextInt(100),
                    Utf8String.fromString("s" + random.nextInt(1000)), random.nextInt(20));
            int r = random.nextInt(10);
            row.setKind(retractions && r == 0 ? RowKind.DELETE : retractions && r == 1 ? RowKind.UPDATE_BEFORE
                    : r == 2 ? RowKind.UPDATE_AFTER : RowKind.INSERT);
            buffer.add(row, seq, row.kind());
            model.accept(row, seq);
            if (budget.exceeded()) {
                buffer.spill();
                spills++;
            }
        }
        return spills;
    }

    @Test
    void firstRowKeepsTheOldestRecordOfEachKeyAndDropsRetractionsWithIgnoreDelete() throws IOException {
        MemoryBudget budget = new MemoryBudget(4096);
        WriteBuffer buffer = buffer(schema("merge-engine", "first-row", "ignore-delete", "true"), budget);
        Map<Integer, String> model = new TreeMap<>();
        int spills = feed(buffer, budget, new Random(41), 30_000, (row, seq) -> {
            if (row.kind().isAdd()) {
                model.putIfAbsent((Integer) row.get(0), text(row, row.kind(), seq));
            }
        }, true);
        assertThat(spills).isGreaterThan(WriteBuffer.MAX_SPILL_FAN_IN);
        assertThat(drain(buffer)).isEqualTo(new ArrayList<>(model.values()));
    }

    /** Aggregation sums {@code n} (retracting -U/-D) and keeps the last non-null {@code s} and {@code ts}. */
    @Test
    void aggregationMergesAllRecordsOfAKeyAcrossSpilledRuns() throws IOException {
        MemoryBudget budget = new MemoryBudget(4096);
        WriteBuffer buffer = buffer(schema("merge-engine", "aggregation", "fields.n.aggregate-function", "sum"), budget);
        Map<Integer, List<Object[]>> records = new TreeMap<>();
        int spills = feed(buffer, budget, new Random(43), 30_000, (row, seq) -> records
                .computeIfAbsent((Integer) row.get(0), k -> new ArrayList<>()).add(new Object[] {row, seq}), true);
        assertThat(spills).isGreaterThan(WriteBuffer.MAX_SPILL_FAN_IN);
        List<String> expected = new ArrayList<>();
        records.forEach((key, list) -> {
            GenericRow last = (GenericRow) list.get(list.size() - 1)[0];
            long lastSeq = (Long) list.get(list.size() - 1)[1];
            if (list.size() == 1) {
                expected.add(text(last, last.kind(), lastSeq));
                return;
            }
            Long sum = null;
            Object s = null;
            Object ts = null;
            for (Object[] rec : list) {
                GenericRow row = (GenericRow) rec[0];
                Long n = (Long) row.get(1);
                if (row.kind().isAdd()) {
                    sum = sum == null ? n : n == null ? sum : Long.valueOf(sum + n);
                    s = row.get(2);
                    ts = row.get(3);
                } else {
                    sum = sum == null ? (n == null ? null : Long.valueOf(-n)) : n == null ? sum : Long.valueOf(sum - n);
                    s = null;
                    ts = null;
                }
            }
            expected.add(text(GenericRow.of(key, sum, s, ts), RowKind.INSERT, lastSeq));
        });
        assertThat(drain(buffer)).isEqualTo(expected);
    }

    /** Paimon's write buffer sorts sequence fields ascending even on a descending table (see VersionOrder). */
    @Test
    void withinOneBufferTheGreatestSequenceFieldIsNewestWhateverTheSortOrder() throws IOException {
        WriteBuffer buffer = buffer(schema("sequence.field", "ts", "sequence.field.sort-order", "descending"),
                new MemoryBudget(1 << 20));
        buffer.add(GenericRow.of(1, 1L, Utf8String.fromString("a"), 1), 0, RowKind.INSERT);
        buffer.add(GenericRow.of(1, 2L, Utf8String.fromString("b"), 5), 1, RowKind.INSERT);
        buffer.add(GenericRow.of(1, 3L, Utf8String.fromString("c"), 3), 2, RowKind.INSERT);
        buffer.add(GenericRow.of(2, 4L, Utf8String.fromString("d"), 5), 3, RowKind.INSERT);
        buffer.spill();
        buffer.add(GenericRow.of(2, 5L, Utf8String.fromString("e"), 1), 4, RowKind.DELETE);
        assertThat(drain(buffer)).containsExactly("+I 1 1, 2, b, 5", "+I 3 2, 4, d, 5");
    }

    @Test
    void ignoreUpdateBeforeDropsOnlyUpdateBeforeRecords() throws IOException {
        WriteBuffer buffer = buffer(schema("ignore-update-before", "true"), new MemoryBudget(1 << 20));
        buffer.add(GenericRow.of(1, 1L, Utf8String.fromString("a"), 1), 0, RowKind.INSERT);
        buffer.add(GenericRow.of(1, 1L, Utf8String.fromString("a"), 1), 1, RowKind.UPDATE_BEFORE);
        buffer.add(GenericRow.of(2, 1L, Utf8String.fromString("a"), 1), 2, RowKind.INSERT);
        buffer.add(GenericRow.of(2, 1L, Utf8String.fromString("a"), 1), 3, RowKind.DELETE);
        assertThat(drain(buffer)).containsExactly("+I 0 1, 1, a, 1", "-D 3 2, 1, a, 1");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            // options | kind | fragments of the message
            "merge-engine=first-row|DELETE|Table t;'first-row';'ignore-delete'",
            "merge-engine=first-row|UPDATE_BEFORE|Table t;'first-row';'ignore-delete'",
            "merge-engine=partial-update|DELETE|Table t;'partial-update';'partial-update.remove-record-on-delete';'fields.<field>.sequence-group'",
            "merge-engine=aggregation,fields.s.aggregate-function=listagg|UPDATE_BEFORE|Table t;column 's';'listagg';'fields.s.aggregate-function';'fields.s.ignore-retract'",
            "merge-engine=aggregation,fields.default-aggregate-function=max|DELETE|Table t;'max';'fields.default-aggregate-function';'aggregation.remove-record-on-delete'",
            "merge-engine=aggregation,fields.s.aggregate-function=max,aggregation.remove-record-on-delete=true|UPDATE_BEFORE|column 's';'fields.s.aggregate-function';'ignore-update-before'",
            "merge-engine=partial-update,fields.ts.sequence-group=s,fields.s.aggregate-function=max|DELETE|column 's';'max';'fields.s.ignore-retract'"})
    void retractionsTheMergeCannotTakeAreRejectedWhenBuffered(String options, RowKind kind, String fragments) {
        List<String> keyValues = new ArrayList<>();
        for (String kv : options.split(",")) {
            keyValues.addAll(List.of(kv.split("=")));
        }
        WriteBuffer buffer = buffer(schema(keyValues.toArray(new String[0])), new MemoryBudget(1 << 20));
        buffer.add(GenericRow.of(1, 1L, Utf8String.fromString("a"), 1), 0, RowKind.INSERT);
        var thrown = assertThatThrownBy(() -> buffer.add(GenericRow.of(1, 1L, Utf8String.fromString("a"), 1), 1, kind))
                .isInstanceOf(IllegalArgumentException.class);
        for (String fragment : fragments.split(";")) {
            thrown.hasMessageContaining(fragment);
        }
        assertThat(buffer.size()).isEqualTo(1);
    }

    @Test
    void retractionsTheMergeCanTakeAreBuffered() throws IOException {
        WriteBuffer removeOnDelete = buffer(schema("merge-engine", "aggregation", "fields.s.aggregate-function", "max",
                "aggregation.remove-record-on-delete", "true"), new MemoryBudget(1 << 20));
        removeOnDelete.add(GenericRow.of(1, 1L, Utf8String.fromString("a"), 1), 0, RowKind.INSERT);
        removeOnDelete.add(GenericRow.of(1, 2L, Utf8String.fromString("b"), 2), 1, RowKind.DELETE);
        assertThat(drain(removeOnDelete)).containsExactly("-D 1 1, 2, b, 2");
        WriteBuffer partial = buffer(schema("merge-engine", "partial-update", "partial-update.remove-record-on-delete", "true"),
                new MemoryBudget(1 << 20));
        partial.add(GenericRow.of(1, 1L, Utf8String.fromString("a"), 1), 0, RowKind.INSERT);
        partial.add(GenericRow.of(1, null, null, 7), 1, RowKind.UPDATE_AFTER);
        partial.add(GenericRow.of(2, 1L, Utf8String.fromString("a"), 1), 2, RowKind.INSERT);
        partial.add(GenericRow.of(2, 1L, null, null), 3, RowKind.DELETE);
        assertThat(drain(partial)).containsExactly("+I 1 1, 1, a, 7", "-D 3 2, 1, null, null");
    }
}
