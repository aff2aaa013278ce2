package io.strata.reliability;

import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import java.time.Duration;
import java.time.Instant;
import org.apache.hadoop.fs.Path;

/**
 * A process the crash trials kill with {@code SIGKILL}: {@code <mode> <table directory>}, where mode is
 * {@code ingest} (commits the next {@link ChangeBatches} batches one after another, printing
 * {@code committed <b>} after each commit returned), {@code compact} (full compactions, one after another),
 * {@code expire} (expires all but the last three snapshots, again and again) or {@code orphans} (removes
 * orphan files, again and again). It runs until killed.
 */
public final class TableWorker {

    private TableWorker() {}

    public static void main(String[] args) throws Exception {
        Table table = Tables.load(FileIO.local(), new Path(args[1]));
        System.out.println("ready");
        System.out.flush();
        switch (args[0]) {
            case "ingest" -> {
                for (int b = lastBatch(table) + 1; ; b++) {
                    try (BatchWrite w = table.newBatchWrite()) {
                        for (ChangeBatches.Change c : ChangeBatches.batch(b)) {
                            if (c.value() == null) {
                                w.delete(GenericRow.of(c.key(), null));
                            } else {
                                w.write(GenericRow.of(c.key(), Utf8String.fromString(c.value())));
                            }
                        }
                        w.commit();
                    }
                    System.out.println("committed " + b);
                    System.out.flush();
                }
            }
            case "compact" -> {
                while (true) {
                    table.compactFull();
                }
            }
            case "expire" -> {
                while (true) {
                    table.expireSnapshots().retainLast(3).commit();
                }
            }
            case "orphans" -> {
                while (true) {
                    table.removeOrphanFiles().olderThan(Instant.now().minus(Duration.ofMillis(1))).execute();
                }
            }
            default -> throw new IllegalArgumentException("Unknown mode " + args[0]);
        }
    }

    /** The batch the table's latest snapshot ends with (0 for none), read from the marker row. */
    static int lastBatch(Table table) throws Exception {
        if (table.latestSnapshot().isEmpty()) {
            return 0;
        }
        var plan = table.newScan().plan();
        var read = table.newRead(plan);
        for (var split : plan.splits()) {
            try (var rows = read.open(split)) {
                while (rows.hasNext()) {
                    Row r = rows.next();
                    if (r.getInt(0) == ChangeBatches.MARKER) {
                        return Integer.parseInt(r.getString(1).toString());
                    }
                }
            }
        }
        return 0;
    }
}
