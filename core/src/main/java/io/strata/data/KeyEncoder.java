package io.strata.data;

import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.RowType;

/**
 * Encodes some fields of a row (a partition, a primary key, a bucket key) as a BinaryRow, field by
 * field with typed getters, reusing one buffer.
 */
public final class KeyEncoder {

    private final int[] positions;
    private final DataType[] types;
    private final BinaryRowWriter writer;

    public KeyEncoder(RowType rowType, int[] positions) {
        this.positions = positions;
        this.types = new DataType[positions.length];
        for (int i = 0; i < positions.length; i++) {
            types[i] = rowType.typeAt(positions[i]);
        }
        this.writer = new BinaryRowWriter(positions.length);
    }

    private BinaryRow last;

    /** The fields of {@code row} as a BinaryRow of row kind +I (the previous one if the bytes are equal). */
    public BinaryRow encode(Row row) {
        write(row);
        if (last == null || !writer.contentEquals(last)) {
            last = writer.complete();
        }
        return last;
    }

    /** Paimon's hash of the fields of {@code row} encoded as a BinaryRow, without creating one. */
    public int hash(Row row) {
        write(row);
        return writer.murmurHash();
    }

    private void write(Row row) {
        writer.reset();
        for (int i = 0; i < positions.length; i++) {
            int p = positions[i];
            DataType t = types[i];
            if (row.isNullAt(p)) {
                writer.writeNull(i, t);
                continue;
            }
            switch (t.root()) {
                case BOOLEAN -> writer.writeBoolean(i, row.getBoolean(p));
                case TINYINT -> writer.writeByte(i, row.getByte(p));
                case SMALLINT -> writer.writeShort(i, row.getShort(p));
                case INT, DATE, TIME -> writer.writeInt(i, row.getInt(p));
                case BIGINT -> writer.writeLong(i, row.getLong(p));
                case FLOAT -> writer.writeFloat(i, row.getFloat(p));
                case DOUBLE -> writer.writeDouble(i, row.getDouble(p));
                case CHAR, VARCHAR -> writer.writeString(i, row.getString(p));
                case BINARY, VARBINARY -> writer.writeBinary(i, row.getBinary(p));
                case DECIMAL -> {
                    AtomicType a = (AtomicType) t;
                    writer.writeDecimal(i, row.getDecimal(p, a.precision(), a.scale()), a.precision());
                }
                case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> {
                    int precision = ((AtomicType) t).precision();
                    writer.writeTimestamp(i, row.getTimestamp(p, precision), precision);
                }
                case ARRAY, MAP, MULTISET, ROW -> throw new IllegalArgumentException(
                        "Column of type " + t.asSqlString() + " cannot be part of a key or partition");
            }
        }
    }
}
