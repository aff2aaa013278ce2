package io.strata.types;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Strata types to the Hive type strings the metastore stores, following the Hive connector's mapping. */
class HiveTypeNamesTest {

    @Test
    void primitivesMapToTheirHiveCounterparts() {
        assertThat(HiveTypeNames.of(DataTypes.BOOLEAN())).isEqualTo("boolean");
        assertThat(HiveTypeNames.of(DataTypes.TINYINT())).isEqualTo("tinyint");
        assertThat(HiveTypeNames.of(DataTypes.SMALLINT())).isEqualTo("smallint");
        assertThat(HiveTypeNames.of(DataTypes.INT())).isEqualTo("int");
        assertThat(HiveTypeNames.of(DataTypes.BIGINT())).isEqualTo("bigint");
        assertThat(HiveTypeNames.of(DataTypes.FLOAT())).isEqualTo("float");
        assertThat(HiveTypeNames.of(DataTypes.DOUBLE())).isEqualTo("double");
        assertThat(HiveTypeNames.of(DataTypes.DECIMAL(38, 10))).isEqualTo("decimal(38,10)");
        assertThat(HiveTypeNames.of(DataTypes.DATE())).isEqualTo("date");
        assertThat(HiveTypeNames.of(DataTypes.TIMESTAMP(9))).isEqualTo("timestamp");
        assertThat(HiveTypeNames.of(DataTypes.TIMESTAMP_LTZ(3))).isEqualTo("timestamp with local time zone");
        assertThat(HiveTypeNames.of(DataTypes.BINARY(4))).isEqualTo("binary");
        assertThat(HiveTypeNames.of(DataTypes.BYTES())).isEqualTo("binary");
    }

    @Test
    void lengthsHiveCannotExpressBecomeString() {
        assertThat(HiveTypeNames.of(DataTypes.CHAR(255))).isEqualTo("char(255)");
        assertThat(HiveTypeNames.of(DataTypes.CHAR(256))).isEqualTo("string");
        assertThat(HiveTypeNames.of(DataTypes.VARCHAR(65535))).isEqualTo("varchar(65535)");
        assertThat(HiveTypeNames.of(DataTypes.VARCHAR(65536))).isEqualTo("string");
        assertThat(HiveTypeNames.of(DataTypes.STRING())).isEqualTo("string");
        assertThat(HiveTypeNames.of(DataTypes.TIME(3))).isEqualTo("string");
    }

    @Test
    void nestedTypesNestAndStructFieldsAreLowerCase() {
        RowType inner = new RowType(List.of(DataTypes.FIELD(1, "Street", DataTypes.STRING()),
                DataTypes.FIELD(2, "zip", DataTypes.CHAR(5))), true);
        assertThat(HiveTypeNames.of(DataTypes.ARRAY(inner))).isEqualTo("array<struct<street:string,zip:char(5)>>");
        assertThat(HiveTypeNames.of(DataTypes.MAP(DataTypes.STRING(), DataTypes.ARRAY(DataTypes.INT()))))
                .isEqualTo("map<string,array<int>>");
        assertThat(HiveTypeNames.of(new MultisetType(DataTypes.VARCHAR(10), true))).isEqualTo("map<varchar(10),int>");
        assertThat(HiveTypeNames.of(new MultisetType(DataTypes.TIME(0), true))).isEqualTo("map<string,int>");
    }

    @Test
    void namesAreLowerCase() {
        assertThat(HiveTypeNames.hiveName("OrderId")).isEqualTo("orderid");
    }
}
