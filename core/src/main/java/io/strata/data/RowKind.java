package io.strata.data;

import io.strata.api.PublicApi;

/** The change a row carries: insert, update before/after, delete. The byte values are Paimon's. */
@PublicApi
public enum RowKind {
    INSERT("+I", (byte) 0),
    UPDATE_BEFORE("-U", (byte) 1),
    UPDATE_AFTER("+U", (byte) 2),
    DELETE("-D", (byte) 3);

    private static final RowKind[] BY_VALUE = values();

    private final String shortString;
    private final byte value;

    RowKind(String shortString, byte value) {
        this.shortString = shortString;
        this.value = value;
    }

    public String shortString() {
        return shortString;
    }

    public byte toByteValue() {
        return value;
    }

    /** Whether the row adds a value (+I, +U) rather than retracting one (-U, -D). */
    public boolean isAdd() {
        return this == INSERT || this == UPDATE_AFTER;
    }

    public static RowKind fromByteValue(byte value) {
        if (value < 0 || value >= BY_VALUE.length) {
            throw new IllegalArgumentException("Unknown row kind byte " + value + " (expected 0..3)");
        }
        return BY_VALUE[value];
    }

    public static RowKind fromShortString(String s) {
        for (RowKind k : BY_VALUE) {
            if (k.shortString.equals(s)) {
                return k;
            }
        }
        throw new IllegalArgumentException("Unknown row kind '" + s + "' (expected +I, -U, +U or -D)");
    }
}
