package io.strata.reliability;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.schema.Schema;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The batches the crash trials write, the table they go into, and the rows it must hold: batch {@code b} (from 1) upserts
 * {@link #ROWS_PER_BATCH} keys of {@code 0..KEYS-1} with the value {@code b<b>}, deletes one key every
 * fifth batch, and sets the marker row (key {@link #MARKER}) to {@code b}, so that any snapshot says
 * which batch it ends with and the rows it must hold follow from that number alone.
 */
final class ChangeBatches {

    static final int KEYS = 1000;
    static final int ROWS_PER_BATCH = 40;
    static final int MARKER = -1;

    /** The table the trials write: {@code db.crash}. */
    static final Identifier TABLE = Identifier.of("db", "crash");

    private ChangeBatches() {}

    /**
     * Creates {@link #TABLE}: a primary-key table {@code (k INT, v STRING)} of 2 buckets, with these options
     * besides.
     */
    static Table createTable(FileSystemCatalog catalog, Map<String, String> options) {
        catalog.createDatabase(TABLE.database(), true);
        Schema.Builder schema = Schema.newBuilder()
                .column("k", DataTypes.INT())
                .column("v", DataTypes.STRING())
                .primaryKey("k")
                .option("bucket", "2");
        options.forEach(schema::option);
        return catalog.createTable(TABLE, schema.build(), false);
    }

    /** A change of batch {@code b}: an upsert of {@code key} to {@code value}, or a delete (value null). */
    record Change(int key, String value) {}

    static List<Change> batch(int b) {
        List<Change> changes = new ArrayList<>();
        for (int i = 0; i < ROWS_PER_BATCH; i++) {
            changes.add(new Change((b * 37 + i * 7) % KEYS, "b" + b));
        }
        if (b % 5 == 0) {
            changes.add(new Change((b * 13 + 3) % KEYS, null));
        }
        changes.add(new Change(MARKER, Integer.toString(b)));
        return changes;
    }

    /** The rows after batches 1 to {@code last}, as {@code key -> value}. */
    static Map<Integer, String> after(int last) {
        Map<Integer, String> rows = new TreeMap<>();
        for (int b = 1; b <= last; b++) {
            for (Change c : batch(b)) {
                if (c.value() == null) {
                    rows.remove(c.key());
                } else {
                    rows.put(c.key(), c.value());
                }
            }
        }
        return rows;
    }
}
