package io.strata.manifest;

import io.strata.api.PublicApi;

/** Why a data file exists: written from incoming rows, or by compaction ({@code _FILE_SOURCE}). */
@PublicApi
public enum FileSource {
    APPEND((byte) 0),
    COMPACT((byte) 1);

    private final byte value;

    FileSource(byte value) {
        this.value = value;
    }

    /** The value stored in {@code _FILE_SOURCE}. */
    public byte toByteValue() {
        return value;
    }

    /** The source of a stored {@code _FILE_SOURCE} value; fails naming the value if it is unknown. */
    public static FileSource fromByteValue(byte value) {
        return switch (value) {
            case 0 -> APPEND;
            case 1 -> COMPACT;
            default -> throw new IllegalArgumentException("Unknown file source " + value + " (expected 0 APPEND or 1 COMPACT)");
        };
    }
}
