package io.strata.cli.ingest;

/**
 * An input record that cannot be loaded: where it is, why, and the text to put in a reject file.
 * {@code fatal} means reading cannot go on past it (broken CSV quoting), so it cannot be skipped.
 */
public final class RecordException extends Exception {

    private static final long serialVersionUID = 1L;

    private final long line;
    private final String rejectText;
    private final boolean fatal;

    /** Why reading stops at a byte sequence that is not UTF-8 (the input's encoding, which is never guessed). */
    public static final String NOT_UTF8 = "not valid UTF-8 (a malformed byte sequence on this line or the next):"
            + " ingest reads UTF-8 only and never replaces bytes it cannot decode; convert the input (iconv -f <its"
            + " encoding> -t UTF-8)";

    public RecordException(long line, String reason, String rejectText, boolean fatal) {
        super(reason);
        this.line = line;
        this.rejectText = rejectText;
        this.fatal = fatal;
    }

    /** The 1-based line the record starts on. */
    public long line() {
        return line;
    }

    /** The record as it should appear in a reject file. */
    public String rejectText() {
        return rejectText;
    }

    public boolean fatal() {
        return fatal;
    }
}
