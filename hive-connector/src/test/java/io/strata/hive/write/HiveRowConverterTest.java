package io.strata.hive.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.data.Decimal;
import io.strata.data.GenericArray;
import io.strata.data.GenericMap;
import io.strata.data.GenericRow;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.hive.HiveReadPath;
import io.strata.hive.StrataSerDe;
import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import io.strata.types.HiveTypeCases;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.common.type.HiveChar;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.common.type.HiveVarchar;
import org.apache.hadoop.hive.common.type.TimestampTZ;
import org.apache.hadoop.hive.serde2.SerDeException;
import org.apache.hadoop.hive.serde2.io.TimestampLocalTZWritable;
import org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorUtils;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorUtils.ObjectInspectorCopyOption;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The write conversion is the read mapping's inverse: for every Strata type of {@link HiveTypeCases}, a
 * Hive value (as the connector's read path shows a Strata value, then held by Hive's standard Java and
 * standard Writable inspectors) converts back to the same Strata value and reads back as the same Hive
 * value. Only Hive's real inspectors are used.
 */
class HiveRowConverterTest {

    private static final ZoneId UTC = ZoneId.of("UTC");
    private static final ZoneId LOS_ANGELES = ZoneId.of("America/Los_Angeles");

    static Stream<Arguments> everyTypeWithBothInspectors() {
        List<Arguments> args = new ArrayList<>();
        for (HiveTypeCases.Case c : HiveTypeCases.ALL) {
            for (ObjectInspectorCopyOption option : List.of(ObjectInspectorCopyOption.JAVA, ObjectInspectorCopyOption.WRITABLE)) {
                args.add(Arguments.of(c.strata(), c.hive(), option));
            }
        }
        return args.stream();
    }

    @ParameterizedTest(name = "{0} as {1}, {2} inspector")
    @MethodSource("everyTypeWithBothInspectors")
    void everyTypeRoundTrips(DataType type, String hiveName, ObjectInspectorCopyOption option) {
        for (ZoneId zone : List.of(UTC, LOS_ANGELES)) {
            Object strata = sample(type);
            HiveReadPath read = new HiveReadPath(type, zone);
            assertThat(read.typeInfo().getTypeName()).isEqualTo(hiveName);
            // The Hive value the connector shows, held as Hive's standard objects of the chosen kind.
            Object shown = read.read(GenericRow.of(strata), 0);
            Object hiveValue = ObjectInspectorUtils.copyToStandardObject(shown, read.inspector(), option);
            ObjectInspector inspector = standardInspector(read.typeInfo(), option);

            GenericRow converted = converter(type, zone).convert(List.of(hiveValue), struct(inspector));

            assertThat(converted.arity()).isEqualTo(1);
            assertThat(converted).as("Strata value").isEqualTo(GenericRow.of(strata));
            Object readBack = read.read(converted, 0);
            assertThat(normalize(ObjectInspectorUtils.copyToStandardJavaObject(readBack, read.inspector())))
                    .as("Hive value read back")
                    .isEqualTo(normalize(ObjectInspectorUtils.copyToStandardJavaObject(hiveValue, inspector)));
        }
    }

    @ParameterizedTest(name = "{0}, {2} inspector")
    @MethodSource("everyTypeWithBothInspectors")
    void nullsOfEveryNullableTypeStayNull(DataType type, String hiveName, ObjectInspectorCopyOption option) {
        DataType nullable = type.withNullable(true);
        HiveReadPath read = new HiveReadPath(nullable, UTC);
        List<Object> hiveRow = new ArrayList<>();
        hiveRow.add(null);

        GenericRow converted = converter(nullable, UTC).convert(hiveRow, struct(standardInspector(read.typeInfo(), option)));

        assertThat(converted.isNullAt(0)).isTrue();
        assertThat(read.read(converted, 0)).isNull();
    }

    @Test
    void nullsInsideNestedValuesStayNull() {
        DataType type = DataTypes.ROW(DataTypes.FIELD(0, "a", DataTypes.ARRAY(DataTypes.STRING())),
                DataTypes.FIELD(1, "m", DataTypes.MAP(DataTypes.INT().withNullable(false), DataTypes.DATE())),
                DataTypes.FIELD(2, "r", DataTypes.ROW(DataTypes.FIELD(0, "x", DataTypes.INT()))));
        HiveReadPath read = new HiveReadPath(type, UTC);
        Map<Object, Object> map = new LinkedHashMap<>();
        map.put(7, null);
        List<Object> value = Arrays.asList(Arrays.asList("x", null), map, null);

        GenericRow converted = converter(type, UTC).convert(List.of(value),
                struct(standardInspector(read.typeInfo(), ObjectInspectorCopyOption.JAVA)));

        assertThat(converted.get(0)).isEqualTo(GenericRow.of(new GenericArray(new Object[] {Utf8String.fromString("x"), null}),
                new GenericMap(new GenericArray(new Object[] {7}), new GenericArray(new Object[] {null})), null));
    }

    @Test
    void aNullInANotNullColumnFailsNamingTableAndColumn() {
        RowType table = RowType.of(new DataField(0, "id", DataTypes.INT().withNullable(false)),
                new DataField(1, "name", DataTypes.STRING()));
        HiveRowConverter converter = new HiveRowConverter(table, new int[] {0, 1}, "db.people", UTC);
        StructObjectInspector inspector = structOf(List.of("id", "name"),
                List.of(PrimitiveObjectInspectorFactory.javaIntObjectInspector,
                        PrimitiveObjectInspectorFactory.javaStringObjectInspector));

        assertThatThrownBy(() -> converter.convert(Arrays.asList(null, "ann"), inspector))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("db.people").hasMessageContaining("'id'").hasMessageContaining("is NOT NULL");
    }

    @Test
    void theShuffleKeysHiveAppendsAfterTheTableColumnsAreNotColumns() {
        RowType table = RowType.of(new DataField(0, "id", DataTypes.INT().withNullable(false)),
                new DataField(1, "name", DataTypes.STRING()));
        HiveRowConverter converter = new HiveRowConverter(table, new int[] {0, 1}, "db.people", UTC);
        // The row after a shuffle on (name, strata_bucket(id)): the table's columns, then the shuffle's keys.
        StructObjectInspector inspector = structOf(List.of("id", "name", "name_key", "bucket_key"),
                List.of(PrimitiveObjectInspectorFactory.javaIntObjectInspector,
                        PrimitiveObjectInspectorFactory.javaStringObjectInspector,
                        PrimitiveObjectInspectorFactory.javaStringObjectInspector,
                        PrimitiveObjectInspectorFactory.javaIntObjectInspector));

        assertThat(converter.convert(Arrays.asList(7, "ann", "ann", 1), inspector))
                .isEqualTo(GenericRow.of(7, Utf8String.fromString("ann")));
    }

    @Test
    void aRowWithFewerFieldsThanTheTableHasColumnsFails() {
        RowType table = RowType.of(new DataField(0, "id", DataTypes.INT()), new DataField(1, "name", DataTypes.STRING()));
        HiveRowConverter converter = new HiveRowConverter(table, new int[] {0, 1}, "db.people", UTC);
        StructObjectInspector inspector = structOf(List.of("id"),
                List.of(PrimitiveObjectInspectorFactory.javaIntObjectInspector));

        assertThatThrownBy(() -> converter.convert(Arrays.asList(7), inspector))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("db.people").hasMessageContaining("rows of 1 fields").hasMessageContaining("2 columns");
    }

    @Test
    void aNullInANotNullNestedFieldFailsNamingItsPath() {
        DataType type = DataTypes.ROW(DataTypes.FIELD(1, "Amount", DataTypes.BIGINT().withNullable(false)));
        RowType table = RowType.of(new DataField(0, "payment", type));
        HiveReadPath read = new HiveReadPath(type, UTC);
        HiveRowConverter converter = new HiveRowConverter(table, new int[] {0}, "db.pay", UTC);
        List<Object> value = new ArrayList<>();
        value.add(null);

        assertThatThrownBy(() -> converter.convert(List.of(value),
                struct(standardInspector(read.typeInfo(), ObjectInspectorCopyOption.JAVA))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("db.pay").hasMessageContaining("'payment.Amount'").hasMessageContaining("is NOT NULL");
    }

    @Test
    void aNotNullColumnMissingFromHiveFailsAtOnce() {
        RowType table = RowType.of(new DataField(0, "id", DataTypes.INT().withNullable(false)),
                new DataField(1, "name", DataTypes.STRING()));

        assertThatThrownBy(() -> new HiveRowConverter(table, new int[] {1}, "db.people", UTC))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("db.people").hasMessageContaining("'id'").hasMessageContaining("is NOT NULL");
    }

    /** Both ways Hive holds a decimal: as a HiveDecimal (Java inspector) and as a HiveDecimalWritable. */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aDecimalWiderThanItsColumnFailsNamingColumnAndValue(boolean writable) {
        RowType table = RowType.of(new DataField(0, "amount", DataTypes.DECIMAL(5, 2)));
        HiveRowConverter converter = new HiveRowConverter(table, new int[] {0}, "db.pay", UTC);
        ObjectInspector wide = writable
                ? PrimitiveObjectInspectorFactory.getPrimitiveWritableObjectInspector(TypeInfoFactory.getDecimalTypeInfo(10, 2))
                : PrimitiveObjectInspectorFactory.getPrimitiveJavaObjectInspector(TypeInfoFactory.getDecimalTypeInfo(10, 2));
        StructObjectInspector inspector = structOf(List.of("amount"), List.of(wide));
        java.util.function.Function<String, Object> value = text -> writable
                ? new org.apache.hadoop.hive.serde2.io.HiveDecimalWritable(HiveDecimal.create(text))
                : HiveDecimal.create(text);

        assertThat(converter.convert(List.of(value.apply("999.994")), inspector).get(0))
                .isEqualTo(Decimal.fromBigDecimal(new BigDecimal("999.99"), 5, 2));
        assertThat(converter.convert(List.of(value.apply("-1.005")), inspector).get(0))
                .as("rounded HALF_UP to the scale")
                .isEqualTo(Decimal.fromBigDecimal(new BigDecimal("-1.01"), 5, 2));
        assertThat(converter.convert(List.of(value.apply("0.5")), inspector).get(0))
                .isEqualTo(Decimal.fromBigDecimal(new BigDecimal("0.50"), 5, 2));
        assertThatThrownBy(() -> converter.convert(List.of(value.apply("12345.67")), inspector))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("db.pay").hasMessageContaining("'amount'").hasMessageContaining("12345.67")
                .hasMessageContaining("DECIMAL(5, 2)");
    }

    @Test
    void aLocalZoneTimestampKeepsItsInstantInANonUtcSession() {
        RowType table = RowType.of(new DataField(0, "at", DataTypes.TIMESTAMP_LTZ(6)));
        HiveRowConverter converter = new HiveRowConverter(table, new int[] {0}, "db.events", LOS_ANGELES);
        LocalDateTime wallClock = LocalDateTime.of(2024, 7, 1, 9, 30, 15, 123_456_000);
        Instant instant = wallClock.atZone(LOS_ANGELES).toInstant();
        TimestampTZ hive = new TimestampTZ(wallClock.atZone(LOS_ANGELES));
        TypeInfo type = TypeInfoFactory.getTimestampTZTypeInfo(LOS_ANGELES);

        GenericRow fromJava = converter.convert(List.of(hive),
                structOf(List.of("at"), List.of(PrimitiveObjectInspectorFactory.getPrimitiveJavaObjectInspector(
                        (org.apache.hadoop.hive.serde2.typeinfo.PrimitiveTypeInfo) type))));
        GenericRow fromWritable = converter.convert(List.of(new TimestampLocalTZWritable(hive)),
                structOf(List.of("at"), List.of(PrimitiveObjectInspectorFactory.getPrimitiveWritableObjectInspector(
                        (org.apache.hadoop.hive.serde2.typeinfo.PrimitiveTypeInfo) type))));

        assertThat(fromJava.get(0)).isEqualTo(Timestamp.fromInstant(instant)).isEqualTo(fromWritable.get(0));
        assertThat(instant).isEqualTo(Instant.parse("2024-07-01T16:30:15.123456Z"));
        // Read back in the session's zone: the same wall-clock time Hive wrote.
        Object readBack = new HiveReadPath(DataTypes.TIMESTAMP_LTZ(6), LOS_ANGELES).read(fromJava, 0);
        assertThat(((TimestampLocalTZWritable) readBack).getTimestampTZ().getZonedDateTime().toLocalDateTime())
                .isEqualTo(wallClock);
    }

    @Test
    void timestampsAreCutToTheColumnPrecision() {
        RowType table = RowType.of(new DataField(0, "t0", DataTypes.TIMESTAMP(0)),
                new DataField(1, "t3", DataTypes.TIMESTAMP(3)), new DataField(2, "t9", DataTypes.TIMESTAMP(9)));
        HiveRowConverter converter = new HiveRowConverter(table, new int[] {0, 1, 2}, "db.t", UTC);
        org.apache.hadoop.hive.common.type.Timestamp ts =
                org.apache.hadoop.hive.common.type.Timestamp.valueOf("1969-12-31 23:59:58.123456789");
        ObjectInspector oi = PrimitiveObjectInspectorFactory.javaTimestampObjectInspector;

        GenericRow row = converter.convert(List.of(ts, ts, ts), structOf(List.of("t0", "t3", "t9"), List.of(oi, oi, oi)));

        assertThat(row.get(0)).isEqualTo(Timestamp.of(-2000, 0));
        assertThat(row.get(1)).isEqualTo(Timestamp.of(-1877, 0));
        assertThat(row.get(2)).isEqualTo(Timestamp.of(-1877, 456_789));
    }

    @Test
    void hiveFieldsGoToTheirTablePositionsAndMissingColumnsAreNull() {
        RowType table = RowType.of(new DataField(0, "a", DataTypes.INT()), new DataField(1, "b", DataTypes.STRING()),
                new DataField(2, "c", DataTypes.BIGINT()), new DataField(3, "d", DataTypes.DOUBLE()));
        HiveRowConverter converter = new HiveRowConverter(table, new int[] {2, 0, 3}, "db.t", UTC);
        StructObjectInspector inspector = structOf(List.of("c", "a", "d"),
                List.of(PrimitiveObjectInspectorFactory.writableLongObjectInspector,
                        PrimitiveObjectInspectorFactory.writableIntObjectInspector,
                        PrimitiveObjectInspectorFactory.writableDoubleObjectInspector));

        GenericRow row = converter.convert(List.of(new org.apache.hadoop.io.LongWritable(30L),
                new org.apache.hadoop.io.IntWritable(1), new org.apache.hadoop.hive.serde2.io.DoubleWritable(4.5)), inspector);

        assertThat(row).isEqualTo(GenericRow.of(1, null, 30L, 4.5));
    }

    @Test
    void lazyRowsOfLazySimpleSerDeConvert() throws SerDeException {
        Properties props = new Properties();
        props.setProperty("columns", "id,name,tags");
        props.setProperty("columns.types", "int:varchar(10):array<string>");
        LazySimpleSerDe lazy = new LazySimpleSerDe();
        lazy.initialize(new Configuration(), props, null);
        Object row = lazy.deserialize(new Text("7\u0001Ann\u0001x\u0002y"));
        RowType table = RowType.of(new DataField(0, "id", DataTypes.INT()), new DataField(1, "name", DataTypes.VARCHAR(10)),
                new DataField(2, "tags", DataTypes.ARRAY(DataTypes.STRING())));

        GenericRow converted = new HiveRowConverter(table, new int[] {0, 1, 2}, "db.t", UTC)
                .convert(row, (StructObjectInspector) lazy.getObjectInspector());

        assertThat(converted).isEqualTo(GenericRow.of(7, Utf8String.fromString("Ann"),
                new GenericArray(new Object[] {Utf8String.fromString("x"), Utf8String.fromString("y")})));
    }

    @Test
    void aValueOfAnotherTypeFailsNamingTheColumn() {
        RowType table = RowType.of(new DataField(0, "n", DataTypes.INT()));
        HiveRowConverter converter = new HiveRowConverter(table, new int[] {0}, "db.t", UTC);

        assertThatThrownBy(() -> converter.convert(List.of("x"),
                structOf(List.of("n"), List.of(PrimitiveObjectInspectorFactory.javaStringObjectInspector))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("db.t").hasMessageContaining("'n'").hasMessageContaining("string");
    }

    @Test
    void theSerDeSerializesIntoOneReusedWriteRow() throws SerDeException {
        Properties props = new Properties();
        props.setProperty("name", "db.t");
        props.setProperty("columns", "id,name");
        props.setProperty("columns.types", "int:string");
        StrataSerDe serDe = new StrataSerDe();
        serDe.initialize(new Configuration(), props, null);
        StructObjectInspector inspector = structOf(List.of("id", "name"),
                List.of(PrimitiveObjectInspectorFactory.javaIntObjectInspector,
                        PrimitiveObjectInspectorFactory.javaStringObjectInspector));

        StrataWriteRow first = (StrataWriteRow) serDe.serialize(List.of(1, "a"), inspector);
        assertThat(first.row()).isEqualTo(GenericRow.of(1, Utf8String.fromString("a")));
        StrataWriteRow second = (StrataWriteRow) serDe.serialize(Arrays.asList(2, null), inspector);

        assertThat(second).isSameAs(first);
        assertThat(second.row()).isEqualTo(GenericRow.of(2, null));
        assertThat(serDe.getSerializedClass()).isEqualTo(StrataWriteRow.class);
        assertThatThrownBy(() -> first.write(null)).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("never serialized");
    }

    // ---- helpers

    private static HiveRowConverter converter(DataType type, ZoneId zone) {
        return new HiveRowConverter(RowType.of(new DataField(0, "c", type)), new int[] {0}, "db.t", zone);
    }

    private static StructObjectInspector struct(ObjectInspector field) {
        return structOf(List.of("c"), List.of(field));
    }

    private static StructObjectInspector structOf(List<String> names, List<ObjectInspector> inspectors) {
        return ObjectInspectorFactory.getStandardStructObjectInspector(names, inspectors);
    }

    private static ObjectInspector standardInspector(TypeInfo type, ObjectInspectorCopyOption option) {
        return option == ObjectInspectorCopyOption.JAVA ? TypeInfoUtils.getStandardJavaObjectInspectorFromTypeInfo(type)
                : TypeInfoUtils.getStandardWritableObjectInspectorFromTypeInfo(type);
    }

    /** Hive Java values compared by content: byte arrays as buffers, chars and varchars as their text. */
    private static Object normalize(Object v) {
        if (v instanceof byte[] b) {
            return ByteBuffer.wrap(b);
        }
        if (v instanceof HiveChar c) {
            return "char:" + c.getPaddedValue();
        }
        if (v instanceof HiveVarchar c) {
            return "varchar:" + c.getValue();
        }
        if (v instanceof List<?> list) {
            return list.stream().map(HiveRowConverterTest::normalize).toList();
        }
        if (v instanceof Map<?, ?> map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            map.forEach((k, x) -> out.put(normalize(k), normalize(x)));
            return out;
        }
        return v;
    }

    /** A Strata value of {@code type} in its internal representation, exact at the type's precision. */
    static Object sample(DataType type) {
        if (type instanceof ArrayType array) {
            Object e = sample(array.element());
            return new GenericArray(array.element().nullable() ? new Object[] {e, null} : new Object[] {e, e});
        }
        if (type instanceof MapType map) {
            return new GenericMap(new GenericArray(new Object[] {sample(map.key())}),
                    new GenericArray(new Object[] {sample(map.value())}));
        }
        if (type instanceof MultisetType set) {
            return new GenericMap(new GenericArray(new Object[] {sample(set.element())}), new GenericArray(new Object[] {3}));
        }
        if (type instanceof RowType row) {
            Object[] values = new Object[row.fieldCount()];
            for (int i = 0; i < values.length; i++) {
                values[i] = sample(row.typeAt(i));
            }
            return GenericRow.of(values);
        }
        AtomicType a = (AtomicType) type;
        return switch (a.root()) {
            case BOOLEAN -> true;
            case TINYINT -> (byte) -7;
            case SMALLINT -> (short) 12_345;
            case INT -> -123_456_789;
            case BIGINT -> Long.MIN_VALUE + 1;
            case FLOAT -> 1.5e-3f;
            case DOUBLE -> -2.25e100;
            case DECIMAL -> Decimal.fromBigDecimal(new BigDecimal(BigInteger.TEN.pow(a.precision()).subtract(BigInteger.ONE)
                    .negate(), a.scale()), a.precision(), a.scale());
            case CHAR -> Utf8String.fromString("ä" + "x".repeat(a.length() - 1));
            case VARCHAR -> Utf8String.fromString("grüß ✓ end".substring(0, Math.min(a.length(), 10)));
            case BINARY, VARBINARY -> Arrays.copyOf(new byte[] {0, -1, 127, -128, 5}, Math.min(a.length(), 5));
            case DATE -> -1;
            case TIME -> {
                int millis = 37_230_123;
                int unit = a.precision() >= 3 ? 1 : (int) Math.pow(10, 3 - a.precision());
                yield millis - millis % unit;
            }
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> {
                // Before the epoch, with every digit of a nanosecond set; cut to the precision.
                long nanos = 123_456_789;
                long unit = (long) Math.pow(10, 9 - Math.min(9, a.precision()));
                long cut = nanos - nanos % unit;
                yield Timestamp.of(-86_400_000L * 400 + cut / 1_000_000, (int) (cut % 1_000_000));
            }
            default -> throw new IllegalStateException(a.toString());
        };
    }
}
