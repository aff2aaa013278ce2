package io.strata.cli.hive;

/** A statement Hive rejected or failed, with the statement and Hive's reason. */
public final class SqlException extends Exception {

    private final String statement;

    public SqlException(String statement, String reason, Throwable cause) {
        super(reason, cause);
        this.statement = statement;
    }

    /** The statement that failed, as given. */
    public String statement() {
        return statement;
    }
}
