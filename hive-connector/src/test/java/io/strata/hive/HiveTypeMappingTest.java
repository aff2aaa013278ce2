package io.strata.hive;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import io.strata.types.MultisetType;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

/** Every Strata type has one Hive type; declared Hive types are checked against it. */
class HiveTypeMappingTest {

    private static final ZoneId ZONE = ZoneId.of("Europe/Berlin");

    private static String hive(DataType type) {
        return HiveTypeMapping.toHiveTypeString(type, ZONE);
    }

    @Test
    void atomicTypes() {
        assertThat(hive(DataTypes.BOOLEAN())).isEqualTo("boolean");
        assertThat(hive(DataTypes.TINYINT())).isEqualTo("tinyint");
        assertThat(hive(DataTypes.SMALLINT())).isEqualTo("smallint");
        assertThat(hive(DataTypes.INT())).isEqualTo("int");
        assertThat(hive(DataTypes.BIGINT())).isEqualTo("bigint");
        assertThat(hive(DataTypes.FLOAT())).isEqualTo("float");
        assertThat(hive(DataTypes.DOUBLE())).isEqualTo("double");
        assertThat(hive(DataTypes.DECIMAL(38, 18))).isEqualTo("decimal(38,18)");
        assertThat(hive(DataTypes.DECIMAL(5, 0))).isEqualTo("decimal(5,0)");
        assertThat(hive(DataTypes.CHAR(255))).isEqualTo("char(255)");
        assertThat(hive(DataTypes.CHAR(256))).isEqualTo("string");
        assertThat(hive(DataTypes.VARCHAR(65535))).isEqualTo("varchar(65535)");
        assertThat(hive(DataTypes.VARCHAR(65536))).isEqualTo("string");
        assertThat(hive(DataTypes.STRING())).isEqualTo("string");
        assertThat(hive(DataTypes.BINARY(4))).isEqualTo("binary");
        assertThat(hive(DataTypes.BYTES())).isEqualTo("binary");
        assertThat(hive(DataTypes.DATE())).isEqualTo("date");
        assertThat(hive(DataTypes.TIME(3))).isEqualTo("string");
        assertThat(hive(DataTypes.TIMESTAMP(9))).isEqualTo("timestamp");
        assertThat(hive(DataTypes.TIMESTAMP_LTZ(6))).isEqualTo("timestamp with local time zone");
    }

    @Test
    void nestedTypes() {
        assertThat(hive(DataTypes.ARRAY(DataTypes.INT()))).isEqualTo("array<int>");
        assertThat(hive(DataTypes.MAP(DataTypes.STRING(), DataTypes.ARRAY(DataTypes.DECIMAL(10, 2)))))
                .isEqualTo("map<string,array<decimal(10,2)>>");
        assertThat(hive(new MultisetType(DataTypes.VARCHAR(5), true))).isEqualTo("map<varchar(5),int>");
        assertThat(hive(DataTypes.ROW(new DataField(1, "Amount", DataTypes.BIGINT()), new DataField(2, "tags",
                DataTypes.ARRAY(DataTypes.STRING()))))).isEqualTo("struct<amount:bigint,tags:array<string>>");
    }

    @Test
    void declaredTypesMatchOnlyTheirOwnType() {
        assertThat(HiveTypeMapping.matches("BIGINT", DataTypes.BIGINT(), ZONE)).isTrue();
        assertThat(HiveTypeMapping.matches("int", DataTypes.BIGINT(), ZONE)).isFalse();
        assertThat(HiveTypeMapping.matches("decimal(10,2)", DataTypes.DECIMAL(10, 2), ZONE)).isTrue();
        assertThat(HiveTypeMapping.matches("decimal(10,3)", DataTypes.DECIMAL(10, 2), ZONE)).isFalse();
        assertThat(HiveTypeMapping.matches("varchar(10)", DataTypes.VARCHAR(10), ZONE)).isTrue();
        assertThat(HiveTypeMapping.matches("string", DataTypes.VARCHAR(10), ZONE)).isFalse();
        assertThat(HiveTypeMapping.matches("timestamp with local time zone", DataTypes.TIMESTAMP_LTZ(3), ZONE)).isTrue();
        assertThat(HiveTypeMapping.matches("struct<a:int>", DataTypes.ROW(new DataField(1, "a", DataTypes.INT())), ZONE)).isTrue();
    }

    @Test
    void declaredHiveTypesMapBackToStrataTypesThatReadAsThemAgain() {
        String[] declared = {"boolean", "tinyint", "smallint", "int", "bigint", "float", "double", "decimal(38,18)",
                "char(10)", "varchar(20)", "string", "binary", "date", "timestamp", "array<int>", "map<string,bigint>",
                "struct<a:int,b:array<string>>"};
        for (String hiveType : declared) {
            DataType strata = HiveTypeMapping.toStrata("c", hiveType);
            assertThat(hive(strata)).as(hiveType).isEqualTo(hiveType);
        }
        assertThat(HiveTypeMapping.toStrata("c", "STRING")).isEqualTo(DataTypes.STRING());
        assertThat(HiveTypeMapping.toStrata("c", "timestamp")).isEqualTo(DataTypes.TIMESTAMP(6));
        assertThat(HiveTypeMapping.toStrata("c", "timestamp with local time zone")).isEqualTo(DataTypes.TIMESTAMP_LTZ(6));
        assertThat(HiveTypeMapping.toStrata("c", "map<string,int>")).isEqualTo(
                DataTypes.MAP(DataTypes.STRING().withNullable(false), DataTypes.INT()));
    }

    @Test
    void aHiveTypeStrataCannotStoreFailsNamingTheColumn() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> HiveTypeMapping.toStrata("u", "uniontype<int,string>"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'u'").hasMessageContaining("uniontype");
    }
}
