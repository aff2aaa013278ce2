package io.strata.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.types.HiveTypeCases.Case;
import org.junit.jupiter.api.Test;

/**
 * The Strata <-> Hive type mapping, both directions, for every type ({@link HiveTypeCases}): each
 * Strata type has its Hive type name, and each Hive type name maps back to a Strata type that has it.
 */
class HiveTypeNamesTest {

    @Test
    void everyStrataTypeHasItsHiveTypeName() {
        for (Case c : HiveTypeCases.ALL) {
            assertThat(HiveTypeNames.of(c.strata())).as(c.strata().asSqlString()).isEqualTo(c.hive());
        }
    }

    @Test
    void everyHiveTypeNameMapsBackToTheDeclaredTypeWhichHasThatName() {
        for (Case c : HiveTypeCases.ALL) {
            DataType declared = HiveTypeNames.toStrata("c", c.hive());
            assertThat(declared).as(c.hive()).isEqualTo(c.declared());
            assertThat(HiveTypeNames.of(declared)).as(c.hive()).isEqualTo(c.hive());
            assertThat(HiveTypeNames.toStrata("c", HiveTypeNames.of(c.strata()))).as(c.hive()).isEqualTo(c.declared());
        }
    }

    @Test
    void hiveTypeNamesAreReadInAnyCaseAndSpacing() {
        assertThat(HiveTypeNames.toStrata("c", "BIGINT")).isEqualTo(DataTypes.BIGINT());
        assertThat(HiveTypeNames.toStrata("c", " Decimal( 10 , 2 ) ")).isEqualTo(DataTypes.DECIMAL(10, 2));
        assertThat(HiveTypeNames.toStrata("c", "STRUCT< A : INT, b:Array< STRING > >")).isEqualTo(DataTypes.ROW(
                DataTypes.FIELD(0, "a", DataTypes.INT()), DataTypes.FIELD(1, "b", DataTypes.ARRAY(DataTypes.STRING()))));
        assertThat(HiveTypeNames.toStrata("c", "Timestamp With Local Time Zone")).isEqualTo(DataTypes.TIMESTAMP_LTZ(6));
    }

    @Test
    void aHiveTypeStrataCannotStoreFailsNamingTheColumnAndTheType() {
        assertThatThrownBy(() -> HiveTypeNames.toStrata("u", "uniontype<int,string>"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Column 'u' has Hive type uniontype<int,string> which Strata tables cannot store");
        assertThatThrownBy(() -> HiveTypeNames.toStrata("s", "struct<a:int,b:array<interval_day_time>>"))
                .hasMessage("Column 's.b' has Hive type interval_day_time which Strata tables cannot store");
        assertThatThrownBy(() -> HiveTypeNames.toStrata("v", "void")).hasMessageContaining("'v'").hasMessageContaining("void");
    }

    @Test
    void textThatIsNoHiveTypeNameFailsNamingTheColumn() {
        for (String text : new String[] {"", "map<int>", "array<int", "int int", "decimal(39,0)", "decimal(5,6)",
                "char(256)", "varchar(0)", "char", "struct<a:int,a:string>", "struct<:int>", "struct<a>"}) {
            assertThatThrownBy(() -> HiveTypeNames.toStrata("x", text)).as(text)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("Column 'x' has Hive type ");
        }
    }

    @Test
    void namesAreLowerCase() {
        assertThat(HiveTypeNames.hiveName("OrderId")).isEqualTo("orderid");
    }
}
