package io.strata.schema;

import java.util.Locale;

/** Parses memory sizes the way Paimon's options spell them: {@code 128mb}, {@code 1 gb}, {@code 64kb}, {@code 1024}. */
final class MemorySize {

    static final long KIB = 1024L;
    static final long MIB = KIB * 1024;
    static final long GIB = MIB * 1024;
    static final long TIB = GIB * 1024;

    private MemorySize() {}

    /** The number of bytes in {@code text}: a number, optional spaces, an optional unit (bytes if none). */
    static long parseBytes(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        int end = 0;
        while (end < t.length() && Character.isDigit(t.charAt(end))) {
            end++;
        }
        if (end == 0) {
            throw new IllegalArgumentException("a memory size must start with a number, e.g. '128 mb'");
        }
        long number = Long.parseLong(t.substring(0, end));
        String unit = t.substring(end).trim();
        long multiplier =
                switch (unit) {
                    case "", "b", "bytes" -> 1L;
                    case "k", "kb", "kibibytes" -> KIB;
                    case "m", "mb", "mebibytes" -> MIB;
                    case "g", "gb", "gibibytes" -> GIB;
                    case "t", "tb", "tebibytes" -> TIB;
                    default -> throw new IllegalArgumentException(
                            "unknown memory unit '" + unit + "' (expected b, kb, mb, gb or tb)");
                };
        if (number > Long.MAX_VALUE / multiplier) {
            throw new IllegalArgumentException("memory size overflows a long");
        }
        return number * multiplier;
    }
}
