package io.strata.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.oracle.PaimonTypes;
import io.strata.oracle.PaimonValues;
import io.strata.oracle.RandomRows;
import io.strata.oracle.Rows;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.paimon.codegen.CodeGenUtils;
import org.apache.paimon.codegen.RecordComparator;
import org.junit.jupiter.api.Test;

/**
 * Strata's key order against Apache Paimon's: the comparator Paimon generates for primary keys
 * ({@code CodeGenUtils.newRecordComparator}, used by its merge tree and sort) must order every pair of
 * keys the same way as {@link RowComparator}, over generic rows and BinaryRows alike, or a merge of
 * files from both would not be sorted.
 */
class RowComparatorTest {

    static List<AtomicType> keyTypes() {
        List<AtomicType> types = new ArrayList<>(RandomRows.atomicTypes());
        types.add(DataTypes.TIME(3));
        return types;
    }

    @Test
    void everyKeyTypeOrdersAsPaimon() {
        long seed = 3;
        for (AtomicType t : keyTypes()) {
            RowType type = RowType.of(new DataField(0, "k", t));
            checkPairs(type, new RandomRows(seed++).nullRate(0.1), 5000);
        }
    }

    @Test
    void multiColumnKeysOrderAsPaimon() {
        Random random = new Random(5);
        List<AtomicType> types = keyTypes();
        for (int combination = 0; combination < 20; combination++) {
            List<DataField> fields = new ArrayList<>();
            int columns = 2 + random.nextInt(3);
            for (int i = 0; i < columns; i++) {
                // Few distinct values per column, so that later columns decide often.
                fields.add(new DataField(i, "k" + i, i == 0 ? DataTypes.BOOLEAN() : types.get(random.nextInt(types.size()))));
            }
            checkPairs(new RowType(fields), new RandomRows(random.nextLong()).nullRate(0.2), 3000);
        }
    }

    @Test
    void stringsAndBinaryCompareAsUnsignedBytes() {
        RowType type = RowType.of(new DataField(0, "s", DataTypes.STRING()));
        // 'é' (0xC3 0xA9) sorts after 'z' (0x7A) as unsigned bytes though Java's signed bytes say otherwise;
        // U+FFFD (EF BF BD) sorts before U+1F600 (F0 9F 98 80) although its UTF-16 char is larger.
        String[] ordered = {"", "A", "Z", "a", "ab", "abcdefgh", "z", "é", "中", "\uFFFD", "😀"};
        RowComparator comparator = RowComparator.of(type);
        for (int i = 0; i + 1 < ordered.length; i++) {
            GenericRow a = GenericRow.of(Utf8String.fromString(ordered[i]));
            GenericRow b = GenericRow.of(Utf8String.fromString(ordered[i + 1]));
            assertThat(comparator.compare(a, b)).as("%s < %s", ordered[i], ordered[i + 1]).isNegative();
            assertThat(comparator.compare(b, a)).isPositive();
            assertThat(paimonSign(type, a, b)).isNegative();
        }
        RowType binary = RowType.of(new DataField(0, "b", DataTypes.BYTES()));
        GenericRow low = GenericRow.of((Object) new byte[] {0x7f});
        GenericRow high = GenericRow.of((Object) new byte[] {(byte) 0x80});
        assertThat(RowComparator.of(binary).compare(low, high)).isNegative();
        assertThat(paimonSign(binary, low, high)).isNegative();
    }

    @Test
    void floatingKeysCompareLikePaimonsPrimitiveOperators() {
        RowType type = RowType.of(new DataField(0, "d", DataTypes.DOUBLE()));
        RowComparator comparator = RowComparator.of(type);
        // Paimon: -0.0 equals 0.0 and NaN equals every value (not Double.compare's total order).
        double[][] pairs = {{-0.0, 0.0}, {Double.NaN, 1.0}, {Double.NaN, Double.NEGATIVE_INFINITY}, {Double.NaN, Double.NaN}};
        for (double[] pair : pairs) {
            GenericRow a = GenericRow.of(pair[0]);
            GenericRow b = GenericRow.of(pair[1]);
            assertThat(paimonSign(type, a, b)).as("Paimon %s vs %s", pair[0], pair[1]).isZero();
            assertThat(comparator.compare(a, b)).as("Strata %s vs %s", pair[0], pair[1]).isZero();
        }
        assertThat(comparator.compare(GenericRow.of(-1.0), GenericRow.of(-0.0))).isNegative();
    }

    @Test
    void nullsComeFirst() {
        RowType type = RowType.of(new DataField(0, "k", DataTypes.INT()), new DataField(1, "v", DataTypes.STRING()));
        GenericRow nullKey = GenericRow.of(null, Utf8String.fromString("a"));
        GenericRow minKey = GenericRow.of(Integer.MIN_VALUE, Utf8String.fromString("a"));
        assertThat(RowComparator.of(type).compare(nullKey, minKey)).isNegative();
        assertThat(paimonSign(type, nullKey, minKey)).isNegative();
        assertThat(RowComparator.of(type).compare(nullKey, GenericRow.of(null, Utf8String.fromString("a")))).isZero();
    }

    @Test
    void nestedTypesAreRejectedNamingTheType() {
        assertThatThrownBy(() -> RowComparator.of(List.of(DataTypes.ARRAY(DataTypes.INT()))))
                .hasMessageContaining("ARRAY<INT>");
    }

    private static void checkPairs(RowType type, RandomRows random, int pairs) {
        RecordComparator paimon = CodeGenUtils.newRecordComparator(PaimonTypes.toPaimon(type).getFieldTypes());
        RowComparator strata = RowComparator.of(type);
        List<GenericRow> pool = random.rows(type, 64);
        for (int i = 0; i < pairs; i++) {
            // Half the pairs from a small pool, so that equal values and equal prefixes are common.
            GenericRow a = i % 2 == 0 ? pool.get(random.random().nextInt(pool.size())) : random.row(type);
            GenericRow b = pool.get(random.random().nextInt(pool.size()));
            int expected = Integer.signum(paimon.compare(PaimonValues.toPaimonRow(a, type), PaimonValues.toPaimonRow(b, type)));
            BinaryRow binaryA = BinaryRowWriter.toBinaryRow(a, type);
            BinaryRow binaryB = BinaryRowWriter.toBinaryRow(b, type);
            int generic = Integer.signum(strata.compare(a, b));
            int binary = Integer.signum(strata.compare(binaryA, binaryB));
            if (generic != expected || binary != expected) {
                String what = Rows.values(a, type) + " vs " + Rows.values(b, type) + " of " + type;
                assertThat(generic).as("generic rows %s", what).isEqualTo(expected);
                assertThat(binary).as("binary rows %s", what).isEqualTo(expected);
            }
        }
    }

    private static int paimonSign(RowType type, GenericRow a, GenericRow b) {
        RecordComparator paimon = CodeGenUtils.newRecordComparator(PaimonTypes.toPaimon(type).getFieldTypes());
        return Integer.signum(paimon.compare(PaimonValues.toPaimonRow(a, type), PaimonValues.toPaimonRow(b, type)));
    }
}
