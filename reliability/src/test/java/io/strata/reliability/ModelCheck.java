package io.strata.reliability;

import io.strata.data.Row;
import io.strata.fs.FileIO;
import io.strata.snapshot.SnapshotManager;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.Table;
import io.strata.table.TableRead;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What the crash trials check after a kill: every snapshot present reads, and equals the model of the
 * {@link ChangeBatches} batch its marker row names (a snapshot that holds part of a batch differs from every
 * model).
 */
final class ModelCheck {

    private ModelCheck() {}

    /** Reads every snapshot present; returns {snapshots read, unreadable, not equal to their batch's model}. */
    static int[] snapshots(Table table, Path tableDir, String trial, List<String> problems) throws Exception {
        SnapshotManager snapshots = new SnapshotManager(FileIO.local(), new org.apache.hadoop.fs.Path(tableDir.toUri()));
        int read = 0;
        int corrupt = 0;
        int partial = 0;
        for (long id : snapshots.listIds()) {
            Map<Integer, String> rows;
            try {
                rows = rowsOf(table, table.newScan().asOfSnapshot(id).plan());
            } catch (Exception e) {
                if (!snapshots.snapshotExists(id)) {
                    continue;
                }
                corrupt++;
                problems.add(trial + ": snapshot " + id + " cannot be read: " + e);
                continue;
            }
            read++;
            String marker = rows.get(ChangeBatches.MARKER);
            int batch = marker == null ? 0 : Integer.parseInt(marker);
            if (!rows.equals(ChangeBatches.after(batch))) {
                partial++;
                problems.add(trial + ": snapshot " + id + " (batch " + batch + ") differs from the model");
            }
        }
        return new int[] {read, corrupt, partial};
    }

    private static Map<Integer, String> rowsOf(Table table, Plan plan) throws Exception {
        Map<Integer, String> rows = new TreeMap<>();
        TableRead read = table.newRead(plan);
        for (Split split : plan.splits()) {
            try (var it = read.open(split)) {
                while (it.hasNext()) {
                    Row r = it.next();
                    rows.put(r.getInt(0), r.getString(1).toString());
                }
            }
        }
        return rows;
    }

    /** The files of the table's manifest and snapshot directories. */
    static Set<String> metadataFiles(Path tableDir) throws Exception {
        Set<String> names = new HashSet<>();
        for (String sub : new String[] {"manifest", "snapshot"}) {
            Path d = tableDir.resolve(sub);
            if (Files.isDirectory(d)) {
                try (Stream<Path> files = Files.list(d)) {
                    files.forEach(p -> names.add(sub + "/" + p.getFileName()));
                }
            }
        }
        return names;
    }
}
