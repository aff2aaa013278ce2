package io.strata.table;

import static io.strata.table.LifecycleTables.commit;
import static io.strata.table.LifecycleTables.local;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Orphan file removal: only unreferenced files, only old ones. */
class OrphanFilesTest {

    @TempDir
    Path warehouse;

    @Test
    void removesOnlyUnreferencedFilesOlderThanTheAge() throws Exception {
        Table table = LifecycleTables.create(warehouse, "t", "write-only", "true");
        for (int n = 1; n <= 3; n++) {
            commit(table, n);
        }
        table.tags().create("one", 1);
        Path root = local(table);
        List<String> rows = TestRows.readAll(table, table.newScan().plan());
        Path bucket = Files.list(root.resolve("p=p0")).filter(p -> p.getFileName().toString().startsWith("bucket-"))
                .findFirst().orElseThrow();
        Instant twoDaysAgo = Instant.now().minus(Duration.ofDays(2));
        Path oldData = Files.writeString(bucket.resolve("data-crashed-writer-0.parquet"), "x");
        Path oldManifest = Files.writeString(root.resolve("manifest/manifest-crashed-0"), "x");
        Path oldTmp = Files.writeString(root.resolve("snapshot/.snapshot-9.abc.tmp"), "x");
        Path freshData = Files.writeString(bucket.resolve("data-in-flight-0.parquet"), "x");
        for (Path p : List.of(oldData, oldManifest, oldTmp)) {
            LifecycleTables.setModified(p, twoDaysAgo);
        }
        // Every real file is old too: only references may protect them.
        try (var files = Files.walk(root)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                if (!p.equals(freshData)) {
                    LifecycleTables.setModified(p, twoDaysAgo);
                }
            }
        }

        List<String> listed = names(table.removeOrphanFiles().list());
        assertThat(listed).containsExactlyInAnyOrder(oldData.getFileName().toString(),
                oldManifest.getFileName().toString(), oldTmp.getFileName().toString());
        assertThat(oldData).exists();

        assertThat(names(table.removeOrphanFiles().execute())).containsExactlyInAnyOrderElementsOf(listed);
        assertThat(oldData).doesNotExist();
        assertThat(oldManifest).doesNotExist();
        assertThat(oldTmp).doesNotExist();
        assertThat(freshData).exists();
        assertThat(TestRows.readAll(table, table.newScan().plan())).isEqualTo(rows);
        assertThat(LifecycleTables.rowsOfTag(table, "one")).isNotEmpty();

        // With a younger age the in-flight file goes too once it is older than that.
        LifecycleTables.setModified(freshData, Instant.now().minus(Duration.ofMinutes(10)));
        assertThat(names(table.removeOrphanFiles().olderThan(Instant.now().minus(Duration.ofMinutes(5))).execute()))
                .containsExactly(freshData.getFileName().toString());
    }

    /**
     * A distributed job killed before its commit (a Hive statement whose process died) left staged commit
     * messages in its own staging directory: old ones go with their directory, a running job's stay.
     */
    @Test
    void removesWhatKilledJobsStagedOnceOld() throws Exception {
        Table table = LifecycleTables.create(warehouse, "t");
        commit(table, 1);
        Path staging = local(table).resolve(TablePaths.STAGING_DIRECTORY);
        Path killed = Files.createDirectories(staging.resolve("hive_20261201_query_1"));
        Path oldStaged = Files.writeString(killed.resolve("task-0.messages"), "x");
        Path running = Files.createDirectories(staging.resolve("hive_20261204_query_2"));
        Path freshStaged = Files.writeString(running.resolve("task-0.messages"), "x");
        LifecycleTables.setModified(oldStaged, Instant.now().minus(Duration.ofDays(2)));

        assertThat(table.removeOrphanFiles().list()).extracting(org.apache.hadoop.fs.Path::getName)
                .containsExactly("task-0.messages");
        assertThat(names(table.removeOrphanFiles().execute())).containsExactly("task-0.messages");
        assertThat(killed).doesNotExist();
        assertThat(freshStaged).exists();
    }

    /** A killed compaction job staged its task inputs and messages in subdirectories: they go, and so do they. */
    @Test
    void removesNestedStagedFilesAndTheirDirectories() throws Exception {
        Table table = LifecycleTables.create(warehouse, "t");
        commit(table, 1);
        Path job = local(table).resolve(TablePaths.STAGING_DIRECTORY).resolve("compaction-1");
        Path input = Files.writeString(Files.createDirectories(job.resolve("input")).resolve("group-00000"), "x");
        Path messages = Files.writeString(Files.createDirectories(job.resolve("messages")).resolve("task_0"), "x");
        for (Path p : List.of(input, messages)) {
            LifecycleTables.setModified(p, Instant.now().minus(Duration.ofDays(2)));
        }

        assertThat(names(table.removeOrphanFiles().execute())).containsExactlyInAnyOrder("group-00000", "task_0");
        assertThat(job).doesNotExist();
    }

    /**
     * A search spread over tasks reads the references before its tasks list the candidates: what a commit
     * that landed in between references is what {@link OrphanFileSearch#referencedAfter} returns.
     */
    @Test
    void theStepsOfASearchSeeWhatCommitsInBetweenReference() throws Exception {
        Table table = LifecycleTables.create(warehouse, "t");
        commit(table, 1);
        OrphanFileSearch search = table.removeOrphanFiles()
                .search();
        OrphanFileSearch.References before = search.references();
        assertThat(search.referencedAfter(before)).isEmpty();
        assertThat(before.latestSnapshots()).containsEntry("", 1L);

        commit(table, 2); // lands after the references were read
        List<String> newFiles = table.newScan().plan().splits().stream().flatMap(s -> s.files().stream())
                .map(f -> f.fileName()).filter(name -> before.manifests().stream()
                        .flatMap(m -> search.dataFiles(m).stream()).noneMatch(name::equals))
                .toList();
        assertThat(newFiles).isNotEmpty();
        assertThat(search.referencedAfter(before)).containsAll(newFiles)
                .contains(table.snapshots().latestSnapshot().orElseThrow().deltaManifestList());
        // Read now, the references hold them all.
        OrphanFileSearch.References after = search.references();
        assertThat(after.manifests().stream().flatMap(m -> search.dataFiles(m).stream())).containsAll(newFiles);
    }

    @Test
    void anAgeInTheFutureIsRejected() throws Exception {
        Table table = LifecycleTables.create(warehouse, "t");
        assertThatThrownBy(() -> table.removeOrphanFiles().olderThan(Instant.now().plusSeconds(60)))
                .hasMessageContaining("must be in the past").hasMessageContaining(table.location().toString());
    }

    private static List<String> names(List<org.apache.hadoop.fs.Path> paths) {
        return paths.stream().map(org.apache.hadoop.fs.Path::getName).toList();
    }
}
