package io.strata.data;

import io.strata.api.PublicApi;
import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import io.strata.types.TypeRoot;
import java.util.Arrays;

/**
 * A row held as Java objects of the internal value classes (Integer, Long, Utf8String, Decimal,
 * Timestamp, byte[], ...). The API's way to build rows to write, and a detached copy of a view row.
 */
@PublicApi
public final class GenericRow implements Row {

    private final Object[] values;
    private RowKind kind;

    public GenericRow(RowKind kind, Object... values) {
        this.kind = kind;
        this.values = values;
    }

    public GenericRow(int arity) {
        this(RowKind.INSERT, new Object[arity]);
    }

    /** An insert row of the given values. */
    public static GenericRow of(Object... values) {
        return new GenericRow(RowKind.INSERT, values);
    }

    /** A row of the given kind and values. */
    public static GenericRow ofKind(RowKind kind, Object... values) {
        return new GenericRow(kind, values);
    }

    public Object get(int pos) {
        return values[pos];
    }

    public void set(int pos, Object value) {
        values[pos] = value;
    }

    public void setKind(RowKind kind) {
        this.kind = kind;
    }

    /** A detached deep copy of any row of the given type: strings and nested values are copied. */
    public static GenericRow copyOf(Row row, RowType type) {
        Object[] copy = new Object[row.arity()];
        for (int i = 0; i < copy.length; i++) {
            copy[i] = copyValue(RowValues.get(row, i, type.typeAt(i)), type.typeAt(i));
        }
        return new GenericRow(row.kind(), copy);
    }

    static Object copyValue(Object v, DataType type) {
        if (v == null) {
            return null;
        }
        if (v instanceof Utf8String s) {
            return s.copy();
        }
        if (v instanceof byte[] b) {
            return b.clone();
        }
        if (type instanceof RowType rt) {
            return copyOf((Row) v, rt);
        }
        if (type instanceof ArrayType at) {
            return copyArray((ArrayData) v, at.element());
        }
        if (type instanceof MultisetType mt) {
            MapData m = (MapData) v;
            return new GenericMap(copyArray(m.keys(), mt.element()), copyArray(m.values(), new AtomicType(TypeRoot.INT, 0, 0, false)));
        }
        if (type instanceof MapType mt) {
            MapData m = (MapData) v;
            return new GenericMap(copyArray(m.keys(), mt.key()), copyArray(m.values(), mt.value()));
        }
        return v;
    }

    private static GenericArray copyArray(ArrayData a, DataType element) {
        Object[] out = new Object[a.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = copyValue(RowValues.get(a, i, element), element);
        }
        return new GenericArray(out);
    }

    @Override
    public int arity() {
        return values.length;
    }

    @Override
    public RowKind kind() {
        return kind;
    }

    @Override
    public boolean isNullAt(int pos) {
        return values[pos] == null;
    }

    @Override
    public boolean getBoolean(int pos) {
        return (Boolean) values[pos];
    }

    @Override
    public byte getByte(int pos) {
        return (Byte) values[pos];
    }

    @Override
    public short getShort(int pos) {
        return (Short) values[pos];
    }

    @Override
    public int getInt(int pos) {
        return (Integer) values[pos];
    }

    @Override
    public long getLong(int pos) {
        return (Long) values[pos];
    }

    @Override
    public float getFloat(int pos) {
        return (Float) values[pos];
    }

    @Override
    public double getDouble(int pos) {
        return (Double) values[pos];
    }

    @Override
    public Utf8String getString(int pos) {
        return (Utf8String) values[pos];
    }

    @Override
    public Decimal getDecimal(int pos, int precision, int scale) {
        return (Decimal) values[pos];
    }

    @Override
    public Timestamp getTimestamp(int pos, int precision) {
        return (Timestamp) values[pos];
    }

    @Override
    public byte[] getBinary(int pos) {
        return (byte[]) values[pos];
    }

    @Override
    public ArrayData getArray(int pos) {
        return (ArrayData) values[pos];
    }

    @Override
    public MapData getMap(int pos) {
        return (MapData) values[pos];
    }

    @Override
    public Row getRow(int pos, int arity) {
        return (Row) values[pos];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GenericRow r && kind == r.kind && Arrays.deepEquals(values, r.values);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(values) * 31 + kind.hashCode();
    }

    @Override
    public String toString() {
        return kind.shortString() + Arrays.deepToString(values);
    }
}
