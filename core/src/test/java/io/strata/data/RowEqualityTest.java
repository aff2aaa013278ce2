package io.strata.data;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.util.List;
import org.junit.jupiter.api.Test;

class RowEqualityTest {

    private static final RowType TYPE = new RowType(List.of(
            new DataField(0, "s", DataTypes.STRING()),
            new DataField(1, "d", DataTypes.DOUBLE()),
            new DataField(2, "b", DataTypes.BYTES()),
            new DataField(3, "a", DataTypes.ARRAY(DataTypes.BYTES())),
            new DataField(4, "m", DataTypes.MAP(DataTypes.STRING(), DataTypes.ARRAY(DataTypes.INT()))),
            new DataField(5, "r", DataTypes.ROW(new DataField(6, "x", DataTypes.INT()), new DataField(7, "y",
                    DataTypes.STRING())))));

    private static GenericRow row(String s, double d, byte[] b, byte[][] a, int mapValue, Integer x) {
        GenericArray mapValues = new GenericArray(new Object[] {new GenericArray(new Object[] {1, mapValue})});
        return GenericRow.of(s == null ? null : Utf8String.fromString(s), d, b, new GenericArray((Object[]) a),
                new GenericMap(new GenericArray(new Object[] {Utf8String.fromString("k")}), mapValues),
                GenericRow.of(x, Utf8String.fromString("y")));
    }

    @Test
    void comparesEveryFieldByValueNestedTypesElementByElement() {
        RowEquality equality = new RowEquality(TYPE);
        GenericRow base = row("a", 1.5, new byte[] {1, 2}, new byte[][] {{3}, null}, 7, 1);
        assertThat(equality.equal(base, row("a", 1.5, new byte[] {1, 2}, new byte[][] {{3}, null}, 7, 1))).isTrue();
        assertThat(equality.equal(base, row(null, 1.5, new byte[] {1, 2}, new byte[][] {{3}, null}, 7, 1))).isFalse();
        assertThat(equality.equal(base, row("a", 1.5, new byte[] {1, 3}, new byte[][] {{3}, null}, 7, 1))).isFalse();
        assertThat(equality.equal(base, row("a", 1.5, new byte[] {1, 2}, new byte[][] {{4}, null}, 7, 1))).isFalse();
        assertThat(equality.equal(base, row("a", 1.5, new byte[] {1, 2}, new byte[][] {{3}}, 7, 1))).isFalse();
        assertThat(equality.equal(base, row("a", 1.5, new byte[] {1, 2}, new byte[][] {{3}, null}, 8, 1))).isFalse();
        assertThat(equality.equal(base, row("a", 1.5, new byte[] {1, 2}, new byte[][] {{3}, null}, 7, null))).isFalse();
    }

    @Test
    void floatingPointValuesAreEqualWhenTheirBitsAre() {
        RowEquality equality = new RowEquality(TYPE);
        byte[][] none = new byte[0][];
        assertThat(equality.equal(row("a", Double.NaN, null, none, 1, 1), row("a", Double.NaN, null, none, 1, 1))).isTrue();
        assertThat(equality.equal(row("a", -0.0, null, none, 1, 1), row("a", 0.0, null, none, 1, 1))).isFalse();
    }
}
