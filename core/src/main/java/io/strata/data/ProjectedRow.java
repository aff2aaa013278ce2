package io.strata.data;

/**
 * A view of some fields of another row, in a given order. Reused: point it at the next row with
 * {@link #replace}. Used for keys (the primary-key fields of a value row) and for projections. A
 * position of -1 reads as null (a field the underlying row does not have).
 */
public final class ProjectedRow implements Row {

    private final int[] positions;
    private Row row;
    private RowKind kind;

    public ProjectedRow(int[] positions) {
        this.positions = positions;
    }

    /** Whether this view shows fields 0 to {@code arity() - 1} of its row in their own order. */
    public boolean isIdentity() {
        for (int i = 0; i < positions.length; i++) {
            if (positions[i] != i) {
                return false;
            }
        }
        return true;
    }

    public ProjectedRow replace(Row newRow) {
        this.row = newRow;
        this.kind = null;
        return this;
    }

    /** Overrides the kind reported by the view (null: the underlying row's kind). */
    public ProjectedRow withKind(RowKind newKind) {
        this.kind = newKind;
        return this;
    }

    @Override
    public int arity() {
        return positions.length;
    }

    @Override
    public RowKind kind() {
        return kind != null ? kind : row.kind();
    }

    @Override
    public boolean isNullAt(int pos) {
        return positions[pos] < 0 || row.isNullAt(positions[pos]);
    }

    @Override
    public boolean getBoolean(int pos) {
        return row.getBoolean(positions[pos]);
    }

    @Override
    public byte getByte(int pos) {
        return row.getByte(positions[pos]);
    }

    @Override
    public short getShort(int pos) {
        return row.getShort(positions[pos]);
    }

    @Override
    public int getInt(int pos) {
        return row.getInt(positions[pos]);
    }

    @Override
    public long getLong(int pos) {
        return row.getLong(positions[pos]);
    }

    @Override
    public float getFloat(int pos) {
        return row.getFloat(positions[pos]);
    }

    @Override
    public double getDouble(int pos) {
        return row.getDouble(positions[pos]);
    }

    @Override
    public Utf8String getString(int pos) {
        return row.getString(positions[pos]);
    }

    @Override
    public Decimal getDecimal(int pos, int precision, int scale) {
        return row.getDecimal(positions[pos], precision, scale);
    }

    @Override
    public Timestamp getTimestamp(int pos, int precision) {
        return row.getTimestamp(positions[pos], precision);
    }

    @Override
    public byte[] getBinary(int pos) {
        return row.getBinary(positions[pos]);
    }

    @Override
    public ArrayData getArray(int pos) {
        return row.getArray(positions[pos]);
    }

    @Override
    public MapData getMap(int pos) {
        return row.getMap(positions[pos]);
    }

    @Override
    public Row getRow(int pos, int arity) {
        return row.getRow(positions[pos], arity);
    }
}
