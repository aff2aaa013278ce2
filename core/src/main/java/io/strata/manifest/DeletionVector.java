package io.strata.manifest;

import java.util.Objects;
import org.roaringbitmap.RoaringBitmap;

/**
 * The deleted row positions of one data file (deletion-vectors mode): a 32-bit RoaringBitmap, as
 * Paimon stores it. Positions are 0-based row numbers in the file. Mutable while a writer builds it.
 */
public final class DeletionVector {

    private final RoaringBitmap bitmap;

    private DeletionVector(RoaringBitmap bitmap) {
        this.bitmap = bitmap;
    }

    /** A vector with no deleted rows. */
    public static DeletionVector empty() {
        return new DeletionVector(new RoaringBitmap());
    }

    /** A vector of the given deleted positions. */
    public static DeletionVector of(long... positions) {
        DeletionVector dv = empty();
        for (long p : positions) {
            dv.delete(p);
        }
        return dv;
    }

    /** Wraps a bitmap (not copied). */
    public static DeletionVector wrap(RoaringBitmap bitmap) {
        return new DeletionVector(Objects.requireNonNull(bitmap, "bitmap"));
    }

    /** Marks the row at {@code position} deleted. */
    public void delete(long position) {
        bitmap.add(checkPosition(position));
    }

    /** Adds every deletion of {@code other}. */
    public void merge(DeletionVector other) {
        bitmap.or(other.bitmap);
    }

    public boolean isDeleted(long position) {
        return position >= 0 && position <= Integer.MAX_VALUE && bitmap.contains((int) position);
    }

    /**
     * The first deleted position at or after {@code position}, or -1 if there is none: readers step from one
     * deletion to the next instead of asking about every row.
     */
    public long nextDeleted(long position) {
        if (position > Integer.MAX_VALUE) {
            return -1;
        }
        return bitmap.nextValue((int) Math.max(0, position));
    }

    /** The number of deleted rows. */
    public long cardinality() {
        return bitmap.getLongCardinality();
    }

    public boolean isEmpty() {
        return bitmap.isEmpty();
    }

    /** The underlying bitmap; read only for callers. */
    public RoaringBitmap bitmap() {
        return bitmap;
    }

    private static int checkPosition(long position) {
        if (position < 0 || position > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("Row position " + position + " is outside what a 32-bit deletion vector holds"
                    + " (0 to " + Integer.MAX_VALUE + ")");
        }
        return (int) position;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DeletionVector dv && bitmap.equals(dv.bitmap);
    }

    @Override
    public int hashCode() {
        return bitmap.hashCode();
    }

    @Override
    public String toString() {
        return "DeletionVector" + bitmap;
    }
}
