package io.strata.cli.hive;

/** Where {@code strata sql} runs statements: the embedded Hive, or a HiveServer2 over JDBC. */
public interface SqlSession {

    /** What the shell's prompt and messages call this session. */
    String description();

    /**
     * Runs one statement (without its {@code ;}).
     *
     * @throws SqlException when the statement is rejected or fails, with the reason
     */
    QueryResult execute(String statement) throws SqlException;
}
