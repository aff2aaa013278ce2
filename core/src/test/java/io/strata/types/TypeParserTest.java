package io.strata.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.oracle.PaimonTypes;
import java.util.ArrayList;
import java.util.List;
import org.apache.paimon.types.DataTypeJsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Type strings against Apache Paimon: Strata prints every type exactly as Paimon's
 * {@code DataType.asSQLString()} does (the schema-file form), parses what it prints back to the same
 * type, parses Paimon's atomic type strings to the types Paimon's own parser makes, and names the
 * input in every error.
 */
class TypeParserTest {

    /** Every atomic type with boundary parameters, each nullable and NOT NULL. */
    static List<DataType> atomicTypes() {
        List<DataType> types = new ArrayList<>();
        types.add(DataTypes.BOOLEAN());
        types.add(DataTypes.TINYINT());
        types.add(DataTypes.SMALLINT());
        types.add(DataTypes.INT());
        types.add(DataTypes.BIGINT());
        types.add(DataTypes.FLOAT());
        types.add(DataTypes.DOUBLE());
        types.add(DataTypes.DATE());
        for (int[] ps : new int[][] {{1, 0}, {1, 1}, {10, 2}, {18, 18}, {19, 0}, {38, 4}, {38, 38}}) {
            types.add(DataTypes.DECIMAL(ps[0], ps[1]));
        }
        for (int length : new int[] {1, 7, 255, AtomicType.MAX_LENGTH - 1, AtomicType.MAX_LENGTH}) {
            types.add(DataTypes.CHAR(length));
            types.add(DataTypes.VARCHAR(length));
            types.add(DataTypes.BINARY(length));
            types.add(DataTypes.VARBINARY(length));
        }
        for (int p = 0; p <= 9; p++) {
            types.add(DataTypes.TIME(p));
            types.add(DataTypes.TIMESTAMP(p));
            types.add(DataTypes.TIMESTAMP_LTZ(p));
        }
        List<DataType> both = new ArrayList<>(types);
        for (DataType t : types) {
            both.add(t.withNullable(false));
        }
        return both;
    }

    /** Nested types over atomic ones, with nullability at every level. Row field ids are positions. */
    static List<DataType> nestedTypes() {
        DataType string = DataTypes.STRING();
        DataType notNullInt = DataTypes.INT().withNullable(false);
        RowType inner = new RowType(List.of(
                new DataField(0, "x", DataTypes.DECIMAL(38, 4)),
                new DataField(1, "y y", DataTypes.ARRAY(DataTypes.TIMESTAMP(9).withNullable(false)))));
        List<DataType> types = new ArrayList<>();
        types.add(DataTypes.ARRAY(notNullInt));
        types.add(DataTypes.ARRAY(string).withNullable(false));
        types.add(DataTypes.MAP(string.withNullable(false), DataTypes.ARRAY(DataTypes.BYTES())));
        types.add(DataTypes.MAP(notNullInt, inner).withNullable(false));
        types.add(new MultisetType(string, true));
        types.add(new MultisetType(notNullInt, false));
        types.add(inner);
        types.add(inner.withNullable(false));
        types.add(new RowType(List.of(
                new DataField(0, "a", inner),
                new DataField(1, "MAP", DataTypes.MAP(DataTypes.DATE(), new MultisetType(DataTypes.CHAR(3), true))),
                new DataField(2, "中文", DataTypes.TIMESTAMP_LTZ(3).withNullable(false)))));
        types.add(DataTypes.ARRAY(DataTypes.ARRAY(DataTypes.ARRAY(DataTypes.TIME(3)))));
        return types;
    }

    static List<DataType> allTypes() {
        List<DataType> all = new ArrayList<>(atomicTypes());
        all.addAll(nestedTypes());
        return all;
    }

    @Test
    void printsEveryTypeAsPaimonDoes() {
        for (DataType t : allTypes()) {
            assertThat(t.asSqlString()).as("type %s", t).isEqualTo(PaimonTypes.toPaimon(t).asSQLString());
        }
    }

    @Test
    void parsesWhatItPrints() {
        for (DataType t : allTypes()) {
            assertThat(TypeParser.parse(t.asSqlString())).as("parse of %s", t.asSqlString()).isEqualTo(t);
        }
    }

    @Test
    void parsesPaimonsPrintedTypesToTheSameTypes() {
        for (DataType t : atomicTypes()) {
            String paimonText = PaimonTypes.toPaimon(t).asSQLString();
            assertThat(TypeParser.parse(paimonText)).as("parse of %s", paimonText).isEqualTo(t);
        }
    }

    /** Spellings Paimon's own parser accepts, with defaults for omitted parameters. */
    @ParameterizedTest
    @ValueSource(strings = {
        "INT", "INTEGER", "int", "Integer NOT NULL", "BIGINT NULL", "TINYINT", "SMALLINT", "BOOLEAN", "FLOAT", "DOUBLE",
        "DOUBLE PRECISION", "DATE", "DECIMAL", "DECIMAL(5)", "DECIMAL(38, 10)", "NUMERIC(9,3)", "DEC(4, 1)",
        "CHAR", "CHAR(3)", "VARCHAR(20)", "STRING", "STRING NOT NULL", "BINARY", "BINARY(8)", "VARBINARY(9)", "BYTES",
        "TIME", "TIME(3)", "TIMESTAMP", "TIMESTAMP(3)", "TIMESTAMP(9) NOT NULL", "TIMESTAMP(6) WITH LOCAL TIME ZONE",
        "TIMESTAMP WITH LOCAL TIME ZONE", "TIMESTAMP_LTZ(3)", "TIMESTAMP(3) WITHOUT TIME ZONE", "  INT  "
    })
    void parsesAtomicSpellingsAsPaimonDoes(String text) {
        org.apache.paimon.types.DataType paimon = DataTypeJsonParser.parseAtomicTypeSQLString(text);
        assertThat(TypeParser.parse(text)).as("parse of '%s'", text).isEqualTo(PaimonTypes.toStrata(paimon));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "", "FOO", "INT NOT", "DECIMAL(40, 2)", "DECIMAL(5, 6)", "DECIMAL(0)", "VARCHAR(0)", "CHAR(0)", "TIMESTAMP(10)",
        "TIME(12)", "ARRAY<INT", "ARRAY<>", "MAP<INT>", "MAP<INT, STRING", "ROW<`a INT>", "ROW<a>", "INT)", "DECIMAL(5,",
        "VARCHAR(abc)", "MULTISET<>", "DECIMAL(99999999999)"
    })
    void errorsNameTheInput(String text) {
        assertThatThrownBy(() -> TypeParser.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + text + "'");
    }

    /** Parameter bounds: what Paimon's parser accepts Strata accepts, what it rejects Strata rejects. */
    @ParameterizedTest
    @ValueSource(strings = {
        "DECIMAL(1, 0)", "DECIMAL(38, 38)", "DECIMAL(39, 0)", "DECIMAL(0, 0)", "DECIMAL(5, 6)", "TIME(0)", "TIME(9)",
        "TIME(10)", "TIMESTAMP(0)", "TIMESTAMP(9)", "TIMESTAMP(10)", "TIMESTAMP(10) WITH LOCAL TIME ZONE",
        "CHAR(1)", "CHAR(0)", "VARCHAR(1)", "VARCHAR(0)", "BINARY(0)", "VARBINARY(0)", "VARCHAR(2147483647)"
    })
    void acceptsTheParametersPaimonAccepts(String text) {
        boolean paimonAccepts;
        try {
            DataTypeJsonParser.parseAtomicTypeSQLString(text);
            paimonAccepts = true;
        } catch (RuntimeException e) {
            paimonAccepts = false;
        }
        if (paimonAccepts) {
            assertThat(TypeParser.parse(text)).isEqualTo(PaimonTypes.toStrata(DataTypeJsonParser.parseAtomicTypeSQLString(text)));
        } else {
            assertThatThrownBy(() -> TypeParser.parse(text)).hasMessageContaining("'" + text + "'");
        }
    }

    @Test
    void parsesPaimonsEscapedBackticksInFieldNames() {
        RowType type = new RowType(List.of(new DataField(0, "a`b", DataTypes.INT()), new DataField(1, "`", DataTypes.INT())));
        String paimonText = PaimonTypes.toPaimon(type).asSQLString();
        assertThat(paimonText).isEqualTo("ROW<`a``b` INT, ```` INT>");
        assertThat(TypeParser.parse(paimonText)).isEqualTo(type);
    }

    @Test
    void rowFieldsGetPositionalIdsAndKeepTheirNames() {
        RowType row = (RowType) TypeParser.parse("ROW<`a b` INT NOT NULL, c ARRAY<ROW<`d` STRING>>>");
        assertThat(row.fieldNames()).containsExactly("a b", "c");
        assertThat(row.field(0).id()).isZero();
        assertThat(row.field(1).id()).isEqualTo(1);
        assertThat(row.typeAt(0)).isEqualTo(DataTypes.INT().withNullable(false));
        assertThat(row.typeAt(1).asSqlString()).isEqualTo("ARRAY<ROW<`d` STRING>>");
    }
}
