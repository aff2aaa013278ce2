package io.strata.table;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The main of a process that works on one table beside others ({@link CompactionBesideWriterProcessesIT}):
 * {@code write <warehouse> <writer> <commits> <pauseMillis>} commits {@link #ROWS_PER_COMMIT} upserts at a
 * time with a pause between commits; {@code compact <warehouse>} runs one full compaction, as
 * {@code strata compact} does in a fresh JVM. Keys and values are a function of writer and commit, so
 * the test can compute the table's rows.
 */
public final class BusyTableProcess {

    static final int ROWS_PER_COMMIT = 5;
    static final int KEYS_PER_WRITER = 300;
    static final Identifier TABLE = Identifier.of("db", "busy");

    private BusyTableProcess() {}

    /** The key of row {@code row} of commit {@code commit} of {@code writer}. */
    static int key(int writer, int commit, int row) {
        return writer * 1000 + (commit * ROWS_PER_COMMIT + row) % KEYS_PER_WRITER;
    }

    static String value(int writer, int commit) {
        return "w" + writer + "c" + commit;
    }

    public static void main(String[] args) throws Exception {
        FileSystemCatalog catalog = new FileSystemCatalog(new FileIO(new Configuration()), new Path(args[1]));
        Table table = catalog.loadTable(TABLE);
        switch (args[0]) {
            case "write" -> {
                int writer = Integer.parseInt(args[2]);
                int commits = Integer.parseInt(args[3]);
                long pause = Long.parseLong(args[4]);
                System.out.println("ready");
                for (int c = 0; c < commits; c++) {
                    try (BatchWrite write = table.newBatchWrite()) {
                        for (int r = 0; r < ROWS_PER_COMMIT; r++) {
                            write.write(GenericRow.of(key(writer, c, r), Utf8String.fromString(value(writer, c))));
                        }
                        write.commit();
                    }
                    Thread.sleep(pause);
                }
                System.out.println("committed " + commits);
            }
            case "compact" -> {
                long start = System.nanoTime();
                TableCompaction.Result result = table.newCompaction().run();
                System.out.println("compacted " + result.snapshotId() + " " + result.filesBefore() + " "
                        + (System.nanoTime() - start) / 1_000_000);
            }
            default -> throw new IllegalArgumentException("Unknown mode " + args[0]);
        }
    }
}
