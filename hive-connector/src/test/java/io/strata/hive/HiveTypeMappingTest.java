package io.strata.hive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.HiveTypeCases;
import io.strata.types.HiveTypeCases.Case;
import io.strata.types.RowType;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hive.serde2.typeinfo.ListTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.MapTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.StructTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TimestampLocalTZTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.junit.jupiter.api.Test;

/**
 * The connector's TypeInfos are Hive's parse of core's Hive type names, for every type
 * ({@link HiveTypeCases}; the mapping itself is tested in core's {@code HiveTypeNamesTest}).
 */
class HiveTypeMappingTest {

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

    @Test
    void everyTypeInfoIsTheParsedHiveTypeName() {
        for (Case c : HiveTypeCases.ALL) {
            TypeInfo parsed = TypeInfoUtils.getTypeInfoFromTypeString(c.hive());
            ZoneId parserZone = localZones(parsed).isEmpty() ? BERLIN : localZones(parsed).get(0);
            assertThat(HiveTypeMapping.typeInfo(c.strata(), parserZone)).as(c.hive()).isEqualTo(parsed);
            assertThat(parsed.getTypeName()).as(c.hive()).isEqualTo(c.hive());
        }
    }

    @Test
    void localTimeZoneTimestampsShowInTheSessionZoneAtAnyDepth() {
        for (Case c : HiveTypeCases.ALL) {
            TypeInfo info = HiveTypeMapping.typeInfo(c.strata(), BERLIN);
            assertThat(info.getTypeName()).as(c.hive()).isEqualTo(c.hive());
            assertThat(localZones(info)).as(c.hive()).allMatch(BERLIN::equals)
                    .hasSize(c.hive().split("local time zone", -1).length - 1);
        }
    }

    @Test
    void declaredTypesMapBackAsHiveReadsThem() {
        for (Case c : HiveTypeCases.ALL) {
            assertThat(HiveTypeMapping.toStrata("c", c.hive().toUpperCase(Locale.ROOT))).as(c.hive()).isEqualTo(c.declared());
        }
        // Hive's own spellings: a decimal without parameters is decimal(10,0).
        assertThat(HiveTypeMapping.toStrata("c", "DECIMAL")).isEqualTo(DataTypes.DECIMAL(10, 0));
        assertThat(HiveTypeMapping.toStrata("c", "decimal(12)")).isEqualTo(DataTypes.DECIMAL(12, 0));
    }

    @Test
    void declaredTypesMatchOnlyTheirOwnType() {
        assertThat(HiveTypeMapping.matches("BIGINT", DataTypes.BIGINT())).isTrue();
        assertThat(HiveTypeMapping.matches("int", DataTypes.BIGINT())).isFalse();
        assertThat(HiveTypeMapping.matches("decimal(10,2)", DataTypes.DECIMAL(10, 2))).isTrue();
        assertThat(HiveTypeMapping.matches("decimal(10,3)", DataTypes.DECIMAL(10, 2))).isFalse();
        assertThat(HiveTypeMapping.matches("decimal", DataTypes.DECIMAL(10, 0))).isTrue();
        assertThat(HiveTypeMapping.matches("varchar(10)", DataTypes.VARCHAR(10))).isTrue();
        assertThat(HiveTypeMapping.matches("string", DataTypes.VARCHAR(10))).isFalse();
        assertThat(HiveTypeMapping.matches("timestamp with local time zone", DataTypes.TIMESTAMP_LTZ(3))).isTrue();
        assertThat(HiveTypeMapping.matches("Struct<A:int>", DataTypes.ROW(new DataField(1, "a", DataTypes.INT())))).isTrue();
        assertThat(HiveTypeMapping.matches("char(256)", DataTypes.CHAR(256))).isFalse();
        assertThat(HiveTypeMapping.matches("no type", DataTypes.INT())).isFalse();
    }

    @Test
    void aHiveTypeStrataCannotStoreOrHiveCannotParseFailsNamingTheColumn() {
        assertThatThrownBy(() -> HiveTypeMapping.toStrata("u", "uniontype<int,string>"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Column 'u' has Hive type uniontype<int,string> which Strata tables cannot store");
        assertThatThrownBy(() -> HiveTypeMapping.toStrata("v", "char(256)"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Column 'v' has Hive type char(256) which Hive cannot parse");
    }

    @Test
    void aStructFieldNameHivesParserCannotReadFailsNamingTheType() {
        RowType row = DataTypes.ROW(new DataField(1, "a-b", DataTypes.INT()));
        assertThatThrownBy(() -> HiveTypeMapping.typeInfo(row, BERLIN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Hive cannot read the type ROW<`a-b` INT> (Hive type struct<a-b:int>)");
    }

    /** The zones of the local-time-zone timestamps in {@code info}, depth first. */
    private static List<ZoneId> localZones(TypeInfo info) {
        List<ZoneId> zones = new ArrayList<>();
        if (info instanceof TimestampLocalTZTypeInfo ltz) {
            zones.add(ltz.timeZone());
        } else if (info instanceof ListTypeInfo list) {
            zones.addAll(localZones(list.getListElementTypeInfo()));
        } else if (info instanceof MapTypeInfo map) {
            zones.addAll(localZones(map.getMapKeyTypeInfo()));
            zones.addAll(localZones(map.getMapValueTypeInfo()));
        } else if (info instanceof StructTypeInfo struct) {
            struct.getAllStructFieldTypeInfos().forEach(t -> zones.addAll(localZones(t)));
        }
        return zones;
    }
}
