package io.strata.hive;

import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.ddl.table.create.CreateTableDesc;

/**
 * {@code CREATE TABLE t STORED BY 'io.strata.hive.StrataStorageHandler' [TBLPROPERTIES (...)] AS SELECT ...}.
 * The handler asks Hive for a direct insert ({@code directInsert()}): Hive runs the CREATE TABLE first (the meta
 * hook writes the new Strata table, {@link ManagedTables}), then the query's tasks write into it as an INSERT's
 * do, then its move step commits everything as ONE APPEND snapshot ({@link StatementCommit}). While the
 * statement is compiled the table does not exist yet: the plan gets the table's location here, and the SerDe
 * takes the query's columns as the table's ({@link StrataConf#createdWithCtas}).
 *
 * <p>Hive does not undo a direct-insert CTAS whose tasks or commit fail: the created table would stay. A
 * query lifetime hook, {@link StatementRollbackHook}, drops it with its files; a CTAS is refused while it is compiled
 * (nothing is created) when the session does not run that hook.
 */
final class CreateTableAsSelect {

    private CreateTableAsSelect() {}

    /**
     * Prepares the CREATE TABLE of a CTAS while the statement compiles: refuses what Strata cannot do (a session
     * without {@link StatementRollbackHook}, PARTITIONED BY), and places the table where Hive would ({@code location}, Hive's default
     * location for the new table, translated as the metastore will) unless the DDL gave a LOCATION.
     *
     * @throws IllegalStateException naming the table and what to change; Hive fails the statement with it
     */
    static void prepare(Configuration conf, CreateTableDesc desc, String location) {
        String name = desc.getDbTableName();
        if (!rollbackHookRuns(conf)) {
            throw new IllegalStateException("CREATE TABLE " + name + " ... AS SELECT into a Strata table needs "
                    + StatementRollbackHook.class.getName() + " in " + StrataConf.QUERY_LIFETIME_HOOKS + " (hive-site.xml,"
                    + " or SET for the session), so that a CTAS that fails leaves no table behind (nothing was"
                    + " created)");
        }
        List<String> partitionColumns = desc.getPartColNames() == null ? List.of() : desc.getPartColNames();
        if (!partitionColumns.isEmpty()) {
            // Hive 4.1 plans PARTITIONED BY of a CTAS as a dynamic-partition write into metastore partitions, which a
            // Strata table does not have (it partitions itself): the rows would reach the table without those columns.
            throw new IllegalStateException("CREATE TABLE " + name + " PARTITIONED BY (" + String.join(", ", partitionColumns)
                    + ") ... AS SELECT: a Strata table created by a CTAS takes its partition columns from TBLPROPERTIES"
                    + " ('" + StrataConf.PARTITION + "'='" + String.join(",", partitionColumns) + "'), not from"
                    + " PARTITIONED BY (nothing was created)");
        }
        if (desc.getLocation() == null || desc.getLocation().isBlank()) {
            desc.setLocation(location);
        }
    }

    /** Whether the session's query lifetime hooks include {@link StatementRollbackHook}. */
    private static boolean rollbackHookRuns(Configuration conf) {
        String hooks = conf == null ? null : conf.get(StrataConf.QUERY_LIFETIME_HOOKS);
        return hooks != null && Arrays.stream(hooks.split(","))
                .anyMatch(h -> h.trim().equals(StatementRollbackHook.class.getName()));
    }
}
