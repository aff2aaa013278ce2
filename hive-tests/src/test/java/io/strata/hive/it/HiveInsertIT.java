package io.strata.hive.it;

import static io.strata.hive.it.WrittenTables.coreRows;
import static io.strata.hive.it.WrittenTables.dataFiles;
import static io.strata.hive.it.WrittenTables.latestKind;
import static io.strata.hive.it.WrittenTables.local;
import static io.strata.hive.it.WrittenTables.reload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.fs.FileIO;
import io.strata.hive.write.BucketUdf;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.snapshot.CommitKind;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code INSERT INTO} and {@code INSERT OVERWRITE} of a Strata table from HiveQL, on Tez and on MapReduce: the
 * rows Hive reads back, the rows Strata's core reads, the rows Apache Paimon reads (the format's oracle), one
 * snapshot per statement of the kind Paimon expects, nothing left behind by a statement that fails.
 */
class HiveInsertIT {

    private static EmbeddedHive hive;
    private static FileSystemCatalog catalog;

    @BeforeAll
    static void warehouse() {
        hive = EmbeddedHive.get();
        Path warehouse = hive.newDirectory("strata-insert");
        catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()));
        catalog.createDatabase("w", true);
        hive.query("CREATE TABLE IF NOT EXISTS strata_it.insert_source (id INT, name STRING, amount DECIMAL(10,2),"
                + " dt STRING) STORED AS ORC");
        hive.query("INSERT OVERWRITE TABLE strata_it.insert_source VALUES (1, 'a', 1.50, '2024-01-01'),"
                + " (2, 'b', 2.25, '2024-01-01'), (3, 'c', NULL, '2024-01-02'), (4, NULL, 4.00, '2024-01-02')");
    }

    private static Table appendTable(String name) {
        Table table = catalog.createTable(Identifier.of("w", name), Schema.newBuilder()
                .column("id", DataTypes.INT())
                .column("name", DataTypes.STRING())
                .column("amount", DataTypes.DECIMAL(10, 2))
                .option("bucket", "2").option("bucket-key", "id")
                .build(), false);
        hive.query("CREATE EXTERNAL TABLE strata_it." + name + " STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + table.location() + "'");
        return table;
    }

    private static Table primaryKeyTable(String name) {
        Table table = catalog.createTable(Identifier.of("w", name), Schema.newBuilder()
                .column("id", DataTypes.INT().withNullable(false))
                .column("name", DataTypes.STRING())
                .column("amount", DataTypes.DECIMAL(10, 2))
                .column("dt", DataTypes.STRING().withNullable(false))
                .partitionKeys("dt")
                .primaryKey("dt", "id")
                .option("bucket", "2")
                .build(), false);
        hive.query("CREATE EXTERNAL TABLE strata_it." + name + " STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + table.location() + "'");
        return table;
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void insertValuesIntoAnAppendTableIsOneAppendSnapshot(Engine engine) {
        String name = "ins_append_" + engine.setting();
        Table table = appendTable(name);
        hive.query(ExecutionMode.of(engine, true), "INSERT INTO strata_it." + name
                + " VALUES (1, 'one', 1.10), (2, 'two', NULL), (3, NULL, 3.30)");
        List<String> expected = List.of("1\tone\t1.10", "2\ttwo\tNULL", "3\tNULL\t3.30");
        assertThat(hive.query("SELECT * FROM strata_it." + name)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(coreRows(table)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(PaimonReader.rows(table)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(PaimonReader.latestKind(table)).isEqualTo("APPEND");
        Table reloaded = reload(table);
        assertThat(reloaded.snapshots().listIds()).containsExactly(1L);
        assertThat(reloaded.latestSnapshot().orElseThrow().commitKind()).isEqualTo(CommitKind.APPEND);
        assertThat(Files.exists(local(table).resolve(".strata-staging"))).as("staging removed").isFalse();

        hive.query(ExecutionMode.of(engine, true), "INSERT INTO strata_it." + name + " SELECT id + 10, name, amount"
                + " FROM strata_it.insert_source");
        assertThat(hive.query("SELECT count(*), sum(id) FROM strata_it." + name)).containsExactly("7\t56");
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void insertIntoAPartitionedPrimaryKeyTableUpsertsByKey(Engine engine) {
        String name = "ins_pk_" + engine.setting();
        Table table = primaryKeyTable(name);
        ExecutionMode mode = ExecutionMode.of(engine, true);
        hive.query(mode, "INSERT INTO strata_it." + name + " SELECT id, name, amount, dt FROM strata_it.insert_source");
        hive.query(mode, "INSERT INTO strata_it." + name + " VALUES (2, 'b2', 20.00, '2024-01-01'),"
                + " (5, 'e', 5.00, '2024-01-03')");
        List<String> expected = List.of("1\ta\t1.50\t2024-01-01", "2\tb2\t20.00\t2024-01-01",
                "3\tc\tNULL\t2024-01-02", "4\tNULL\t4.00\t2024-01-02", "5\te\t5.00\t2024-01-03");
        assertThat(hive.query("SELECT * FROM strata_it." + name)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(coreRows(table)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(PaimonReader.rows(table)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(hive.query("SELECT name FROM strata_it." + name + " WHERE dt = '2024-01-01' AND id = 2"))
                .containsExactly("b2");
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void aStatementThatWritesNoRowCommitsNothing(Engine engine) {
        String name = "ins_empty_" + engine.setting();
        Table table = appendTable(name);
        hive.query(ExecutionMode.of(engine, true), "INSERT INTO strata_it." + name
                + " SELECT id, name, amount FROM strata_it.insert_source WHERE id > 100");
        assertThat(reload(table).latestSnapshot()).isEmpty();
        assertThat(dataFiles(table)).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void aFailingStatementLeavesTheTableAsItWasAndNoFiles(Engine engine) throws Exception {
        String name = "ins_fail_" + engine.setting();
        Table table = primaryKeyTable(name);
        ExecutionMode mode = ExecutionMode.of(engine, true);
        hive.query(mode, "INSERT INTO strata_it." + name + " VALUES (1, 'a', 1.00, '2024-01-01')");
        List<Path> before = dataFiles(table);
        // The second row has a null primary key: the task fails after writing the first.
        assertThatThrownBy(() -> hive.run(mode, "INSERT INTO strata_it." + name
                + " SELECT id, name, amount, dt FROM (SELECT 7 AS id, 'x' AS name, CAST(1 AS DECIMAL(10,2)) AS amount,"
                + " '2024-01-05' AS dt UNION ALL SELECT CAST(NULL AS INT), 'y', CAST(2 AS DECIMAL(10,2)),"
                + " '2024-01-05') s"))
                .isInstanceOf(CommandProcessorException.class);
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L);
        assertThat(hive.query("SELECT id FROM strata_it." + name)).containsExactly("1");
        assertThat(PaimonReader.rows(table)).containsExactly("1\ta\t1.00\t2024-01-01");
        assertThat(dataFiles(table)).containsExactlyInAnyOrderElementsOf(before);
        assertThat(Files.exists(local(table).resolve(".strata-staging"))).as("staging removed").isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void theCommitRunsTheMetastoreSync(Engine engine) {
        String name = "ins_synced_" + engine.setting();
        Table table = catalog.createTable(Identifier.of("w", name), Schema.newBuilder()
                .column("id", DataTypes.INT().withNullable(false))
                .column("name", DataTypes.STRING())
                .column("dt", DataTypes.STRING().withNullable(false))
                .partitionKeys("dt")
                .primaryKey("dt", "id")
                .option("bucket", "1")
                .option("metastore.sync.uri", "embedded")
                .option("metastore.sync.database", "strata_it")
                .option("metastore.sync.table", name + "_synced")
                .build(), false);
        hive.query("CREATE EXTERNAL TABLE strata_it." + name + " STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + table.location() + "'");
        hive.query(ExecutionMode.of(engine, true), "INSERT INTO strata_it." + name
                + " VALUES (1, 'a', '2024-02-01'), (2, 'b', '2024-02-02')");
        // The commit callback registered the table, partitioned, as of the statement's snapshot.
        assertThat(hive.query("SHOW PARTITIONS strata_it." + name + "_synced"))
                .containsExactly("dt=2024-02-01", "dt=2024-02-02");
        assertThat(hive.query("SELECT id, name, dt FROM strata_it." + name + "_synced WHERE dt = '2024-02-02'"))
                .containsExactly("2\tb\t2024-02-02");
        // The entry the sync registered (metastore partitions) takes writes too: Hive names each row's partition
        // in the path it writes to, the writer fills the partition column in, the sync registers new partitions.
        ExecutionMode mode = ExecutionMode.of(engine, true);
        String synced = "strata_it." + name + "_synced";
        hive.query(mode, "INSERT INTO " + synced + " PARTITION (dt='2024-02-03') VALUES (3, 'c')");
        hive.query(mode, "INSERT INTO " + synced + " PARTITION (dt='2024-02-04') VALUES (4, 'd')");
        hive.query(mode, "INSERT INTO " + synced + " PARTITION (dt='2024-02-01') VALUES (1, 'a2')");
        // Dynamic partitions: Hive opens each partition's writer on the table's own path and keeps the values in
        // the rows, after the columns it shows the SerDe; one statement, one snapshot, the sync adds the partitions.
        long before = reload(table).snapshots().latestSnapshotId();
        // dt is in the primary key (NOT NULL): a row without it fails the statement, which writes nothing.
        assertThatThrownBy(() -> hive.run(mode, "INSERT INTO " + synced + " PARTITION (dt) VALUES (8, 'v', '2024-02-09'),"
                + " (12, 'w', NULL)"))
                .isInstanceOf(CommandProcessorException.class)
                .satisfies(e -> {
                    if (engine == Engine.TEZ) {
                        assertThat(e).hasMessageContaining("writes NULL into 'dt', which is NOT NULL");
                    }
                });
        assertThat(reload(table).snapshots().latestSnapshotId()).isEqualTo(before);
        hive.query(mode, "INSERT INTO " + synced + " PARTITION (dt) VALUES (9, 'z', '2024-02-09'), (10, 'y', '2024-02-10'),"
                + " (11, 'x', '2024-02-09')");
        assertThat(reload(table).snapshots().latestSnapshotId()).isEqualTo(before + 1);
        hive.query(mode, "INSERT INTO " + synced + " PARTITION (dt) SELECT id + 100, name, dt FROM " + synced
                + " WHERE dt IN ('2024-02-03', '2024-02-04')");
        assertThat(hive.query("SHOW PARTITIONS " + synced)).containsExactly("dt=2024-02-01", "dt=2024-02-02",
                "dt=2024-02-03", "dt=2024-02-04", "dt=2024-02-09", "dt=2024-02-10");
        List<String> expected = List.of("1\ta2\t2024-02-01", "2\tb\t2024-02-02", "3\tc\t2024-02-03",
                "4\td\t2024-02-04", "9\tz\t2024-02-09", "10\ty\t2024-02-10", "11\tx\t2024-02-09",
                "103\tc\t2024-02-03", "104\td\t2024-02-04");
        assertThat(hive.query(mode, "SELECT id, name, dt FROM " + synced)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(PaimonReader.rows(table)).containsExactlyInAnyOrderElementsOf(expected);
        // INSERT OVERWRITE of one partition through the synced entry replaces that partition only.
        hive.query(mode, "INSERT OVERWRITE TABLE " + synced + " PARTITION (dt='2024-02-02') SELECT 5, 'e'");
        List<String> overwritten = new java.util.ArrayList<>(expected);
        overwritten.set(1, "5\te\t2024-02-02");
        assertThat(PaimonReader.rows(table)).containsExactlyInAnyOrderElementsOf(overwritten);
        assertThat(latestKind(table)).isEqualTo(CommitKind.OVERWRITE);
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L);
        // Row-level statements need the handler's own partitioning: Hive refuses them on this entry.
        assertThatThrownBy(() -> hive.run(mode, "DELETE FROM " + synced + " WHERE id = 1"))
                .isInstanceOf(CommandProcessorException.class);
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L);
    }

    /**
     * Two partition levels through the synced entry: a mixed clause (the static value from the path Hive writes
     * to, the dynamic one from the rows) and a fully dynamic one, each one snapshot, the partitions registered;
     * every clause shuffles the rows by (partition, bucket), so each bucket gets one new file per statement.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void mixedAndDynamicPartitionsThroughTheSyncedEntry(Engine engine) throws Exception {
        String name = "ins_synced2_" + engine.setting();
        Table table = catalog.createTable(Identifier.of("w", name), Schema.newBuilder()
                .column("id", DataTypes.INT().withNullable(false))
                .column("name", DataTypes.STRING())
                .column("dt", DataTypes.STRING().withNullable(false))
                .column("h", DataTypes.INT().withNullable(false))
                .partitionKeys("dt", "h")
                .primaryKey("dt", "h", "id")
                .option("bucket", "2")
                .option("metastore.sync.uri", "embedded")
                .option("metastore.sync.database", "strata_it")
                .option("metastore.sync.table", name + "_synced")
                .build(), false);
        ExecutionMode mode = ExecutionMode.of(engine, true);
        hive.query("CREATE EXTERNAL TABLE strata_it." + name + " STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + table.location() + "'");
        hive.query(mode, "INSERT INTO strata_it." + name + " VALUES (1, 'a', '2024-03-01', 1)");
        String synced = "strata_it." + name + "_synced";
        hive.query(mode, "INSERT INTO " + synced + " PARTITION (dt='2024-03-02', h) VALUES (2, 'b', 5), (3, 'c', 6)");
        hive.query(mode, "INSERT INTO " + synced + " PARTITION (dt, h) VALUES (4, 'd', '2024-03-03', 7), (1, 'a2', '2024-03-01', 1)");
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L, 3L);
        List<String> expected = List.of("1\ta2\t2024-03-01\t1", "2\tb\t2024-03-02\t5", "3\tc\t2024-03-02\t6",
                "4\td\t2024-03-03\t7");
        assertThat(PaimonReader.rows(table)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(hive.query(mode, "SELECT id, name, dt, h FROM " + synced)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(hive.query("SHOW PARTITIONS " + synced)).containsExactly("dt=2024-03-01/h=1", "dt=2024-03-02/h=5",
                "dt=2024-03-02/h=6", "dt=2024-03-03/h=7");

        // 200 rows into 2 partitions of 2 buckets, static and dynamic clauses, with three reducers: one shuffle by
        // (partition, bucket) before the writers, and one new file per bucket.
        for (String clause : List.of("PARTITION (dt='2024-03-09', h=9) SELECT", "PARTITION (dt, h) SELECT")) {
            String insert = "INSERT INTO " + synced + " " + clause + " 1000 + e.pos, 'n'"
                    + (clause.contains("(dt, h)") ? ", '2024-03-10', e.pos % 2" : "")
                    + " FROM (SELECT 1) one LATERAL VIEW posexplode(split(space(99), ' ')) e AS pos, x";
            assertThat(String.join("\n", hive.run(mode, "EXPLAIN " + insert))).as(clause)
                    .contains(BucketUdf.NAME + "(").contains("Reduce Output Operator");
            List<Path> before = dataFiles(table);
            hive.run("SET mapreduce.job.reduces=3");
            try {
                hive.query(mode, insert);
            } finally {
                hive.run("SET mapreduce.job.reduces=-1");
            }
            List<Path> added = new java.util.ArrayList<>(dataFiles(table));
            added.removeAll(before);
            Map<Path, Long> filesPerBucket = added.stream()
                    .collect(Collectors.groupingBy(Path::getParent, Collectors.counting()));
            assertThat(filesPerBucket).as(clause).hasSize(clause.contains("(dt, h)") ? 4 : 2)
                    .allSatisfy((bucket, files) -> assertThat(files).as(bucket.toString()).isEqualTo(1L));
        }
        assertThat(hive.query("SELECT count(*) FROM " + synced + " WHERE id >= 1000")).containsExactly("200");
        assertThat(PaimonReader.rows(table)).hasSize(204);
    }

    /**
     * Primary-key tables in dynamic bucket mode (no bucket option, Paimon's default), partitioned and not: Hive
     * hands each partition to one writer (the whole table when unpartitioned), which assigns new keys to buckets
     * of at most {@code dynamic-bucket.target-row-num} keys and finds known keys in their bucket; every key is in
     * one bucket, as Paimon reads it. And a postpone-bucket table ({@code bucket = -2}): each new partition gets
     * {@code postpone.default-bucket-num} buckets, its keys by Paimon's bucket function over that count.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void insertIntoDynamicAndPostponeBucketTablesKeepsEachKeyInOneBucket(Engine engine) throws Exception {
        ExecutionMode mode = ExecutionMode.of(engine, true);
        String source = "strata_it.dyn_source";
        synchronized (HiveInsertIT.class) {
            if (hive.query("SHOW TABLES IN strata_it LIKE 'dyn_source'").isEmpty()) {
                hive.query("CREATE TABLE " + source + " (id INT, name STRING) STORED AS ORC");
                hive.query("INSERT INTO " + source + " SELECT e.pos, 'n'"
                        + " FROM (SELECT 1) one LATERAL VIEW posexplode(split(space(199), ' ')) e AS pos, x");
            }
        }
        for (String kind : List.of("p", "u", "postpone")) {
            boolean partitioned = !kind.equals("u");
            String name = "ins_dyn_" + kind + "_" + engine.setting();
            Schema.Builder schema = Schema.newBuilder()
                    .column("id", DataTypes.INT().withNullable(false))
                    .column("name", DataTypes.STRING())
                    .column("dt", DataTypes.STRING().withNullable(false))
                    .primaryKey(partitioned ? List.of("dt", "id") : List.of("id"));
            if (kind.equals("postpone")) {
                // Postpone buckets: each new partition gets postpone.default-bucket-num buckets.
                schema.option("bucket", "-2").option("postpone.default-bucket-num", "3");
            } else {
                schema.option("dynamic-bucket.target-row-num", "30");
            }
            if (partitioned) {
                schema.partitionKeys("dt");
            }
            Table table = catalog.createTable(Identifier.of("w", name), schema.build(), false);
            hive.query("CREATE EXTERNAL TABLE strata_it." + name + " STORED BY 'io.strata.hive.StrataStorageHandler'"
                    + " LOCATION '" + table.location() + "'");
            String target = "strata_it." + name;
            String first = "INSERT INTO " + target + " SELECT id, name, if(id % 2 = 0, 'even', 'odd') FROM " + source
                    + " WHERE id < 150";
            assertThat(String.join("\n", hive.run(mode, "EXPLAIN " + first))).as("rows shuffled to the writers")
                    .contains("Reduce Output Operator");
            hive.run("SET mapreduce.job.reduces=3");
            try {
                hive.query(mode, first);
                hive.query(mode, "INSERT INTO " + target + " SELECT id, 'again', if(id % 2 = 0, 'even', 'odd') FROM "
                        + source + " WHERE id >= 100");
            } finally {
                hive.run("SET mapreduce.job.reduces=-1");
            }
            // Checked through core and Paimon: Hive's read path does not depend on the bucket mode.
            List<String> rows = coreRows(table);
            assertThat(rows).as(name).hasSize(200);
            assertThat(rows.stream().filter(r -> r.contains("\tagain\t")).count()).as(name).isEqualTo(100);
            assertThat(PaimonReader.rows(table)).as(name).containsExactlyInAnyOrderElementsOf(rows);
            Map<Path, Long> buckets = dataFiles(table).stream()
                    .collect(Collectors.groupingBy(Path::getParent, Collectors.counting()));
            // 100 keys per partition (200 without) in buckets of 30; postpone: 3 buckets per partition.
            assertThat(buckets).as(name).hasSize(kind.equals("postpone") ? 6 : partitioned ? 8 : 7);
        }
    }

    /**
     * Another writer commits to the table all the while a Hive INSERT runs: both land, nothing is lost, each
     * commit is one snapshot (the statement's commit retries on top of the other writer's snapshots).
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void aStatementRacingAnotherWriterLandsBesideIt(Engine engine) throws Exception {
        String name = "ins_race_" + engine.setting();
        Table table = appendTable(name);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger commits = new AtomicInteger();
        Thread writer = new Thread(() -> {
            int batch = 0;
            while (!stop.get()) {
                try (BatchWrite w = reload(table).newBatchWrite()) {
                    for (int i = 0; i < 10; i++) {
                        w.write(GenericRow.of(1000 + batch * 10 + i, Utf8String.fromString("core"), null));
                    }
                    w.commit();
                    commits.incrementAndGet();
                    batch++;
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        writer.start();
        try {
            hive.query(ExecutionMode.of(engine, true), "INSERT INTO strata_it." + name + " SELECT s.id * 100 + e.pos,"
                    + " s.name, s.amount FROM strata_it.insert_source s LATERAL VIEW posexplode(split(space(49), ' ')) e"
                    + " AS pos, x");
        } finally {
            stop.set(true);
            writer.join();
        }
        int coreRows = commits.get() * 10;
        assertThat(commits.get()).as("the other writer committed during the statement").isPositive();
        assertThat(hive.query("SELECT count(*), count(DISTINCT id) FROM strata_it." + name))
                .containsExactly((200 + coreRows) + "\t" + (200 + coreRows));
        assertThat(PaimonReader.rows(table)).hasSize(200 + coreRows);
        Table reloaded = reload(table);
        assertThat(reloaded.snapshots().listIds()).hasSize(commits.get() + 1);
        assertThat(reloaded.snapshots().listIds()).allSatisfy(id ->
                assertThat(reloaded.snapshots().snapshot(id).commitKind()).isEqualTo(CommitKind.APPEND));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void insertOverwriteReplacesAnUnpartitionedTable(Engine engine) {
        String name = "ins_iow_" + engine.setting();
        Table table = appendTable(name);
        ExecutionMode mode = ExecutionMode.of(engine, true);
        hive.query(mode, "INSERT INTO strata_it." + name + " VALUES (100, 'old', 1.00), (101, 'old', 2.00)");
        hive.query(mode, "INSERT OVERWRITE TABLE strata_it." + name + " SELECT id, name, amount FROM strata_it.insert_source"
                + " WHERE id <= 2");
        List<String> expected = List.of("1\ta\t1.50", "2\tb\t2.25");
        assertThat(hive.query("SELECT * FROM strata_it." + name)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(coreRows(table)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(latestKind(table)).isEqualTo(CommitKind.OVERWRITE);
        assertThat(PaimonReader.rows(table)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(PaimonReader.latestKind(table)).isEqualTo("OVERWRITE");
        // Overwriting with no row empties an unpartitioned table.
        hive.query(mode, "INSERT OVERWRITE TABLE strata_it." + name + " SELECT id, name, amount FROM"
                + " strata_it.insert_source WHERE id > 100");
        assertThat(hive.query("SELECT count(*) FROM strata_it." + name)).containsExactly("0");
        assertThat(PaimonReader.rows(table)).isEmpty();
        assertThat(latestKind(table)).isEqualTo(CommitKind.OVERWRITE);
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L, 3L);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void insertOverwriteReplacesOnlyThePartitionsItWrites(Engine engine) {
        String name = "ins_iow_pk_" + engine.setting();
        Table table = primaryKeyTable(name);
        ExecutionMode mode = ExecutionMode.of(engine, true);
        hive.query(mode, "INSERT INTO strata_it." + name + " SELECT id, name, amount, dt FROM strata_it.insert_source");
        hive.query(mode, "INSERT OVERWRITE TABLE strata_it." + name + " VALUES (9, 'new', 9.00, '2024-01-02')");
        List<String> expected = List.of("1\ta\t1.50\t2024-01-01", "2\tb\t2.25\t2024-01-01",
                "9\tnew\t9.00\t2024-01-02");
        assertThat(hive.query("SELECT * FROM strata_it." + name)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(coreRows(table)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(latestKind(table)).isEqualTo(CommitKind.OVERWRITE);
        assertThat(PaimonReader.rows(table)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(PaimonReader.latestKind(table)).isEqualTo("OVERWRITE");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void anOverwriteOfTheWholePartitionedTableIsRefusedBeforeAnythingIsWritten(Engine engine) {
        String name = "ins_iow_full_" + engine.setting();
        Table table = catalog.createTable(Identifier.of("w", name), Schema.newBuilder()
                .column("id", DataTypes.INT())
                .column("dt", DataTypes.STRING())
                .partitionKeys("dt")
                .option("dynamic-partition-overwrite", "false")
                .build(), false);
        hive.query("CREATE EXTERNAL TABLE strata_it." + name + " STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + table.location() + "'");
        assertThatThrownBy(() -> hive.run(ExecutionMode.of(engine, true), "INSERT OVERWRITE TABLE strata_it." + name
                + " VALUES (1, '2024-01-01')"))
                .isInstanceOf(CommandProcessorException.class)
                .hasMessageContaining("dynamic-partition-overwrite").hasMessageContaining("nothing was written");
        assertThat(reload(table).latestSnapshot()).isEmpty();
        assertThat(dataFiles(table)).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void hiveHandsEachPartitionAndBucketToOneTask(Engine engine) throws Exception {
        String name = "ins_cluster_" + engine.setting();
        Table table = primaryKeyTable(name);
        ExecutionMode mode = ExecutionMode.of(engine, true);
        // 200 rows (4 source rows times 50) over 2 partitions and 2 buckets each.
        String insert = "INSERT INTO strata_it." + name + " SELECT s.id * 100 + e.pos, s.name, s.amount, s.dt"
                + " FROM strata_it.insert_source s LATERAL VIEW posexplode(split(space(49), ' ')) e AS pos, x";
        String plan = String.join("\n", hive.run(mode, "EXPLAIN " + insert));
        // One shuffle keyed on the partition and Strata's bucket of the row, before the table's writers.
        assertThat(plan).contains(BucketUdf.NAME + "(").contains("Reduce Output Operator");
        hive.run("SET mapreduce.job.reduces=3");
        try {
            hive.query(mode, insert);
        } finally {
            hive.run("SET mapreduce.job.reduces=-1");
        }
        assertThat(hive.query("SELECT count(*), count(DISTINCT id), sum(id) FROM strata_it." + name))
                .containsExactly("200\t200\t" + (100 * 50 * (1 + 2 + 3 + 4) + 4 * (49 * 50 / 2)));
        assertThat(PaimonReader.rows(table)).hasSize(200);
        // Each bucket was written by one task: one new file per bucket, not one per task and bucket.
        Map<Path, Long> filesPerBucket = dataFiles(table).stream()
                .collect(Collectors.groupingBy(Path::getParent, Collectors.counting()));
        assertThat(filesPerBucket).hasSize(4).allSatisfy((bucket, files) -> assertThat(files).as(bucket.toString())
                .isEqualTo(1L));
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void staticAndMixedPartitionClausesRouteRowsToTheirPartition(Engine engine) {
        String name = "ins_static_" + engine.setting();
        Table table = catalog.createTable(Identifier.of("w", name), Schema.newBuilder()
                .column("id", DataTypes.INT().withNullable(false))
                .column("name", DataTypes.STRING())
                .column("amount", DataTypes.DECIMAL(10, 2))
                .column("dt", DataTypes.STRING().withNullable(false))
                .column("h", DataTypes.INT().withNullable(false))
                .partitionKeys("dt", "h")
                .primaryKey("dt", "h", "id")
                .option("bucket", "2")
                .build(), false);
        hive.query("CREATE EXTERNAL TABLE strata_it." + name + " STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + table.location() + "'");
        ExecutionMode mode = ExecutionMode.of(engine, true);
        hive.query(mode, "INSERT INTO strata_it." + name + " PARTITION (dt='2024-03-01', h='07')"
                + " VALUES (1, 'static', 1.00)");
        hive.query(mode, "INSERT INTO strata_it." + name + " PARTITION (dt='2024-03-02', h)"
                + " SELECT id, name, amount, id % 2 FROM strata_it.insert_source");
        List<String> expected = List.of("1\tstatic\t1.00\t2024-03-01\t7", "1\ta\t1.50\t2024-03-02\t1",
                "2\tb\t2.25\t2024-03-02\t0", "3\tc\tNULL\t2024-03-02\t1", "4\tNULL\t4.00\t2024-03-02\t0");
        assertThat(hive.query("SELECT * FROM strata_it." + name)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(coreRows(table)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(PaimonReader.rows(table)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L);

        assertThatThrownBy(() -> hive.run(mode, "INSERT INTO strata_it." + name + " PARTITION (day='2024-03-01', h=1)"
                + " VALUES (5, 'x', 1.00)"))
                .isInstanceOf(CommandProcessorException.class)
                .hasMessageContaining("is partitioned by dt, h").hasMessageContaining("'day'");
        assertThatThrownBy(() -> hive.run(mode, "INSERT INTO strata_it." + name + " PARTITION (dt='2024-03-01', h='seven')"
                + " VALUES (5, 'x', 1.00)"))
                .isInstanceOf(CommandProcessorException.class)
                .hasMessageContaining("'seven' is not a value of partition column 'h'");
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void insertOverwriteOfAStaticPartitionReplacesItEvenWithNoRows(Engine engine) {
        String name = "ins_iow_static_" + engine.setting();
        Table table = primaryKeyTable(name);
        ExecutionMode mode = ExecutionMode.of(engine, true);
        hive.query(mode, "INSERT INTO strata_it." + name + " SELECT id, name, amount, dt FROM strata_it.insert_source");
        hive.query(mode, "INSERT OVERWRITE TABLE strata_it." + name + " PARTITION (dt='2024-01-02')"
                + " SELECT id + 10, name, amount FROM strata_it.insert_source WHERE id = 1");
        List<String> expected = List.of("1\ta\t1.50\t2024-01-01", "2\tb\t2.25\t2024-01-01",
                "11\ta\t1.50\t2024-01-02");
        assertThat(hive.query("SELECT * FROM strata_it." + name)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(PaimonReader.rows(table)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(PaimonReader.latestKind(table)).isEqualTo("OVERWRITE");
        // No row for the named partition: it is emptied, the other one stays.
        hive.query(mode, "INSERT OVERWRITE TABLE strata_it." + name + " PARTITION (dt='2024-01-01')"
                + " SELECT id, name, amount FROM strata_it.insert_source WHERE id > 100");
        List<String> remaining = List.of("11\ta\t1.50\t2024-01-02");
        assertThat(hive.query("SELECT * FROM strata_it." + name)).containsExactlyElementsOf(remaining);
        assertThat(coreRows(table)).containsExactlyElementsOf(remaining);
        assertThat(PaimonReader.rows(table)).containsExactlyElementsOf(remaining);
        assertThat(latestKind(table)).isEqualTo(CommitKind.OVERWRITE);
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L, 3L);
    }
}
