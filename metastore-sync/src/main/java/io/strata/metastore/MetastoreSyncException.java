package io.strata.metastore;

/** A sync of a table to the Hive Metastore that failed; the message names the table, the snapshot and the step. */
public class MetastoreSyncException extends RuntimeException {

    public MetastoreSyncException(String message, Throwable cause) {
        super(message, cause);
    }

    public MetastoreSyncException(String message) {
        super(message);
    }
}
