package io.strata.reliability;

import io.strata.catalog.Tables;
import io.strata.cli.hive.EmbeddedHiveSession;
import io.strata.cli.hive.HiveEngine;
import io.strata.fs.FileIO;
import io.strata.table.Table;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A Hive process the Hive crash trials kill with {@code SIGKILL}: {@code <warehouse> <table directory> <TEZ|MR>}.
 * It starts the warehouse's embedded Hive 4.1 (the one {@code strata sql} runs), registers the table, prints
 * {@code ready}, then writes the next {@link ChangeBatches} batches one HiveQL {@code MERGE} each (upserts and,
 * every fifth batch, a delete: one statement, one commit), printing {@code committed <b>} after each statement
 * returned. It runs until killed.
 */
public final class HiveWriter {

    private HiveWriter() {}

    public static void main(String[] args) throws Exception {
        Path warehouse = Path.of(args[0]);
        String location = args[1];
        HiveEngine engine = HiveEngine.valueOf(args[2]);
        Table table = Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(location));
        EmbeddedHiveSession hive = EmbeddedHiveSession.open(warehouse, engine);
        hive.execute("CREATE DATABASE IF NOT EXISTS db");
        hive.execute("CREATE EXTERNAL TABLE IF NOT EXISTS db.crash STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + location + "'");
        System.out.println("ready");
        System.out.flush();
        for (int b = TableWorker.lastBatch(table) + 1; ; b++) {
            hive.execute(merge(b));
            System.out.println("committed " + b);
            System.out.flush();
        }
    }

    /**
     * Batch {@code b} as one MERGE. A MERGE takes one source row per key, so the source is the batch's net change
     * per key (its last change wins, as when the batch is written through the core's API).
     */
    static String merge(int b) {
        Map<Integer, String> net = new TreeMap<>();
        for (ChangeBatches.Change c : ChangeBatches.batch(b)) {
            net.put(c.key(), c.value());
        }
        List<String> rows = new ArrayList<>();
        net.forEach((key, value) -> rows.add("named_struct('k', " + key + ", 'v', "
                + (value == null ? "CAST(NULL AS STRING)" : "'" + value + "'") + ")"));
        return "MERGE INTO db.crash t USING (SELECT inline(array(" + String.join(", ", rows) + "))) s ON t.k = s.k"
                + " WHEN MATCHED AND s.v IS NULL THEN DELETE"
                + " WHEN MATCHED THEN UPDATE SET v = s.v"
                + " WHEN NOT MATCHED AND s.v IS NOT NULL THEN INSERT VALUES (s.k, s.v)";
    }
}
