package io.strata.cli.ingest;

import java.util.List;

/**
 * What one input record (a CSV record, a JSON line, a Debezium event) turned into. Usually one change; none
 * for a blank line or a Kafka tombstone; two for a Debezium update that changed the primary key (delete of
 * the old key, upsert of the new row).
 *
 * @param line the 1-based line the record starts on
 * @param changes the changes, in order
 */
public record InputRecord(long line, List<Change> changes) {

    public InputRecord {
        changes = List.copyOf(changes);
    }
}
