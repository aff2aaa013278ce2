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
