package io.strata.format.parquet;

import io.strata.data.Decimal;
import io.strata.data.GenericArray;
import io.strata.data.GenericMap;
import io.strata.data.GenericRow;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.MapType;
import io.strata.types.RowType;
import io.strata.types.TypeRoot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.InternalArray;
import org.apache.paimon.data.InternalMap;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.DecimalType;

/** Converts types and values between Strata and Apache Paimon (the oracle), for tests only. */
final class PaimonValues {

    private PaimonValues() {}

    static org.apache.paimon.types.RowType toPaimon(RowType type) {
        return (org.apache.paimon.types.RowType) toPaimon((DataType) type);
    }

    static org.apache.paimon.types.DataType toPaimon(DataType type) {
        org.apache.paimon.types.DataType t;
        if (type instanceof RowType row) {
            List<org.apache.paimon.types.DataField> fields = new ArrayList<>();
            for (DataField f : row.fields()) {
                fields.add(new org.apache.paimon.types.DataField(f.id(), f.name(), toPaimon(f.type())));
            }
            t = new org.apache.paimon.types.RowType(fields);
        } else if (type instanceof ArrayType array) {
            t = DataTypes.ARRAY(toPaimon(array.element()));
        } else if (type instanceof MapType map) {
            t = DataTypes.MAP(toPaimon(map.key()), toPaimon(map.value()));
        } else {
            AtomicType a = (AtomicType) type;
            t = switch (a.root()) {
                case BOOLEAN -> DataTypes.BOOLEAN();
                case TINYINT -> DataTypes.TINYINT();
                case SMALLINT -> DataTypes.SMALLINT();
                case INT -> DataTypes.INT();
                case BIGINT -> DataTypes.BIGINT();
                case FLOAT -> DataTypes.FLOAT();
                case DOUBLE -> DataTypes.DOUBLE();
                case DECIMAL -> DataTypes.DECIMAL(a.precision(), a.scale());
                case CHAR -> DataTypes.CHAR(a.length());
                case VARCHAR -> DataTypes.VARCHAR(a.length());
                case BINARY -> DataTypes.BINARY(a.length());
                case VARBINARY -> DataTypes.VARBINARY(a.length());
                case DATE -> DataTypes.DATE();
                case TIME -> DataTypes.TIME(a.precision());
                case TIMESTAMP -> DataTypes.TIMESTAMP(a.precision());
                case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(a.precision());
                default -> throw new IllegalArgumentException(type.toString());
            };
        }
        return t.copy(type.nullable());
    }

    static RowType fromPaimon(org.apache.paimon.types.RowType type) {
        return (RowType) fromPaimon((org.apache.paimon.types.DataType) type);
    }

    static DataType fromPaimon(org.apache.paimon.types.DataType type) {
        boolean n = type.isNullable();
        return switch (type.getTypeRoot()) {
            case ROW -> {
                List<DataField> fields = new ArrayList<>();
                for (org.apache.paimon.types.DataField f : ((org.apache.paimon.types.RowType) type).getFields()) {
                    fields.add(new DataField(f.id(), f.name(), fromPaimon(f.type())));
                }
                yield new RowType(fields, n);
            }
            case ARRAY -> new ArrayType(fromPaimon(((org.apache.paimon.types.ArrayType) type).getElementType()), n);
            case MAP -> new MapType(fromPaimon(((org.apache.paimon.types.MapType) type).getKeyType()),
                    fromPaimon(((org.apache.paimon.types.MapType) type).getValueType()), n);
            case DECIMAL -> new AtomicType(TypeRoot.DECIMAL, ((DecimalType) type).getPrecision(), ((DecimalType) type).getScale(), n);
            case CHAR -> new AtomicType(TypeRoot.CHAR, DataTypes.getLength(type).getAsInt(), 0, n);
            case VARCHAR -> new AtomicType(TypeRoot.VARCHAR, DataTypes.getLength(type).getAsInt(), 0, n);
            case BINARY -> new AtomicType(TypeRoot.BINARY, DataTypes.getLength(type).getAsInt(), 0, n);
            case VARBINARY -> new AtomicType(TypeRoot.VARBINARY, DataTypes.getLength(type).getAsInt(), 0, n);
            case TIME_WITHOUT_TIME_ZONE -> new AtomicType(TypeRoot.TIME, DataTypes.getPrecision(type).getAsInt(), 0, n);
            case TIMESTAMP_WITHOUT_TIME_ZONE -> new AtomicType(TypeRoot.TIMESTAMP, DataTypes.getPrecision(type).getAsInt(), 0, n);
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
                    new AtomicType(TypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE, DataTypes.getPrecision(type).getAsInt(), 0, n);
            case BOOLEAN -> new AtomicType(TypeRoot.BOOLEAN, 0, 0, n);
            case TINYINT -> new AtomicType(TypeRoot.TINYINT, 0, 0, n);
            case SMALLINT -> new AtomicType(TypeRoot.SMALLINT, 0, 0, n);
            case INTEGER -> new AtomicType(TypeRoot.INT, 0, 0, n);
            case BIGINT -> new AtomicType(TypeRoot.BIGINT, 0, 0, n);
            case FLOAT -> new AtomicType(TypeRoot.FLOAT, 0, 0, n);
            case DOUBLE -> new AtomicType(TypeRoot.DOUBLE, 0, 0, n);
            case DATE -> new AtomicType(TypeRoot.DATE, 0, 0, n);
            default -> throw new IllegalArgumentException(type.toString());
        };
    }

    /** A Strata row of internal values as a Paimon row. */
    static org.apache.paimon.data.GenericRow toPaimonRow(GenericRow row) {
        Object[] values = new Object[row.arity()];
        for (int i = 0; i < values.length; i++) {
            values[i] = toPaimonValue(row.get(i));
        }
        return org.apache.paimon.data.GenericRow.of(values);
    }

    private static Object toPaimonValue(Object v) {
        if (v instanceof Utf8String s) {
            return BinaryString.fromBytes(s.toBytes());
        }
        if (v instanceof Decimal d) {
            return org.apache.paimon.data.Decimal.fromBigDecimal(d.toBigDecimal(), d.precision(), d.scale());
        }
        if (v instanceof Timestamp t) {
            return org.apache.paimon.data.Timestamp.fromEpochMillis(t.millisecond(), t.nanoOfMillisecond());
        }
        if (v instanceof GenericRow r) {
            return toPaimonRow(r);
        }
        if (v instanceof GenericArray a) {
            Object[] out = new Object[a.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = toPaimonValue(a.get(i));
            }
            return new org.apache.paimon.data.GenericArray(out);
        }
        if (v instanceof GenericMap m) {
            Map<Object, Object> out = new LinkedHashMap<>();
            for (int i = 0; i < m.size(); i++) {
                out.put(toPaimonValue(m.keys().get(i)), toPaimonValue(m.values().get(i)));
            }
            return new org.apache.paimon.data.GenericMap(out);
        }
        return v;
    }

    /** A Paimon row (possibly reused by its reader) as a detached Strata row of the given type. */
    static GenericRow fromPaimonRow(InternalRow row, RowType type) {
        Object[] values = new Object[type.fieldCount()];
        for (int i = 0; i < values.length; i++) {
            org.apache.paimon.types.DataType pt = toPaimon(type.typeAt(i));
            values[i] = fromPaimonValue(InternalRow.createFieldGetter(pt, i).getFieldOrNull(row), type.typeAt(i));
        }
        return GenericRow.of(values);
    }

    private static Object fromPaimonValue(Object v, DataType type) {
        if (v == null) {
            return null;
        }
        if (v instanceof BinaryString s) {
            return Utf8String.fromBytes(s.toBytes());
        }
        if (v instanceof org.apache.paimon.data.Decimal d) {
            AtomicType a = (AtomicType) type;
            return Decimal.fromBigDecimal(d.toBigDecimal(), a.precision(), a.scale());
        }
        if (v instanceof org.apache.paimon.data.Timestamp t) {
            return Timestamp.of(t.getMillisecond(), t.getNanoOfMillisecond());
        }
        if (v instanceof byte[] b) {
            return b.clone();
        }
        if (type instanceof RowType rt) {
            return fromPaimonRow((InternalRow) v, rt);
        }
        if (type instanceof ArrayType at) {
            return fromPaimonArray((InternalArray) v, at.element());
        }
        if (type instanceof MapType mt) {
            InternalMap m = (InternalMap) v;
            return new GenericMap(fromPaimonArray(m.keyArray(), mt.key()), fromPaimonArray(m.valueArray(), mt.value()));
        }
        return v;
    }

    private static GenericArray fromPaimonArray(InternalArray array, DataType element) {
        InternalArray.ElementGetter getter = InternalArray.createElementGetter(toPaimon(element));
        Object[] out = new Object[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = fromPaimonValue(getter.getElementOrNull(array, i), element);
        }
        return new GenericArray(out);
    }
}
