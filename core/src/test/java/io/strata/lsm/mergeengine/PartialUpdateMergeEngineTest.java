package io.strata.lsm.mergeengine;

import static io.strata.types.DataTypes.BIGINT;
import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.INT;
import static io.strata.types.DataTypes.STRING;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The partial-update merge engine read by Strata equals Paimon's read and the model below, over many
 * commits of overlapping sorted runs with and without full compaction between them: plain non-null
 * overwrites; deletes ignored; deletes removing the row; and a wide table fed by two sources that write
 * disjoint column groups, each with its own out-of-order sequence field (one group aggregating a sum),
 * with retractions, and with {@code partial-update.remove-record-on-sequence-group}.
 */
class PartialUpdateMergeEngineTest {

    @TempDir
    Path warehouse;

    enum Variant { PLAIN, PLAIN_SEQUENCE_FIELD, IGNORE_DELETE, REMOVE_ON_DELETE, TWO_SOURCES, TWO_SOURCES_RETRACT, TWO_SOURCES_REMOVE_ON_GROUP }

    static final RowType TYPE = new RowType(List.of(
            FIELD(0, "k", INT().withNullable(false)),
            FIELD(1, "ts1", BIGINT()),
            FIELD(2, "a1", STRING()),
            FIELD(3, "a2", INT()),
            FIELD(4, "b1", STRING()),
            FIELD(5, "b2", INT()),
            FIELD(6, "bsum", BIGINT()),
            FIELD(7, "ts2", INT()),
            FIELD(8, "c", INT())));
    static final int TS1 = 1;
    static final int TS2 = 7;
    static final int BSUM = 6;

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (String format : List.of("orc", "parquet")) {
            for (Variant v : Variant.values()) {
                out.add(Arguments.of(format, v));
            }
        }
        return out.stream();
    }

    static boolean grouped(Variant v) {
        return v.name().startsWith("TWO_SOURCES");
    }

    static Map<String, String> options(String format, Variant variant) {
        Map<String, String> o = new HashMap<>();
        o.put("merge-engine", "partial-update");
        o.put("bucket", "2");
        o.put("file.format", format);
        o.put("num-sorted-run.compaction-trigger", "50");
        o.put("num-sorted-run.stop-trigger", "100");
        switch (variant) {
            case IGNORE_DELETE -> o.put("ignore-delete", "true");
            case REMOVE_ON_DELETE -> o.put("partial-update.remove-record-on-delete", "true");
            case PLAIN -> { }
            case PLAIN_SEQUENCE_FIELD -> o.put("sequence.field", "c");
            default -> {
                o.put("fields.ts1.sequence-group", "a1,a2");
                o.put("fields.ts2.sequence-group", "b1,b2,bsum");
                o.put("fields.bsum.aggregate-function", "sum");
                if (variant == Variant.TWO_SOURCES_REMOVE_ON_GROUP) {
                    o.put("partial-update.remove-record-on-sequence-group", "ts1");
                }
            }
        }
        return o;
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void strataReadsLikePaimonAndTheModel(String format, Variant variant) throws Exception {
        Map<String, String> options = options(format, variant);
        Random random = new Random(format.hashCode() * 17L + variant.ordinal());
        try (MergeEngineHarness h = new MergeEngineHarness(warehouse, "pu", TYPE, 0, options, new Model(variant))) {
            for (int c = 0; c < 11; c++) {
                h.write(commit(h, random, variant));
                if (c % 5 == 4) {
                    h.compact();
                }
                if (c % 2 == 1 || c == 10) {
                    List<String> expected = h.expected();
                    assertThat(h.paimonRows()).as("Paimon vs model after commit %s", c).isEqualTo(expected);
                    assertThat(h.strataRows()).as("Strata after commit %s", c).isEqualTo(expected);
                }
            }
            assertThat(h.expected()).hasSizeGreaterThan(15);
        }
    }

    private static <T> T maybe(Random r, T value) {
        return r.nextInt(4) == 0 ? null : value;
    }

    private static List<GenericRow> commit(MergeEngineHarness h, Random r, Variant variant) {
        List<Object> live = h.liveKeys();
        List<GenericRow> rows = new ArrayList<>();
        String[] strings = {"a", "b", "", "ü", "long-ish value"};
        for (int k = 0; k < 40; k++) {
            if (r.nextInt(4) == 0) {
                continue;
            }
            Object[] v = new Object[TYPE.fieldCount()];
            v[0] = k;
            boolean sourceA = r.nextBoolean();
            if (!grouped(variant) || sourceA) {
                v[TS1] = maybe(r, (long) r.nextInt(20));
                v[2] = maybe(r, Utf8String.fromString(strings[r.nextInt(strings.length)]));
                v[3] = maybe(r, r.nextInt(100));
            }
            if (!grouped(variant) || !sourceA) {
                v[4] = maybe(r, Utf8String.fromString(strings[r.nextInt(strings.length)]));
                v[5] = maybe(r, r.nextInt(100));
                v[BSUM] = maybe(r, (long) r.nextInt(50));
                v[TS2] = maybe(r, r.nextInt(20));
            }
            v[8] = maybe(r, r.nextInt(100));
            RowKind kind = RowKind.INSERT;
            if (live.contains(k)) {
                int x = r.nextInt(10);
                kind = switch (variant) {
                    case PLAIN, PLAIN_SEQUENCE_FIELD -> RowKind.UPDATE_AFTER;
                    case IGNORE_DELETE, REMOVE_ON_DELETE -> x < 6 ? RowKind.UPDATE_AFTER : x < 8 ? RowKind.UPDATE_BEFORE : RowKind.DELETE;
                    case TWO_SOURCES -> RowKind.UPDATE_AFTER;
                    case TWO_SOURCES_RETRACT, TWO_SOURCES_REMOVE_ON_GROUP ->
                            x < 6 ? RowKind.UPDATE_AFTER : x < 8 ? RowKind.UPDATE_BEFORE : RowKind.DELETE;
                };
            }
            rows.add(new GenericRow(kind, v));
        }
        return rows;
    }

    /** Partial-update semantics, stated independently of the production code. */
    static final class Model implements MergeEngineHarness.Model {

        private final Variant variant;

        Model(Variant variant) {
            this.variant = variant;
        }

        /** The sequence field of a field's group, or -1. */
        private int groupTs(int i) {
            if (!grouped(variant)) {
                return -1;
            }
            return switch (i) {
                case TS1, 2, 3 -> TS1;
                case 4, 5, BSUM, TS2 -> TS2;
                default -> -1;
            };
        }

        private static int compare(Object a, Object b) {
            if (a == null || b == null) {
                return a == null ? (b == null ? 0 : -1) : 1;
            }
            return a instanceof Long x ? Long.compare(x, (Long) b) : Integer.compare((Integer) a, (Integer) b);
        }

        private static Object sum(Object a, Object b) {
            return a == null || b == null ? (a == null ? b : a) : (Object) ((Long) a + (Long) b);
        }

        private static Object sumRetract(Object acc, Object x) {
            if (acc == null || x == null) {
                return acc != null ? acc : x == null ? null : (Object) (-(Long) x);
            }
            return (Long) acc - (Long) x;
        }

        @Override
        public GenericRow merge(List<GenericRow> records) {
            if (variant == Variant.PLAIN_SEQUENCE_FIELD) {
                // Records are merged in the order of sequence.field (nulls first), then of writing.
                records = new ArrayList<>(records);
                records.sort((x, y) -> compare(x.get(8), y.get(8)));
            }
            Object[] row = new Object[TYPE.fieldCount()];
            boolean filled = false;
            boolean meetInsert = false;
            boolean deleted = false;
            for (GenericRow rec : records) {
                deleted = false;
                if (!rec.kind().isAdd()) {
                    if (!filled) {
                        copy(rec, row);
                        filled = true;
                    }
                    if (variant == Variant.IGNORE_DELETE) {
                        continue;
                    }
                    if (grouped(variant)) {
                        deleted = retract(rec, row);
                    } else if (variant == Variant.REMOVE_ON_DELETE) {
                        if (rec.kind() == RowKind.DELETE) {
                            deleted = true;
                            copy(rec, row);
                        }
                    } else {
                        throw new IllegalStateException("the generator writes no retractions here");
                    }
                    continue;
                }
                for (int i = 0; i < row.length; i++) {
                    int ts = groupTs(i);
                    Object in = rec.get(i);
                    if (ts < 0) {
                        if (in != null) {
                            row[i] = in;
                        }
                    } else if (rec.get(ts) != null) {
                        if (compare(rec.get(ts), row[ts]) >= 0) {
                            row[i] = i == BSUM ? sum(row[i], in) : in;
                        } else if (i == BSUM) {
                            row[i] = sum(in, row[i]);
                        }
                    }
                }
                meetInsert = true;
                filled = true;
            }
            return new GenericRow(deleted || !meetInsert ? RowKind.DELETE : RowKind.INSERT, row);
        }

        /** Returns true when the record deletes the whole row. */
        private boolean retract(GenericRow rec, Object[] row) {
            for (int i = 0; i < row.length; i++) {
                int ts = groupTs(i);
                if (ts < 0 || rec.get(ts) == null) {
                    continue;
                }
                if (compare(rec.get(ts), row[ts]) >= 0) {
                    if (i == ts) {
                        if (rec.kind() == RowKind.DELETE && variant == Variant.TWO_SOURCES_REMOVE_ON_GROUP && ts == TS1) {
                            copy(rec, row);
                            return true;
                        }
                        row[i] = rec.get(i);
                    } else {
                        row[i] = i == BSUM ? sumRetract(row[i], rec.get(i)) : null;
                    }
                } else if (i == BSUM) {
                    row[i] = sumRetract(row[i], rec.get(i));
                }
            }
            return false;
        }

        private static void copy(GenericRow from, Object[] to) {
            for (int i = 0; i < to.length; i++) {
                to[i] = from.get(i);
            }
        }
    }
}
