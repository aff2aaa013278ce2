package io.strata.hive.it;

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
import io.strata.catalog.Tables;
import io.strata.types.DataTypes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.conf.HiveConf;
import org.junit.jupiter.api.Test;

/**
 * {@code ALTER TABLE t EXECUTE ROLLBACK / SET_CURRENT_SNAPSHOT / EXPIRE_SNAPSHOTS / DELETE ORPHAN-FILES} on Strata
 * tables from HiveQL: the table's state afterwards as core, Hive and Apache Paimon read it, the metastore sync
 * following a rollback, and the statements Strata refuses, each leaving the table as it was. The statements are
 * the driver's own tasks (no engine runs them); the reads after each run on Tez and on MapReduce
 * ({@link EmbeddedHive#queryOnEachMode}).
 */
class SnapshotStatementsIT {

    private static final EmbeddedHive hive = EmbeddedHive.get();
    private static int tables;

    /** A partitioned primary-key table with {@code commits} snapshots: commit c writes key c into day c. */
    private static Table table(String name, int commits, Map<String, String> options) throws IOException {
        // Hive's configuration: it names the embedded metastore that a table's metastore sync writes to.
        FileSystemCatalog catalog = new FileSystemCatalog(new FileIO(new HiveConf()),
                new Path(hive.newDirectory("strata-statements").toUri()));
        catalog.createDatabase("db", true);
        Schema.Builder schema = Schema.newBuilder()
                .column("dt", DataTypes.STRING())
                .column("id", DataTypes.INT())
                .column("v", DataTypes.STRING())
                .primaryKey("dt", "id")
                .partitionKeys("dt")
                .option("bucket", "1");
        options.forEach(schema::option);
        Table table = catalog.createTable(Identifier.of("db", name), schema.build(), false);
        for (int c = 1; c <= commits; c++) {
            commit(table, c);
        }
        return table;
    }

    private static void commit(Table table, int c) {
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(GenericRow.of(Utf8String.fromString("2024-01-0" + c), c, Utf8String.fromString("v" + c)));
            w.commit();
        }
    }

    private static String register(Table table) {
        String name = "strata_it.statements_" + (++tables);
        hive.query("CREATE EXTERNAL TABLE " + name + " STORED BY 'io.strata.hive.StrataStorageHandler' LOCATION '"
                + table.location() + "'");
        return name;
    }

    private static Table reload(Table table) {
        return Tables.load(table.fileIO(), table.location());
    }

    @Test
    void rollbackToASnapshotAndToATime() throws IOException {
        Table table = table("rollback", 5, Map.of());
        String name = register(table);
        List<String> atThree = hive.query("SELECT * FROM " + name + " FOR SYSTEM_VERSION AS OF 3");
        hive.query("ALTER TABLE " + name + " EXECUTE ROLLBACK(3)");
        Table after = reload(table);
        assertThat(after.snapshots().latestSnapshotId()).isEqualTo(3L);
        assertThat(after.snapshots().listIds()).containsExactly(1L, 2L, 3L);
        assertThat(hive.queryOnEachMode("SELECT * FROM " + name)).containsExactlyInAnyOrderElementsOf(atThree).hasSize(3);
        assertThat(HiveText.lines(after)).containsExactlyInAnyOrderElementsOf(atThree);
        assertThat(PaimonReader.rows(after)).containsExactlyInAnyOrderElementsOf(atThree);

        // To a time: the newest snapshot committed at or before it, in the session's time zone.
        long second = after.snapshots().snapshot(2).timeMillis();
        String time = LocalDateTime.ofInstant(Instant.ofEpochMilli(second), ZoneId.systemDefault())
                .format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS"));
        hive.query("ALTER TABLE " + name + " EXECUTE ROLLBACK('" + time + "')");
        assertThat(reload(table).snapshots().latestSnapshotId()).isEqualTo(2L);
        assertThat(hive.query("SELECT id FROM " + name)).containsExactlyInAnyOrder("1", "2");
        // A new commit after the rollback takes the next id and reads with the rest.
        commit(reload(table), 7);
        assertThat(reload(table).snapshots().latestSnapshotId()).isEqualTo(3L);
        assertThat(hive.query("SELECT id FROM " + name)).containsExactlyInAnyOrder("1", "2", "7");
    }

    @Test
    void setCurrentSnapshotMovesBackToASnapshotOrATag() throws IOException {
        Table table = table("current", 4, Map.of());
        table.tags().create("first", 1);
        String name = register(table);
        hive.query("ALTER TABLE " + name + " EXECUTE SET_CURRENT_SNAPSHOT(3)");
        assertThat(reload(table).snapshots().latestSnapshotId()).isEqualTo(3L);
        hive.query("ALTER TABLE " + name + " EXECUTE SET_CURRENT_SNAPSHOT('first')");
        assertThat(reload(table).snapshots().latestSnapshotId()).isEqualTo(1L);
        assertThat(hive.queryOnEachMode("SELECT id, v FROM " + name)).containsExactly("1\tv1");
        assertThat(PaimonReader.rows(reload(table))).containsExactly("2024-01-01\t1\tv1");
    }

    /**
     * {@code CREATE TAG} and {@code DROP TAG} with {@link io.strata.hive.TagStatementHook} registered: tags of a
     * snapshot by id, by time and by another tag, with retention; each read by Hive, core and Paimon; a tag that
     * exists, an unknown snapshot or tag, and branches fail naming what is wrong, changing nothing.
     */
    @Test
    void tagsAreCreatedAndDroppedFromHiveQL() throws IOException {
        Table table = table("tags", 3, Map.of());
        String name = register(table);
        // Without the hook, Hive 4.1 refuses tag statements on every table that is not Iceberg's.
        assertThatThrownBy(() -> hive.run("ALTER TABLE " + name + " CREATE TAG first FOR SYSTEM_VERSION AS OF 1"))
                .hasMessageContaining("Not an iceberg table");
        hive.query("SET hive.semantic.analyzer.hook=io.strata.hive.TagStatementHook");
        try {
            hive.query("ALTER TABLE " + name + " CREATE TAG first FOR SYSTEM_VERSION AS OF 1");
            hive.query("ALTER TABLE " + name + " CREATE TAG kept RETAIN 3 DAYS");
            long second = table.snapshots().snapshot(2).timeMillis();
            String time = LocalDateTime.ofInstant(Instant.ofEpochMilli(second), ZoneId.systemDefault())
                    .format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS"));
            hive.query("ALTER TABLE " + name + " CREATE TAG second FOR SYSTEM_TIME AS OF '" + time + "'");
            hive.query("ALTER TABLE " + name + " CREATE TAG also_first FOR TAG AS OF first");
            Table after = reload(table);
            assertThat(after.tags().tag("first").orElseThrow().snapshot().id()).isEqualTo(1L);
            assertThat(after.tags().tag("second").orElseThrow().snapshot().id()).isEqualTo(2L);
            assertThat(after.tags().tag("also_first").orElseThrow().snapshot().id()).isEqualTo(1L);
            assertThat(after.tags().tag("kept").orElseThrow().snapshot().id()).isEqualTo(3L);
            assertThat(after.tags().tag("kept").orElseThrow().timeRetained()).isEqualTo(Duration.ofDays(3));
            assertThat(after.snapshots().latestSnapshotId()).as("tags commit no snapshot").isEqualTo(3L);
            assertThat(hive.query("SELECT tag_name, snapshot_id FROM " + name + ".tags"))
                    .containsExactlyInAnyOrder("first\t1", "also_first\t1", "second\t2", "kept\t3");
            hive.query("SET strata.scan.tag=second");
            assertThat(hive.queryOnEachMode("SELECT id FROM " + name)).containsExactlyInAnyOrder("1", "2");
            hive.query("SET strata.scan.tag=");
            assertThat(PaimonReader.rowsOfTag(after, "first")).containsExactly("2024-01-01\t1\tv1");

            hive.query("ALTER TABLE " + name + " CREATE TAG IF NOT EXISTS first FOR SYSTEM_VERSION AS OF 3");
            assertThat(reload(table).tags().tag("first").orElseThrow().snapshot().id()).isEqualTo(1L);
            hive.query("ALTER TABLE " + name + " CREATE OR REPLACE TAG first FOR SYSTEM_VERSION AS OF 2");
            assertThat(reload(table).tags().tag("first").orElseThrow().snapshot().id()).isEqualTo(2L);
            assertThatThrownBy(() -> hive.run("ALTER TABLE " + name + " CREATE TAG second"))
                    .hasMessageContaining("second");
            assertThatThrownBy(() -> hive.run("ALTER TABLE " + name + " CREATE TAG late FOR SYSTEM_VERSION AS OF 99"))
                    .hasMessageContaining("no snapshot 99");
            assertThatThrownBy(() -> hive.run("ALTER TABLE " + name + " CREATE TAG late FOR TAG AS OF nope"))
                    .hasMessageContaining("no tag 'nope'");
            assertThatThrownBy(() -> hive.run("ALTER TABLE " + name + " CREATE BRANCH b"))
                    .hasMessageContaining("no branches");
            assertThat(reload(table).tags().tag("late")).isEmpty();

            hive.query("ALTER TABLE " + name + " DROP TAG also_first");
            hive.query("ALTER TABLE " + name + " DROP TAG IF EXISTS also_first");
            assertThatThrownBy(() -> hive.run("ALTER TABLE " + name + " DROP TAG nope")).hasMessageContaining("no tag 'nope'");
            assertThat(reload(table).tags().list()).extracting(io.strata.snapshot.Tag::name)
                    .containsExactlyInAnyOrder("first", "second", "kept");
        } finally {
            hive.query("SET hive.semantic.analyzer.hook=");
            hive.query("SET strata.scan.tag=");
        }
    }

    @Test
    void expireSnapshotsByRetainLastAndByTime() throws IOException {
        Table table = table("expire", 6, Map.of("snapshot.num-retained.min", "1"));
        String name = register(table);
        List<String> rows = hive.query("SELECT * FROM " + name);
        hive.query("ALTER TABLE " + name + " EXECUTE EXPIRE_SNAPSHOTS RETAIN LAST 4");
        assertThat(reload(table).snapshots().listIds()).containsExactly(3L, 4L, 5L, 6L);
        // Older than a time after every commit: all but the newest (snapshot.num-retained.min is 1).
        String future = LocalDateTime.now().plusDays(1).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
        hive.query("ALTER TABLE " + name + " EXECUTE EXPIRE_SNAPSHOTS('" + future + "')");
        Table after = reload(table);
        assertThat(after.snapshots().listIds()).containsExactly(6L);
        assertThat(hive.queryOnEachMode("SELECT * FROM " + name)).containsExactlyInAnyOrderElementsOf(rows);
        assertThat(PaimonReader.rows(after)).containsExactlyInAnyOrderElementsOf(rows);
        assertThat(hive.query("SELECT * FROM " + name + " FOR SYSTEM_VERSION AS OF 6")).hasSize(6);
    }

    /** Two data files nothing references in {@code bucketDir}: one five days old, one an hour old. */
    private static java.nio.file.Path[] orphans(Table table, String bucketDir) throws IOException {
        java.nio.file.Path bucket = java.nio.file.Path.of(table.location().toUri()).resolve(bucketDir);
        java.nio.file.Path old = Files.writeString(bucket.resolve("data-orphan-old.orc"), "left by a failed writer");
        java.nio.file.Path recent = Files.writeString(bucket.resolve("data-orphan-recent.orc"), "left an hour ago");
        Files.setLastModifiedTime(old, FileTime.from(Instant.now().minus(Duration.ofDays(5))));
        Files.setLastModifiedTime(recent, FileTime.from(Instant.now().minus(Duration.ofHours(1))));
        return new java.nio.file.Path[] {old, recent};
    }

    @Test
    void deleteOrphanFilesRemovesWhatNoSnapshotReferences() throws IOException {
        Table table = table("orphans", 2, Map.of());
        String name = register(table);
        java.nio.file.Path[] orphans = orphans(table, "dt=2024-01-01/bucket-0");
        java.nio.file.Path old = orphans[0];
        java.nio.file.Path recent = orphans[1];
        // Hive's default: files older than three days.
        hive.query("ALTER TABLE " + name + " EXECUTE DELETE ORPHAN-FILES");
        assertThat(old).doesNotExist();
        assertThat(recent).exists();
        String halfAnHourAgo = LocalDateTime.now().minusMinutes(30).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
        hive.query("ALTER TABLE " + name + " EXECUTE DELETE ORPHAN-FILES OLDER THAN ('" + halfAnHourAgo + "')");
        assertThat(recent).doesNotExist();
        assertThat(hive.queryOnEachMode("SELECT id FROM " + name)).containsExactlyInAnyOrder("1", "2");
        assertThat(hive.query("SELECT id FROM " + name + " FOR SYSTEM_VERSION AS OF 1")).containsExactly("1");
        // A time that is not in the past would delete files being written now.
        String future = LocalDateTime.now().plusDays(1).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
        assertThatThrownBy(() -> hive.run("ALTER TABLE " + name + " EXECUTE DELETE ORPHAN-FILES OLDER THAN ('"
                + future + "')")).hasMessageContaining("must be in the past");
    }

    /** {@code SET strata.orphan-files.engine=mapreduce}: the same statement as a MapReduce job. */
    @Test
    void deleteOrphanFilesAsAMapReduceJob() throws Exception {
        Table table = table("orphans_job", 2, Map.of());
        String name = register(table);
        java.nio.file.Path[] orphans = orphans(table, "dt=2024-01-02/bucket-0");
        java.nio.file.Path old = orphans[0];
        java.nio.file.Path recent = orphans[1];
        try {
            hive.run("SET strata.orphan-files.engine=spark");
            assertThatThrownBy(() -> hive.run("ALTER TABLE " + name + " EXECUTE DELETE ORPHAN-FILES"))
                    .hasMessageContaining("Invalid strata.orphan-files.engine 'spark': give local or mapreduce");
            assertThat(old).exists();

            hive.run("SET strata.orphan-files.engine=mapreduce");
            hive.query("ALTER TABLE " + name + " EXECUTE DELETE ORPHAN-FILES");
            assertThat(old).doesNotExist();
            assertThat(recent).exists();
            assertThat(java.nio.file.Path.of(table.location().toUri()).resolve(".strata-staging"))
                    .satisfiesAnyOf(p -> assertThat(p).doesNotExist(), p -> assertThat(p).isEmptyDirectory());
        } finally {
            hive.run("SET strata.orphan-files.engine=local");
        }
        assertThat(hive.queryOnEachMode("SELECT id FROM " + name)).containsExactlyInAnyOrder("1", "2");
        assertThat(PaimonReader.rows(reload(table))).hasSize(2);
    }

    @Test
    void theMetastoreSyncFollowsARollback() throws Exception {
        Map<String, String> options = new HashMap<>();
        options.put("metastore.sync.uri", "embedded");
        options.put("metastore.sync.database", "strata_it");
        options.put("metastore.sync.table", "rollback_synced");
        options.put("metastore.sync.strict", "true");
        Table table = table("synced", 3, options);
        assertThat(hive.query("SHOW PARTITIONS strata_it.rollback_synced"))
                .containsExactly("dt=2024-01-01", "dt=2024-01-02", "dt=2024-01-03");
        hive.query("ALTER TABLE strata_it.rollback_synced EXECUTE ROLLBACK(1)");
        assertThat(reload(table).snapshots().latestSnapshotId()).isEqualTo(1L);
        assertThat(hive.query("SHOW PARTITIONS strata_it.rollback_synced")).containsExactly("dt=2024-01-01");
        assertThat(hive.queryOnEachMode("SELECT id FROM strata_it.rollback_synced")).containsExactly("1");
        assertThat(hive.query("SHOW TBLPROPERTIES strata_it.rollback_synced('strata.snapshot-id')"))
                .anyMatch(line -> line.contains("1"));
    }

    @Test
    void refusedStatementsLeaveTheTableAsItWas() throws IOException {
        Table table = table("refused", 3, Map.of());
        String name = register(table);
        assertThatThrownBy(() -> hive.run("ALTER TABLE " + name + " EXECUTE ROLLBACK(42)"))
                .hasMessageContaining("42");
        assertThatThrownBy(() -> hive.run("ALTER TABLE " + name + " EXECUTE SET_CURRENT_SNAPSHOT('nope')"))
                .hasMessageContaining("nope");
        assertThatThrownBy(() -> hive.run("ALTER TABLE " + name + " EXECUTE EXPIRE_SNAPSHOTS('1,2')"))
                .hasMessageContaining("Strata expires the oldest snapshots first");
        assertThatThrownBy(() -> hive.run("ALTER TABLE " + name + " EXECUTE CHERRY-PICK 2"))
                .hasMessageContaining("Strata tables have no branches");
        assertThatThrownBy(() -> hive.run("ALTER TABLE " + name + " EXECUTE FAST-FORWARD 'b1'"))
                .hasMessageContaining("Strata tables have no branches");
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L, 3L);
        assertThat(hive.query("SELECT id FROM " + name)).containsExactlyInAnyOrder("1", "2", "3");
    }
}
