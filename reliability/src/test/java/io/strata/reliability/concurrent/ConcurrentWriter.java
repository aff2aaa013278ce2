package io.strata.reliability.concurrent;

import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.table.BatchWrite;
import io.strata.table.CommitException;
import io.strata.table.ExpireSnapshots;
import io.strata.table.Table;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;

/**
 * A process working on one table beside others ({@link ConcurrentWritersIT}), the table given by its URI
 * ({@code file:} or the test object store {@code objstore:}):
 * <ul>
 *   <li>{@code write <table> <writer> <commits> <pauseMillis> <goFile>}: once the go file appears (so that all
 *       writers start together), commits one new key and an update of the writer's own hot key per commit,
 *       printing {@code committed <commit> <snapshot>} after each;</li>
 *   <li>{@code compact <table> <stopFile>}: a full compaction every {@value #MAINTENANCE_PAUSE_MILLIS} ms until
 *       the stop file appears, then prints {@code compactions <landed> <gaveUp>};</li>
 *   <li>{@code expire <table> <stopFile>}: expires all but the newest five snapshots every
 *       {@value #MAINTENANCE_PAUSE_MILLIS} ms until the stop file appears, then prints
 *       {@code expirations <runs> <snapshotsExpired>}.</li>
 * </ul>
 * Keys and values are functions of writer and commit ({@link #key}, {@link #value}), so the test knows the
 * table's rows.
 */
public final class ConcurrentWriter {

    /** The pause between two compactions or expirations: maintenance runs often, not back to back. */
    static final long MAINTENANCE_PAUSE_MILLIS = 500;

    private ConcurrentWriter() {}

    /** The key the {@code commit}-th commit of {@code writer} adds. */
    static int key(int writer, int commit) {
        return (writer + 1) * 100_000 + commit;
    }

    static String value(int writer, int commit) {
        return "w" + writer + "c" + commit;
    }

    /** The key every commit of {@code writer} updates (to the commit's number). */
    static int hotKey(int writer) {
        return writer;
    }

    public static void main(String[] args) throws Exception {
        Configuration conf = new Configuration();
        conf.set("fs.objstore.impl", "io.strata.table.ObjectStoreFileSystem");
        Table table = Tables.load(new FileIO(conf), new org.apache.hadoop.fs.Path(args[1]));
        System.out.println("ready");
        System.out.flush();
        switch (args[0]) {
            case "write" -> {
                Path go = Path.of(args[5]);
                while (!Files.exists(go)) {
                    Thread.sleep(5);
                }
                write(table, Integer.parseInt(args[2]), Integer.parseInt(args[3]), Long.parseLong(args[4]));
            }
            case "compact" -> compact(table, Path.of(args[2]));
            case "expire" -> expire(table, Path.of(args[2]));
            default -> throw new IllegalArgumentException("Unknown mode " + args[0]);
        }
    }

    private static void write(Table table, int writer, int commits, long pauseMillis) throws Exception {
        for (int c = 0; c < commits; c++) {
            long snapshot;
            try (BatchWrite write = table.newBatchWrite()) {
                write.write(GenericRow.of(key(writer, c), Utf8String.fromString(value(writer, c))));
                write.write(GenericRow.of(hotKey(writer), Utf8String.fromString("c" + c)));
                snapshot = write.commit();
            }
            System.out.println("committed " + c + " " + snapshot);
            System.out.flush();
            Thread.sleep(pauseMillis);
        }
    }

    private static void compact(Table table, Path stopFile) {
        int landed = 0;
        int gaveUp = 0;
        while (!Files.exists(stopFile)) {
            try {
                if (table.compactFull() >= 0) {
                    landed++;
                }
            } catch (CommitException e) {
                gaveUp++;
                System.out.println("compaction gave up: " + e.getMessage());
            }
            pause();
        }
        System.out.println("compactions " + landed + " " + gaveUp);
    }

    private static void pause() {
        try {
            Thread.sleep(MAINTENANCE_PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void expire(Table table, Path stopFile) {
        int runs = 0;
        int expired = 0;
        while (!Files.exists(stopFile)) {
            ExpireSnapshots.Result result = table.expireSnapshots().retainLast(5).commit();
            runs++;
            expired += result.snapshotIds().size();
            pause();
        }
        System.out.println("expirations " + runs + " " + expired);
    }
}
