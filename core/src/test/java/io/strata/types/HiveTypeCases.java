package io.strata.types;

import java.util.List;
import java.util.stream.Stream;

/**
 * Every Strata type, flat and nested, with its Hive type name and the Strata type that Hive name maps
 * back to: the cases of {@link HiveTypeNames}, shared with the Hive connector's test of its TypeInfos.
 */
public final class HiveTypeCases {

    /**
     * One type.
     *
     * @param strata a Strata type
     * @param hive its Hive type name
     * @param declared the Strata type a column declared in Hive with {@code hive} gets
     */
    public record Case(DataType strata, String hive, DataType declared) {}

    private static final DataType LTZ6 = DataTypes.TIMESTAMP_LTZ(6);

    /** Flat types: every type root, lengths at and past Hive's limits, every timestamp precision range. */
    public static final List<Case> FLAT = List.of(
            same(DataTypes.BOOLEAN(), "boolean"),
            same(DataTypes.TINYINT(), "tinyint"),
            same(DataTypes.SMALLINT(), "smallint"),
            same(DataTypes.INT(), "int"),
            same(DataTypes.BIGINT(), "bigint"),
            same(DataTypes.FLOAT(), "float"),
            same(DataTypes.DOUBLE(), "double"),
            same(DataTypes.DECIMAL(1, 0), "decimal(1,0)"),
            same(DataTypes.DECIMAL(10, 2), "decimal(10,2)"),
            same(DataTypes.DECIMAL(38, 18), "decimal(38,18)"),
            same(DataTypes.CHAR(1), "char(1)"),
            same(DataTypes.CHAR(255), "char(255)"),
            new Case(DataTypes.CHAR(256), "string", DataTypes.STRING()),
            same(DataTypes.VARCHAR(1), "varchar(1)"),
            same(DataTypes.VARCHAR(65535), "varchar(65535)"),
            new Case(DataTypes.VARCHAR(65536), "string", DataTypes.STRING()),
            same(DataTypes.STRING(), "string"),
            new Case(DataTypes.BINARY(4), "binary", DataTypes.BYTES()),
            new Case(DataTypes.VARBINARY(10), "binary", DataTypes.BYTES()),
            same(DataTypes.BYTES(), "binary"),
            same(DataTypes.DATE(), "date"),
            new Case(DataTypes.TIME(0), "string", DataTypes.STRING()),
            new Case(DataTypes.TIME(3), "string", DataTypes.STRING()),
            new Case(DataTypes.TIMESTAMP(0), "timestamp", DataTypes.TIMESTAMP(6)),
            new Case(DataTypes.TIMESTAMP(3), "timestamp", DataTypes.TIMESTAMP(6)),
            same(DataTypes.TIMESTAMP(6), "timestamp"),
            new Case(DataTypes.TIMESTAMP(9), "timestamp", DataTypes.TIMESTAMP(6)),
            new Case(DataTypes.TIMESTAMP_LTZ(0), "timestamp with local time zone", LTZ6),
            new Case(DataTypes.TIMESTAMP_LTZ(3), "timestamp with local time zone", LTZ6),
            same(LTZ6, "timestamp with local time zone"),
            new Case(DataTypes.TIMESTAMP_LTZ(9), "timestamp with local time zone", LTZ6),
            new Case(DataTypes.INT().withNullable(false), "int", DataTypes.INT()));

    /** Nested types: arrays, maps, multisets and rows of each other and of flat types. */
    public static final List<Case> NESTED = List.of(
            same(DataTypes.ARRAY(DataTypes.INT()), "array<int>"),
            new Case(DataTypes.ARRAY(DataTypes.TIME(3)), "array<string>", DataTypes.ARRAY(DataTypes.STRING())),
            new Case(DataTypes.MAP(DataTypes.STRING(), DataTypes.ARRAY(DataTypes.DECIMAL(10, 2))),
                    "map<string,array<decimal(10,2)>>",
                    DataTypes.MAP(DataTypes.STRING().withNullable(false), DataTypes.ARRAY(DataTypes.DECIMAL(10, 2)))),
            new Case(DataTypes.MAP(DataTypes.INT().withNullable(false), DataTypes.TIMESTAMP_LTZ(9)),
                    "map<int,timestamp with local time zone>", DataTypes.MAP(DataTypes.INT().withNullable(false), LTZ6)),
            new Case(new MultisetType(DataTypes.VARCHAR(10), true), "map<varchar(10),int>",
                    DataTypes.MAP(DataTypes.VARCHAR(10).withNullable(false), DataTypes.INT())),
            new Case(new MultisetType(DataTypes.TIME(0), true), "map<string,int>",
                    DataTypes.MAP(DataTypes.STRING().withNullable(false), DataTypes.INT())),
            new Case(DataTypes.ARRAY(DataTypes.ROW(DataTypes.FIELD(7, "Street", DataTypes.STRING()),
                    DataTypes.FIELD(8, "zip", DataTypes.CHAR(5)))),
                    "array<struct<street:string,zip:char(5)>>",
                    DataTypes.ARRAY(DataTypes.ROW(DataTypes.FIELD(0, "street", DataTypes.STRING()),
                            DataTypes.FIELD(1, "zip", DataTypes.CHAR(5))))),
            new Case(DataTypes.ROW(DataTypes.FIELD(1, "Amount", DataTypes.BIGINT().withNullable(false)),
                    DataTypes.FIELD(2, "tags", DataTypes.ARRAY(DataTypes.VARCHAR(70000))),
                    DataTypes.FIELD(3, "at", DataTypes.TIMESTAMP(3)),
                    DataTypes.FIELD(4, "inner", DataTypes.ROW(DataTypes.FIELD(5, "x",
                            DataTypes.MAP(DataTypes.STRING(), DataTypes.BINARY(2)))))),
                    "struct<amount:bigint,tags:array<string>,at:timestamp,inner:struct<x:map<string,binary>>>",
                    DataTypes.ROW(DataTypes.FIELD(0, "amount", DataTypes.BIGINT()),
                            DataTypes.FIELD(1, "tags", DataTypes.ARRAY(DataTypes.STRING())),
                            DataTypes.FIELD(2, "at", DataTypes.TIMESTAMP(6)),
                            DataTypes.FIELD(3, "inner", DataTypes.ROW(DataTypes.FIELD(0, "x",
                                    DataTypes.MAP(DataTypes.STRING().withNullable(false), DataTypes.BYTES())))))),
            same(DataTypes.ROW(DataTypes.FIELD(0, "l", DataTypes.ARRAY(DataTypes.MAP(DataTypes.DATE().withNullable(false),
                    DataTypes.ROW(DataTypes.FIELD(0, "c", DataTypes.CHAR(3))))))),
                    "struct<l:array<map<date,struct<c:char(3)>>>>"));

    /** Every case, flat then nested. */
    public static final List<Case> ALL = concat(FLAT, NESTED);

    private HiveTypeCases() {}

    /** A type that is its own declared type: Hive has it exactly. */
    private static Case same(DataType type, String hive) {
        return new Case(type, hive, type);
    }

    private static List<Case> concat(List<Case> a, List<Case> b) {
        return Stream.concat(a.stream(), b.stream()).toList();
    }
}
