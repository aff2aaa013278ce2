package io.strata.reliability.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.catalog.Tables;
import io.strata.data.CloseableIterator;
import io.strata.data.Row;
import io.strata.fs.FileIO;
import io.strata.metastore.MetastoreProcess;
import io.strata.metastore.PostgresServer;
import io.strata.schema.Schema;
import io.strata.snapshot.Snapshot;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.Table;
import io.strata.table.TableRead;
import io.strata.testing.SecondJvm;
import io.strata.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writer processes committing to one primary-key table at once: on the local file system 3 writers (a commit is
 * a hard link, which fails if the snapshot exists) with a compaction process and an expiration process working
 * beside them the whole time; on an object store whose rename overwrites, 3 writers committing under the Hive
 * Metastore lock of a Thrift metastore in its own process, with a compaction process and an expiration process
 * taking the same lock beside them. Afterwards every commit a writer reported must be in the table, no two
 * commits share a snapshot, every retained snapshot reads, and no compaction gave up.
 * {@code -Dreliability.commits} sets the commits per writer (run-reliability-suite.sh: 500), and
 * {@code -Dreliability.objstore-writers} the writers on the object store (default 2; the suite: 3).
 *
 * <p>WHY the object store's metastore keeps its data in PostgreSQL: with four processes polling locks, a
 * metastore on Derby livelocks (Hive 4.1's TxnHandler holds a JVM lock for Derby while a request that waits for
 * it holds the Derby rows the first one needs; each call fails after Hive's retries and is retried): measured
 * 0.5 commits/s, and none with shorter waits. Production metastores run on PostgreSQL or MySQL, where Hive takes
 * no such JVM lock.
 */
class ConcurrentWritersIT {

    @TempDir
    Path dir;

    @Test
    void writersOnTheLocalFileSystemLoseNothing() throws Exception {
        run("local file system", dir.resolve("warehouse").toUri().toString(), 3, Map.of(), List.of("compact", "expire"));
    }

    @Test
    void writersOnAnObjectStoreUnderTheMetastoreLockLoseNothing() throws Exception {
        try (PostgresServer postgres = PostgresServer.start(dir.resolve("postgres"));
                MetastoreProcess metastore = MetastoreProcess.onPostgres(dir.resolve("metastore"),
                        postgres.database("metastore"))) {
            metastore.start();
            Map<String, String> options = new HashMap<>();
            // The default turns the lock on for an object store when a metastore is configured; the metastore
            // sync registers the table after each commit too.
            options.put("metastore.sync.uri", metastore.thriftUri());
            options.put("metastore.lock.check-max-sleep", "100 ms");
            // The long suite's three writers; two in the default run (the build's time), racing all the same.
            run("object store + metastore lock", "objstore://" + dir.resolve("objstore"),
                    Integer.getInteger("reliability.objstore-writers", 2), options, List.of("compact", "expire"));
        }
    }

    /** Runs the writers, with processes in {@code beside} modes ({@code compact}, {@code expire}) beside them. */
    private void run(String mode, String warehouse, int writers, Map<String, String> options, List<String> beside)
            throws Exception {
        int commits = Integer.getInteger("reliability.commits", 10);
        Configuration conf = new Configuration();
        conf.set("fs.objstore.impl", "io.strata.table.ObjectStoreFileSystem");
        FileIO io = new FileIO(conf);
        Schema.Builder schema = Schema.newBuilder()
                .column("k", DataTypes.INT())
                .column("v", DataTypes.STRING())
                .primaryKey("k")
                .option("bucket", "2")
                // Many writers committing at once: a commit that loses the race re-reads and retries, more often
                // than the default 10 times allows when every writer commits as fast as it can.
                .option("commit.max-retries", "100")
                .option("snapshot.num-retained.min", "5");
        options.forEach(schema::option);
        FileSystemCatalog catalog = new FileSystemCatalog(io, new org.apache.hadoop.fs.Path(warehouse));
        catalog.createDatabase("db", true);
        String tableUri = catalog.createTable(Identifier.of("db", "events"), schema.build(), false).location()
                .toString();

        Path stop = dir.resolve("stop-" + mode.hashCode());
        List<Path> writerLogs = new ArrayList<>();
        Map<String, Path> maintenanceLogs = new HashMap<>();
        Map<String, Future<Process>> maintenanceStarts = new HashMap<>();
        List<Future<Process>> writerStarts = new ArrayList<>();
        // Every process starts at once (each JVM takes a second or two to be ready); the writers wait for the
        // go file, created once compaction and expiration run too, so those work beside the writers from the
        // first commit.
        Path go = dir.resolve("go-" + mode.hashCode());
        ExecutorService starter = Executors.newCachedThreadPool();
        Map<String, Process> maintenance = new HashMap<>();
        List<Process> processes = new ArrayList<>();
        try {
            for (String kind : beside) {
                Path log = dir.resolve(kind + "-" + mode.hashCode() + ".log");
                maintenanceLogs.put(kind, log);
                maintenanceStarts.put(kind, starter.submit(() -> worker(kind + "-" + mode.hashCode(), log, kind,
                        tableUri, stop.toString())));
            }
            for (int w = 0; w < writers; w++) {
                Path log = dir.resolve("writer-" + w + "-" + mode.hashCode() + ".log");
                writerLogs.add(log);
                String name = "writer-" + w + "-" + mode.hashCode();
                String[] args = {"write", tableUri, Integer.toString(w), Integer.toString(commits), "10", go.toString()};
                writerStarts.add(starter.submit(() -> worker(name, log, args)));
            }
            for (String kind : beside) {
                maintenance.put(kind, maintenanceStarts.get(kind).get());
            }
            for (Future<Process> start : writerStarts) {
                processes.add(start.get());
            }
        } finally {
            starter.shutdown();
        }
        long start = System.nanoTime();
        Files.createFile(go);
        for (int w = 0; w < writers; w++) {
            assertThat(processes.get(w).waitFor(15, TimeUnit.MINUTES)).as("writer %d finished", w).isTrue();
            assertThat(processes.get(w).exitValue()).as("writer %d exit code; log:\n%s", w,
                    SecondJvm.tail(Files.readString(writerLogs.get(w)))).isZero();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        Files.createFile(stop);
        for (String kind : beside) {
            Process p = maintenance.get(kind);
            assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
            assertThat(p.exitValue()).as("%s exit code; log:\n%s", kind,
                    SecondJvm.tail(Files.readString(maintenanceLogs.get(kind)))).isZero();
        }

        // Every commit a writer reported landed, each in a snapshot of its own.
        Set<Long> snapshots = new HashSet<>();
        int reported = 0;
        for (Path log : writerLogs) {
            for (String line : Files.readAllLines(log)) {
                if (line.startsWith("committed ")) {
                    reported++;
                    assertThat(snapshots.add(Long.parseLong(line.split(" ")[2]))).as("snapshot of %s", line).isTrue();
                }
            }
        }
        assertThat(reported).isEqualTo(writers * commits);
        Table reloaded = Tables.load(io, new org.apache.hadoop.fs.Path(tableUri));
        Map<Integer, String> expected = new HashMap<>();
        for (int w = 0; w < writers; w++) {
            for (int c = 0; c < commits; c++) {
                expected.put(ConcurrentWriter.key(w, c), ConcurrentWriter.value(w, c));
            }
            expected.put(ConcurrentWriter.hotKey(w), "c" + (commits - 1));
        }
        Map<Integer, String> rows = rows(reloaded, -1);
        int lost = 0;
        for (Map.Entry<Integer, String> e : expected.entrySet()) {
            if (!e.getValue().equals(rows.get(e.getKey()))) {
                lost++;
            }
        }
        assertThat(rows).as("the table's rows").isEqualTo(expected);
        // Every retained snapshot reads.
        List<Snapshot> retained = reloaded.snapshots().snapshots();
        for (Snapshot s : retained) {
            assertThat(rows(reloaded, s.id())).as("snapshot %d", s.id()).isNotEmpty();
        }
        String besideThem = "nothing beside them";
        if (!beside.isEmpty()) {
            String[] compactions = lastLine(maintenanceLogs.get("compact"), "compactions ").split(" ");
            String[] expirations = lastLine(maintenanceLogs.get("expire"), "expirations ").split(" ");
            assertThat(Integer.parseInt(compactions[2])).as("compactions that gave up").isZero();
            assertThat(Integer.parseInt(expirations[2])).as("snapshots expired").isPositive();
            besideThem = "beside them " + compactions[1] + " compactions landed (" + compactions[2] + " gave up) and "
                    + expirations[1] + " expirations removed " + expirations[2] + " snapshots";
        }
        System.out.printf(Locale.ROOT, "[ConcurrentWritersIT] %s: %d writer processes x %d commits in %.1f s"
                        + " (%.1f commits/s); %d reported, %d lost, %d snapshots shared; %s; %d retained snapshots"
                        + " read%n", mode, writers, commits, seconds, writers * commits / seconds, reported, lost, 0,
                besideThem, retained.size());
    }

    private Process worker(String name, Path log, String... args) throws Exception {
        return SecondJvm.of(Files.createDirectories(dir.resolve(name)), ConcurrentWriter.class).classPath(SecondJvm.testClassPath())
                .jvmOptions(List.of("-Xmx256m")).args(args).start(log, "ready"::equals, Duration.ofSeconds(120));
    }

    private static String lastLine(Path log, String prefix) throws Exception {
        String found = null;
        for (String line : Files.readAllLines(log)) {
            if (line.startsWith(prefix)) {
                found = line;
            }
        }
        assertThat(found).as("a line '%s...' in %s", prefix, log).isNotNull();
        return found;
    }

    /** The rows of a snapshot ({@code -1}: the latest), key to value. */
    private static Map<Integer, String> rows(Table table, long snapshotId) throws Exception {
        Plan plan = snapshotId < 0 ? table.newScan().plan() : table.newScan().asOfSnapshot(snapshotId).plan();
        TableRead read = table.newRead(plan);
        Map<Integer, String> rows = new HashMap<>();
        for (Split split : plan.splits()) {
            try (CloseableIterator<Row> it = read.open(split)) {
                while (it.hasNext()) {
                    Row r = it.next();
                    rows.put(r.getInt(0), r.getString(1).toString());
                }
            }
        }
        return rows;
    }
}
