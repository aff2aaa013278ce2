package io.strata.reliability;

import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.table.BatchWrite;
import io.strata.table.StreamWrite;
import io.strata.table.Table;
import java.time.Duration;
import java.time.Instant;
import org.apache.hadoop.fs.Path;

/**
 * A process the crash trials kill with {@code SIGKILL}: {@code <mode> <table directory>}, where mode is
 * {@code ingest} (commits the next {@link ChangeBatches} batches one after another, printing
 * {@code committed <b>} after each commit returned), {@code stream} (the same through a stream write whose
 * commit identifier is the batch number, under one commit user for every stream worker; a worker whose user
 * committed the latest batch first replays it, which must be dropped), {@code compact} (full compactions, one
 * after another), {@code expire} (expires all but the last three snapshots, again and again) or {@code orphans}
 * (removes orphan files, again and again). It runs until killed.
 */
public final class TableWorker {

    /** The commit user of every stream worker: each one resumes the one before it. */
    static final String STREAM_USER = "crash-trials-stream";

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
            case "stream" -> {
                try (StreamWrite w = table.newStreamWrite(STREAM_USER)) {
                    long last = w.lastCommittedIdentifier().orElse(0);
                    int latest = lastBatch(table);
                    int b = latest + 1;
                    if (last == latest && latest > 0) {
                        // As a job restarted from a checkpoint before its last commit: it replays that commit,
                        // which has landed and must be dropped, not applied twice.
                        b = latest;
                    }
                    for (; ; b++) {
                        writeBatch(w, b);
                        boolean dropped = w.commit(b) < 0;
                        System.out.println((dropped ? "replay dropped " : "committed ") + b);
                        System.out.flush();
                    }
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

    private static void writeBatch(StreamWrite w, int b) {
        for (ChangeBatches.Change c : ChangeBatches.batch(b)) {
            if (c.value() == null) {
                w.delete(GenericRow.of(c.key(), null));
            } else {
                w.write(GenericRow.of(c.key(), Utf8String.fromString(c.value())));
            }
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
