package io.strata.table;

import static io.strata.table.LifecycleTables.allSnapshots;
import static io.strata.table.LifecycleTables.commit;
import static io.strata.table.LifecycleTables.contentFiles;
import static io.strata.table.LifecycleTables.local;
import static io.strata.table.LifecycleTables.orphans;
import static io.strata.table.LifecycleTables.rowsAt;
import static io.strata.table.LifecycleTables.rowsOfTag;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.Tables;
import io.strata.data.CloseableIterator;
import io.strata.data.Row;
import io.strata.snapshot.Snapshot;
import io.strata.table.lifecycle.TableMaintenance;
import io.strata.table.store.TableStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Snapshot expiration: which snapshots go, which files go with them, and that nothing retained breaks. */
class SnapshotExpirationTest {

    @TempDir
    Path warehouse;

    /** Six commits with a full compaction after the third and the sixth: 8 snapshots, files removed twice. */
    private Table history(String... options) throws Exception {
        Table table = LifecycleTables.create(warehouse, "t", withWriteOnly(options));
        for (int n = 1; n <= 6; n++) {
            commit(table, n);
            if (n % 3 == 0) {
                table.compactFull();
            }
        }
        assertThat(table.snapshots().listIds()).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L);
        return table;
    }

    /** write-only: no expiration after commits, so each test expires explicitly. */
    private static String[] withWriteOnly(String... options) {
        List<String> all = new ArrayList<>(List.of(options));
        all.add("write-only");
        all.add("true");
        return all.toArray(String[]::new);
    }

    @Test
    void retainLastKeepsTheNewestSnapshotsWholeAndDeletesExactlyTheUnreferencedFiles() throws Exception {
        Table table = history();
        Map<Long, List<String>> before = allSnapshots(table);
        List<String> filesBefore = contentFiles(local(table));

        ExpireSnapshots.Result expired = table.expireSnapshots().retainLast(2).commit();

        assertThat(expired.snapshotIds()).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
        assertThat(table.snapshots().listIds()).containsExactly(7L, 8L);
        assertThat(table.snapshots().earliestSnapshotId()).isEqualTo(7L);
        assertThat(Files.readString(local(table).resolve("snapshot/EARLIEST")).trim()).isEqualTo("7");
        assertThat(allSnapshots(table)).isEqualTo(Map.of(7L, before.get(7L), 8L, before.get(8L)));
        // Every file the expiration left is referenced, and it deleted data files, manifests and lists.
        assertThat(orphans(table)).isEmpty();
        List<String> filesAfter = contentFiles(local(table));
        assertThat(filesBefore).containsAll(filesAfter);
        assertThat(expired.deletedFiles()).extracting(p -> p.getName().replaceAll("-.*", ""))
                .contains("data", "manifest", "manifest");
        assertThat(expired.deletedFiles()).hasSize(filesBefore.size() - filesAfter.size());
    }

    @Test
    void minMaxTimeAndLimitRules() throws Exception {
        Table table = history();
        long time4 = table.snapshots().snapshot(4).timeMillis();
        // Time: only snapshots committed before snapshot 4's time; here all snapshots may share a
        // millisecond, so compare with what the rule allows.
        ExpireSnapshots.Result byTime = table.expireSnapshots().retainMin(1).olderThan(Instant.ofEpochMilli(time4)).commit();
        for (long id : byTime.snapshotIds()) {
            assertThat(id).isLessThan(4);
        }
        assertThat(table.snapshots().snapshotExists(4)).isTrue();
        // Min: the newest snapshot.num-retained.min survive even when old.
        table.expireSnapshots().retainMin(5).olderThan(Instant.now().plusSeconds(60)).commit();
        assertThat(table.snapshots().listIds()).containsExactly(4L, 5L, 6L, 7L, 8L);
        // Limit: at most two per run.
        ExpireSnapshots.Result limited = table.expireSnapshots().retainMin(1).olderThan(Instant.now().plusSeconds(60))
                .maxDeletes(2).commit();
        assertThat(limited.snapshotIds()).containsExactly(4L, 5L);
        // Max: at most retainMax survive even when young (time rule far in the past).
        table.expireSnapshots().retainMin(1).retainMax(2).olderThan(Instant.EPOCH).commit();
        assertThat(table.snapshots().listIds()).containsExactly(7L, 8L);
        assertThat(orphans(table)).isEmpty();
    }

    @Test
    void tableOptionsDriveTheDefaults() throws Exception {
        ManualClock clock = ManualClock.at(Instant.now());
        Table table = clock.drive(history("snapshot.num-retained.min", "2", "snapshot.time-retained", "1 ms",
                "snapshot.expire.limit", "3"));
        // No snapshot is older than snapshot.time-retained yet; an hour later every one is.
        assertThat(table.expireSnapshots().plan().snapshotIds()).isEmpty();
        clock.advance(Duration.ofHours(1));
        assertThat(table.expireSnapshots().commit().snapshotIds()).containsExactly(1L, 2L, 3L);
        assertThat(table.expireSnapshots().commit().snapshotIds()).containsExactly(4L, 5L, 6L);
        assertThat(table.expireSnapshots().commit().snapshotIds()).isEmpty();
        assertThat(table.snapshots().listIds()).containsExactly(7L, 8L);
    }

    @Test
    void expirationRunsAfterEachCommitUnlessWriteOnly() throws Exception {
        Table table = LifecycleTables.create(warehouse, "auto", "snapshot.num-retained.min", "2",
                "snapshot.num-retained.max", "3");
        for (int n = 1; n <= 6; n++) {
            commit(table, n);
        }
        table.compactFull();
        assertThat(table.snapshots().listIds()).containsExactly(5L, 6L, 7L);
        assertThat(orphans(table)).isEmpty();
        assertThat(rowsAt(table, 7)).hasSize(LifecycleTables.rowsAt(table, 6).size());
    }

    @Test
    void aCrashAtAnyDeleteLeavesEveryListedSnapshotWholeAndOrphanRemovalTheRest() throws Exception {
        Table table = history();
        table.tags().create("three", 3);
        Map<Long, List<String>> before = allSnapshots(table);
        Path original = local(table);
        org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration();
        conf.set("fs.crashing.impl", CrashingFileSystem.class.getName());
        conf.setBoolean("fs.crashing.impl.disable.cache", true);
        int crashes = 0;
        for (int step = 1; ; step++) {
            Path copy = warehouse.resolve("crash-" + step);
            LifecycleTables.copy(original, copy);
            Table crashing = Tables.load(new io.strata.fs.FileIO(conf),
                    new org.apache.hadoop.fs.Path("crashing://" + copy));
            CrashingFileSystem.crashAtDelete(step);
            try {
                crashing.expireSnapshots().retainLast(2).commit();
                break;
            } catch (CrashingFileSystem.Crash crash) {
                crashes++;
            } finally {
                CrashingFileSystem.crashAtDelete(0);
            }
            Table after = LifecycleTables.load(copy);
            assertThat(rowsAt(after, 7)).as("step %d", step).isEqualTo(before.get(7L));
            assertThat(rowsAt(after, 8)).as("step %d", step).isEqualTo(before.get(8L));
            assertThat(rowsOfTag(after, "three")).as("step %d", step).isEqualTo(before.get(3L));
            // Every snapshot still listed is whole: the snapshot files go first, so a crash can only leave
            // orphans (the files of snapshots already gone), which orphan removal then finds.
            for (long id : after.snapshots().listIds()) {
                assertThat(rowsAt(after, id)).as("snapshot %d after a crash at delete %d", id, step)
                        .isEqualTo(before.get(id));
            }
            after.expireSnapshots().retainLast(2).commit();
            assertThat(after.snapshots().listIds()).as("step %d", step).containsExactly(7L, 8L);
            Tables.load(after.fileIO(), after.location(), java.time.Clock.offset(after.clock(), java.time.Duration.ofDays(2)))
                    .removeOrphanFiles().execute();
            assertThat(orphans(after)).as("step %d", step).isEmpty();
            assertThat(rowsAt(after, 7)).as("step %d", step).isEqualTo(before.get(7L));
            assertThat(rowsAt(after, 8)).as("step %d", step).isEqualTo(before.get(8L));
            assertThat(rowsOfTag(after, "three")).as("step %d", step).isEqualTo(before.get(3L));
            LifecycleTables.deleteRecursively(copy);
        }
        assertThat(crashes).isGreaterThan(10);
    }

    @Test
    void aReaderPinnedToARetainedSnapshotReadsEveryRowAfterExpiration() throws Exception {
        Table table = history();
        Plan plan = table.newScan().asOfSnapshot(7).plan();
        List<String> expected = TestRows.readAll(table, plan);
        table.expireSnapshots().retainLast(2).commit();
        // The plan's splits name files by path: they must all still be there.
        List<String> read = new ArrayList<>();
        TableRead reader = table.newRead(plan);
        for (Split split : plan.splits()) {
            try (CloseableIterator<Row> rows = reader.open(split)) {
                while (rows.hasNext()) {
                    read.add(TestRows.format(rows.next(), plan.readType()));
                }
            }
        }
        read.sort(null);
        assertThat(read).isEqualTo(expected).isNotEmpty();
    }

    @Test
    void tagsKeepTheirFilesAliveUntilDeleted() throws Exception {
        Table table = history();
        List<String> at2 = rowsAt(table, 2);
        List<String> at5 = rowsAt(table, 5);
        table.tags().create("two", 2);
        table.tags().create("five", 5);
        table.expireSnapshots().retainLast(1).commit();
        assertThat(table.snapshots().listIds()).containsExactly(8L);
        assertThat(rowsOfTag(table, "two")).isEqualTo(at2);
        assertThat(rowsOfTag(table, "five")).isEqualTo(at5);
        assertThat(orphans(table)).isEmpty();

        List<String> before = contentFiles(local(table));
        List<org.apache.hadoop.fs.Path> freed = table.tags().delete("two");
        assertThat(freed).isNotEmpty();
        assertThat(rowsOfTag(table, "five")).isEqualTo(at5);
        assertThat(orphans(table)).isEmpty();
        assertThat(contentFiles(local(table))).hasSize(before.size() - freed.size());
        assertThatThrownBy(() -> rowsOfTag(table, "two")).hasMessageContaining("no tag 'two'");

        table.tags().delete("five");
        assertThat(orphans(table)).isEmpty();
        assertThat(table.tags().list()).isEmpty();
    }

    @Test
    void deletingATagOfALiveSnapshotDeletesOnlyTheTagFile() throws Exception {
        Table table = history();
        table.tags().create("seven", 7);
        List<String> before = contentFiles(local(table));
        assertThat(table.tags().delete("seven")).isEmpty();
        assertThat(contentFiles(local(table))).isEqualTo(before);
    }

    @Test
    void consumersProtectTheSnapshotsTheyStillNeed() throws Exception {
        Table table = history();
        table.consumers().reset("job-1", 4);
        table.consumers().reset("job-2", 6);
        assertThat(table.consumers().consumer("job-1")).map(c -> c.nextSnapshot()).contains(4L);
        assertThat(Files.readString(local(table).resolve("consumer/consumer-job-1")))
                .isEqualTo("{\n  \"nextSnapshot\" : 4\n}");
        Map<Long, List<String>> before = allSnapshots(table);
        table.expireSnapshots().retainLast(1).commit();
        assertThat(table.snapshots().listIds()).containsExactly(4L, 5L, 6L, 7L, 8L);
        for (long id = 4; id <= 8; id++) {
            assertThat(rowsAt(table, id)).isEqualTo(before.get(id));
        }
        table.consumers().delete("job-1");
        table.expireSnapshots().retainLast(1).commit();
        assertThat(table.snapshots().listIds()).containsExactly(6L, 7L, 8L);
        assertThat(orphans(table)).isEmpty();
    }

    @Test
    void consumersNotUpdatedWithinTheExpirationTimeAreRemovedAfterACommit() throws Exception {
        Table table = LifecycleTables.create(warehouse, "c", "consumer.expiration-time", "1 h",
                "snapshot.num-retained.min", "1", "snapshot.time-retained", "1 ms");
        for (int n = 1; n <= 3; n++) {
            commit(table, n);
        }
        // Commits so far expired everything but the latest; a consumer now pins snapshot 3 and on.
        table.consumers().reset("stale", 3);
        table.consumers().reset("fresh", 4);
        commit(table, 4);
        assertThat(table.snapshots().listIds()).containsExactly(3L, 4L);
        LifecycleTables.setModified(local(table).resolve("consumer/consumer-stale"), Instant.now().minus(Duration.ofHours(2)));
        TableMaintenance.run(TableStore.of(table));
        assertThat(table.consumers().consumers()).extracting(c -> c.id()).containsExactly("fresh");
        assertThat(table.snapshots().listIds()).containsExactly(4L);
    }

    @Test
    void consumerChangelogOnlyMeansConsumersDoNotProtectSnapshots() throws Exception {
        Table table = history("consumer.changelog-only", "true");
        table.consumers().reset("job", 2);
        table.expireSnapshots().retainLast(1).commit();
        assertThat(table.snapshots().listIds()).containsExactly(8L);
    }

    @Test
    void invalidOptionsAndArgumentsFailNamingThemAndChangeNothing() throws Exception {
        Table table = history();
        List<String> files = LifecycleTables.files(local(table));
        assertThatThrownBy(() -> table.expireSnapshots().retainMin(3).retainMax(2).commit())
                .hasMessageContaining("retain max (2)").hasMessageContaining(table.location().toString());
        assertThatThrownBy(() -> table.expireSnapshots().retainMin(0).commit()).hasMessageContaining("retain min (0)");
        assertThat(LifecycleTables.files(local(table))).isEqualTo(files);
        int copies = 0;
        for (String[] bad : new String[][] {
                {"snapshot.num-retained.min", "0"}, {"snapshot.num-retained.max", "x"},
                {"snapshot.time-retained", "soon"}, {"snapshot.expire.limit", "-1"},
                {"tag.automatic-creation", "hourly"}, {"tag.creation-period", "weekly"},
                {"consumer.expiration-time", "later"}}) {
            Path copy = warehouse.resolve("copy" + copies++);
            LifecycleTables.copy(local(table), copy);
            List<String> content = LifecycleTables.contentFiles(copy);
            assertThatThrownBy(() -> withOption(LifecycleTables.load(copy), bad[0], bad[1]).expireSnapshots().commit())
                    .as(bad[0]).hasMessageContaining(bad[0]).hasMessageContaining(bad[1]);
            assertThat(LifecycleTables.contentFiles(copy)).isEqualTo(content);
        }
        Path copy = warehouse.resolve("copy-minmax");
        LifecycleTables.copy(local(table), copy);
        Table maxBelowMin = withOption(withOption(LifecycleTables.load(copy), "snapshot.num-retained.min", "5"),
                "snapshot.num-retained.max", "3");
        assertThatThrownBy(() -> maxBelowMin.expireSnapshots().commit())
                .hasMessageContaining("snapshot.num-retained.max").hasMessageContaining("snapshot.num-retained.min");
        Table decoupled = withOption(maxBelowMin, "snapshot.num-retained.min", "1");
        Table decoupled2 = withOption(decoupled, "changelog.num-retained.max", "100");
        // Changelogs kept longer than snapshots: the expired snapshots leave changelog/changelog-N.
        assertThat(decoupled2.expireSnapshots().retainLast(1).commit().snapshotIds()).hasSize(7);
        assertThat(TableStore.of(decoupled2).changelogManager().listIds()).hasSize(7);
        Table badChangelog = withOption(decoupled2, "changelog.num-retained.min", "200");
        assertThatThrownBy(() -> badChangelog.expireSnapshots().commit())
                .hasMessageContaining("changelog.num-retained.max").hasMessageContaining("changelog.num-retained.min");
    }

    /** The table with one option changed in a new schema, as ALTER TABLE SET would. */
    static Table withOption(Table table, String key, String value) {
        new io.strata.schema.SchemaManager(table.fileIO(), table.location())
                .commitChanges(io.strata.schema.SchemaChange.setOption(key, value));
        return LifecycleTables.load(local(table));
    }

    static Snapshot snapshot(Table table, long id) {
        return table.snapshots().snapshot(id);
    }
}
