package io.strata.manifest;

/** Whether a manifest entry adds a file to the table or removes one (docs/format.md section 4, {@code _KIND}). */
public enum FileKind {
    ADD((byte) 0),
    DELETE((byte) 1);

    private final byte value;

    FileKind(byte value) {
        this.value = value;
    }

    /** The value stored in {@code _KIND}. */
    public byte toByteValue() {
        return value;
    }

    /** The kind of a stored {@code _KIND} value; fails naming the value if it is unknown. */
    public static FileKind fromByteValue(byte value) {
        return switch (value) {
            case 0 -> ADD;
            case 1 -> DELETE;
            default -> throw new IllegalArgumentException("Unknown manifest entry kind " + value + " (expected 0 ADD or 1 DELETE)");
        };
    }
}
