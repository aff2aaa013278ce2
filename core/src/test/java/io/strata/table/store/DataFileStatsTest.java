package io.strata.table.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.Decimal;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.format.FieldStats;
import io.strata.format.FileFormat;
import io.strata.manifest.SimpleStats;
import io.strata.oracle.PaimonTypes;
import io.strata.oracle.PaimonValues;
import io.strata.schema.StatsMode;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.format.SimpleColStats;
import org.apache.paimon.stats.SimpleStatsConverter;
import org.apache.paimon.statistics.SimpleColStatsCollector;
import org.apache.paimon.utils.Pair;
import org.junit.jupiter.api.Test;

/**
 * How a column's statistics are cut to its mode, and the bytes of the key and value statistics in both layouts,
 * against Paimon 1.4.2's collectors and {@code SimpleStatsConverter}.
 */
class DataFileStatsTest {

    private static final String MAX_CODE_POINT = new String(Character.toChars(Character.MAX_CODE_POINT));

    private static final List<String> STRINGS = List.of("", "a", "abc", "abcd", "abcde", "abcdefghijklmnopq",
            "zzzz" + MAX_CODE_POINT, "ab" + MAX_CODE_POINT + MAX_CODE_POINT + "x", MAX_CODE_POINT.repeat(6),
            "éèêëē", "日本語のテキスト", "a😀b😀c😀", "😀😀😀😀😀😀");

    @Test
    void stringsAreCutAsPaimonCutsThem() {
        for (String text : STRINGS) {
            for (String mode : List.of("none", "counts", "full", "truncate(1)", "truncate(2)", "truncate(4)",
                    "truncate(16)")) {
                DataFileStats.ColumnStats strata = DataFileStats.convert(
                        new DataFileStats.ColumnStats(Utf8String.fromString(text), Utf8String.fromString(text), 3L),
                        StatsMode.parse(mode));
                SimpleColStats paimon = SimpleColStatsCollector.from(mode).create().convert(
                        new SimpleColStats(BinaryString.fromString(text), BinaryString.fromString(text), 3L));
                assertThat(text(strata.min())).as(text + " " + mode).isEqualTo(text(paimon.min()));
                assertThat(text(strata.max())).as(text + " " + mode).isEqualTo(text(paimon.max()));
                assertThat(strata.nullCount()).as(text + " " + mode).isEqualTo(paimon.nullCount());
            }
        }
    }

    /**
     * The one difference: when the last kept code point is U+D7FF, Paimon's increment is a lone surrogate, which
     * its UTF-8 encoder writes as '?', a "maximum" below the value; Strata increments the code point before it.
     */
    @Test
    void aMaximumEndingBeforeTheSurrogatesStillBoundsTheValue() {
        String text = "ab\uD7FFcd";
        SimpleColStats paimon = SimpleColStatsCollector.from("truncate(3)").create().convert(
                new SimpleColStats(BinaryString.fromString(text), BinaryString.fromString(text), 0L));
        assertThat(paimon.max().toString()).isEqualTo("ab?");
        DataFileStats.ColumnStats strata = DataFileStats.convert(new DataFileStats.ColumnStats(
                Utf8String.fromString(text), Utf8String.fromString(text), 0L), StatsMode.truncate(3));
        assertThat(strata.max()).isEqualTo(Utf8String.fromString("ac"));
        assertThat(((Utf8String) strata.max()).compareTo(Utf8String.fromString(text))).isPositive();
    }

    private static String text(Object value) {
        return value == null ? null : value.toString();
    }

    /** Every layout's bytes are Paimon's, none columns (null values of non-compact types) included. */
    @Test
    void layoutsArePaimons() {
        RowType type = new RowType(List.of(
                new DataField(0, "i", DataTypes.INT()),
                new DataField(1, "s", DataTypes.STRING()),
                new DataField(2, "d", DataTypes.DECIMAL(38, 10)),
                new DataField(3, "t", DataTypes.TIMESTAMP(9)),
                new DataField(4, "d2", DataTypes.DECIMAL(10, 2)),
                new DataField(5, "b", DataTypes.BYTES())));
        FieldStats[] raw = {
                new FieldStats(1, 9, 0),
                new FieldStats(Utf8String.fromString("apple-and-more"), Utf8String.fromString("pear-and-more"), 2),
                new FieldStats(Decimal.fromBigDecimal(new BigDecimal("-1.5"), 38, 10),
                        Decimal.fromBigDecimal(new BigDecimal("12345.0000000001"), 38, 10), 1),
                new FieldStats(Timestamp.of(5, 123), Timestamp.of(99, 7), 0),
                new FieldStats(Decimal.fromBigDecimal(new BigDecimal("1.25"), 10, 2),
                        Decimal.fromBigDecimal(new BigDecimal("2.50"), 10, 2), 4),
                new FieldStats(null, null, 1)};
        List<StatsMode[]> modeSets = List.of(
                modes("full", "truncate(3)", "none", "none", "counts", "none"),
                modes("none", "none", "none", "none", "none", "none"),
                modes("truncate(16)", "truncate(16)", "truncate(16)", "truncate(16)", "truncate(16)", "truncate(16)"),
                modes("none", "full", "full", "counts", "none", "full"));
        for (StatsMode[] modes : modeSets) {
            DataFileStats.ColumnStats[] strata = DataFileStats.convert(raw, type, modes, FileFormat.ORC);
            SimpleColStats[] paimon = new SimpleColStats[raw.length];
            boolean allNone = true;
            for (int i = 0; i < raw.length; i++) {
                allNone &= modes[i].kind() == StatsMode.Kind.NONE;
            }
            for (int i = 0; i < raw.length; i++) {
                SimpleColStats source = new SimpleColStats(PaimonValues.toPaimon(raw[i].min(), type.typeAt(i)),
                        PaimonValues.toPaimon(raw[i].max(), type.typeAt(i)), raw[i].nullCount());
                paimon[i] = allNone ? SimpleColStats.NONE
                        : SimpleColStatsCollector.from(modes[i].toString()).create().convert(source);
            }
            for (boolean dense : List.of(true, false)) {
                Pair<List<String>, org.apache.paimon.stats.SimpleStats> expected =
                        new SimpleStatsConverter(PaimonTypes.toPaimon(type), dense).toBinary(paimon);
                DataFileStats.ValueStats actual = DataFileStats.valueStats(strata, type, dense);
                String as = List.of(modes) + (dense ? " dense" : " all columns");
                assertThat(actual.columns()).as(as).isEqualTo(expected.getLeft());
                assertSameBytes(actual.stats(), expected.getRight(), as);
            }
            assertSameBytes(DataFileStats.allColumns(strata, type),
                    new SimpleStatsConverter(PaimonTypes.toPaimon(type)).toBinaryAllMode(paimon), "key layout");
        }
    }

    private static StatsMode[] modes(String... modes) {
        List<StatsMode> out = new ArrayList<>();
        for (String m : modes) {
            out.add(StatsMode.parse(m));
        }
        return out.toArray(StatsMode[]::new);
    }

    private static void assertSameBytes(SimpleStats strata, org.apache.paimon.stats.SimpleStats paimon, String as) {
        assertThat(strata.minValues().toBytes()).as(as + " min").isEqualTo(paimon.minValues().toBytes());
        assertThat(strata.maxValues().toBytes()).as(as + " max").isEqualTo(paimon.maxValues().toBytes());
        Long[] nullCounts = new Long[paimon.nullCounts().size()];
        for (int i = 0; i < nullCounts.length; i++) {
            nullCounts[i] = paimon.nullCounts().isNullAt(i) ? null : paimon.nullCounts().getLong(i);
        }
        assertThat(strata.nullCounts()).as(as + " null counts").containsExactly(nullCounts);
    }
}
