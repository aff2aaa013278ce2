package io.strata.metastore.adopt;

import java.util.List;
import java.util.Objects;

/**
 * What adopting (or reverting) one metastore table did, or would do in a dry run.
 *
 * @param database the table's database
 * @param table the table's name
 * @param location the table's location (its Paimon/Strata table directory), or null if it has none
 * @param outcome what happened
 * @param changes one line per changed property, {@code name: old -> new}; empty when nothing changes
 * @param partitions how many of the table's partitions were (or would be) switched
 * @param reason why the table was refused or skipped; null otherwise
 */
public record Adoption(
        String database, String table, String location, Outcome outcome, List<String> changes, int partitions, String reason) {

    /** What adoption did with a table. */
    public enum Outcome {
        /** Switched to Strata's classes. */
        ADOPTED,
        /** A dry run: would be switched (see the changes). */
        WOULD_ADOPT,
        /** Already registered with Strata's classes by an earlier adoption: nothing to do. */
        ALREADY_ADOPTED,
        /** Switched back to the classes recorded at adoption. */
        REVERTED,
        /** A Paimon table that Strata cannot read: left unchanged (see the reason). */
        REFUSED,
        /** Not a table of Paimon's Hive catalog: left alone. */
        NOT_PAIMON
    }

    public Adoption {
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(outcome, "outcome");
        changes = List.copyOf(changes);
    }

    /** {@code database.table}. */
    public String tableName() {
        return database + "." + table;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(tableName()).append(": ").append(outcome);
        if (reason != null) {
            s.append(" (").append(reason).append(')');
        }
        for (String change : changes) {
            s.append("\n  ").append(change);
        }
        if (partitions > 0) {
            s.append("\n  ").append(partitions).append(" partition(s): input format, output format and SerDe");
        }
        return s.toString();
    }
}
