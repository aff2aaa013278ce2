package io.strata.cli.hive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.hive.ql.exec.Utilities;
import org.apache.hadoop.hive.ql.io.IOContextMap;
import org.apache.hadoop.mapred.JobConf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A query whose Tez task fails (a corrupt data file, found only when a task reads it), then good queries in
 * the same embedded Hive: they must return their rows, on Tez and on MapReduce. The failure names the file on
 * both engines (on MapReduce through {@link io.strata.hive.LocalTaskFailures}). Before
 * {@link EmbeddedHiveSession} cleared the input contexts Hive's tasks leave in the JVM, every later Tez query
 * returned no rows and no error. Its own JVM (failsafe forks one per IT class): the failure is the point.
 */
class TezTaskFailureIT {

    @TempDir
    static Path dir;

    private static Table newTable(FileSystemCatalog catalog, String name) {
        Table table = catalog.createTable(Identifier.of("db", name), Schema.newBuilder()
                .column("id", DataTypes.INT())
                .column("v", DataTypes.STRING())
                .primaryKey("id")
                .option("bucket", "1")
                .build(), false);
        try (BatchWrite w = table.newBatchWrite()) {
            for (int i = 0; i < 50; i++) {
                w.write(GenericRow.of(i, Utf8String.fromString("v" + (i % 5))));
            }
            w.commit();
        }
        return table;
    }

    private static Path onlyDataFile(Table table) throws Exception {
        String name = table.newScan().plan().splits().get(0).files().get(0).fileName();
        try (var files = Files.walk(Path.of(table.location().toUri()))) {
            return files.filter(p -> p.getFileName().toString().equals(name)).findFirst().orElseThrow();
        }
    }

    private static List<List<String>> rows(EmbeddedHiveSession hive, String sql) throws SqlException {
        QueryResult result = hive.execute(sql);
        System.out.println("[TezTaskFailureIT] " + result.millis() + " ms, " + result.rows().size() + " rows: " + sql);
        return result.rows();
    }

    @Test
    void queriesAfterAFailedTezTaskReturnTheirRows() throws Exception {
        Path warehouse = dir.resolve("wh");
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()));
        catalog.createDatabase("db", true);
        newTable(catalog, "good");
        Table broken = newTable(catalog, "broken");

        EmbeddedHiveSession hive = EmbeddedHiveSession.open(warehouse, HiveEngine.TEZ);
        hive.execute("CREATE DATABASE IF NOT EXISTS db");
        for (String name : List.of("good", "broken")) {
            hive.execute("CREATE EXTERNAL TABLE db." + name + " STORED BY 'io.strata.hive.StrataStorageHandler'"
                    + " LOCATION '" + catalog.tablePath(Identifier.of("db", name)) + "'");
        }
        // The engine reads, not a fetch task in the client.
        hive.execute("SET hive.fetch.task.conversion=none");
        // A map and a reducer vertex; a map-only one (its FileSink writes the result).
        String groupBy = "SELECT v, count(*) FROM db.good GROUP BY v ORDER BY v";
        List<List<String>> groups = List.of(List.of("v0", "10"), List.of("v1", "10"), List.of("v2", "10"),
                List.of("v3", "10"), List.of("v4", "10"));
        String mapOnly = "SELECT id, v FROM db.good WHERE id = 7";
        List<List<String>> row7 = List.of(List.of("7", "v2"));
        assertThat(rows(hive, groupBy)).isEqualTo(groups);
        assertThat(rows(hive, mapOnly)).isEqualTo(row7);

        Path file = onlyDataFile(broken);
        byte[] garbage = new byte[(int) Files.size(file)];
        Arrays.fill(garbage, (byte) 0x5a);
        Files.write(file, garbage);
        // The reader throws in the task: the DAG fails, and its diagnostics name the file.
        assertThatThrownBy(() -> hive.execute("SELECT v, count(*) FROM db.broken GROUP BY v"))
                .isInstanceOf(SqlException.class).hasMessageContaining("TezTask").hasMessageContaining(file.toString());
        // MapReduce: Hive says only "return code 2 from MapRedTask"; the session adds the reader's failure.
        hive.execute("SET hive.execution.engine=mr");
        assertThatThrownBy(() -> hive.execute("SELECT v, count(*) FROM db.broken GROUP BY v"))
                .isInstanceOf(SqlException.class).hasMessageContaining("return code 2").hasMessageContaining("MapRedTask")
                .hasMessageContaining("The task failed: Reading").hasMessageContaining(file.toString());
        hive.execute("SET hive.execution.engine=tez");

        // Before the fix: 0 rows each, no error (measured).
        assertThat(rows(hive, groupBy)).isEqualTo(groups);
        assertThat(rows(hive, mapOnly)).isEqualTo(row7);
        assertThat(rows(hive, "SELECT count(*) FROM db.good")).isEqualTo(List.of(List.of("50")));
        hive.execute("SET hive.execution.engine=mr");
        assertThat(rows(hive, groupBy)).isEqualTo(groups);
        hive.execute("SET hive.execution.engine=tez");
        assertThat(rows(hive, groupBy)).isEqualTo(groups);
    }

    /**
     * A read that fails once and succeeds on Tez's retry of the task (a transient fault: the file is restored
     * as soon as the first attempt's reader threw). Measured before {@link TaskInputContextReset}: the query
     * succeeded with no rows, the retry having found the failed attempt's flag in the same JVM.
     */
    @Test
    void aReadThatFailsOnceAndSucceedsOnItsRetryReturnsAllRows() throws Exception {
        Path warehouse = dir.resolve("wh");
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()));
        catalog.createDatabase("db", true);
        Table flaky = newTable(catalog, "flaky");
        EmbeddedHiveSession hive = EmbeddedHiveSession.open(warehouse, HiveEngine.TEZ);
        hive.execute("CREATE DATABASE IF NOT EXISTS db");
        hive.execute("CREATE EXTERNAL TABLE db.flaky STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + catalog.tablePath(Identifier.of("db", "flaky")) + "'");
        hive.execute("SET hive.fetch.task.conversion=none");
        String groupBy = "SELECT v, count(*) FROM db.flaky GROUP BY v ORDER BY v";
        List<List<String>> groups = List.of(List.of("v0", "10"), List.of("v1", "10"), List.of("v2", "10"),
                List.of("v3", "10"), List.of("v4", "10"));

        Path file = onlyDataFile(flaky);
        byte[] original = Files.readAllBytes(file);
        byte[] garbage = new byte[original.length];
        Arrays.fill(garbage, (byte) 0x5a);
        Files.write(file, garbage);
        // The scan's vertex is "Map 1": its Hive input context shows when a reader threw.
        JobConf probe = new JobConf(false);
        probe.set(Utilities.INPUT_NAME, "Map 1");
        AtomicBoolean restored = new AtomicBoolean();
        Thread restorer = new Thread(() -> {
            long end = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
            try {
                while (System.nanoTime() < end) {
                    if (IOContextMap.get(probe).getIOExceptions()) {
                        Files.write(file, original);
                        restored.set(true);
                        return;
                    }
                    Thread.sleep(1);
                }
            } catch (IOException | InterruptedException e) {
                // The assertion on restored reports it.
            }
        });
        restorer.setDaemon(true);
        restorer.start();
        List<List<String>> rows = rows(hive, groupBy);
        restorer.join();
        assertThat(restored).as("the first attempt's read failed").isTrue();
        assertThat(rows).isEqualTo(groups);
    }
}
