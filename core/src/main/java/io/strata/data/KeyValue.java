package io.strata.data;

/**
 * One record of a primary-key table as it sits in a data file: the key, the sequence number that
 * orders versions of the key, the kind of change, and the full value row. Mutable so that a reader
 * can reuse one instance per file; a consumer that keeps it past the next read must copy it.
 */
public final class KeyValue {

    private Row key;
    private long sequenceNumber;
    private RowKind valueKind;
    private Row value;

    public KeyValue replace(Row key, long sequenceNumber, RowKind valueKind, Row value) {
        this.key = key;
        this.sequenceNumber = sequenceNumber;
        this.valueKind = valueKind;
        this.value = value;
        return this;
    }

    public Row key() {
        return key;
    }

    public long sequenceNumber() {
        return sequenceNumber;
    }

    public RowKind valueKind() {
        return valueKind;
    }

    public Row value() {
        return value;
    }

    @Override
    public String toString() {
        return "KeyValue{key=" + key + ", seq=" + sequenceNumber + ", kind=" + valueKind + ", value=" + value + "}";
    }
}
