package io.strata.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.oracle.PaimonOracle;
import io.strata.table.Table;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.paimon.operation.LocalOrphanFilesClean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Orphan-file removal as a MapReduce job, run by Hadoop's local job runner: it finds exactly the orphans the
 * in-process removal finds (and, outside Strata's staging directory, those Apache Paimon's own orphan clean
 * finds), deletes them and nothing else, and a job whose task fails deletes nothing.
 */
class OrphanFilesJobTest {

    private static final Instant TWO_DAYS_AGO = Instant.now().minus(Duration.ofDays(2));

    @TempDir
    Path dir;

    /**
     * A table Paimon created (partitions a and b, 4 buckets each), three Strata writes and a compaction, then
     * orphans as crashes leave them: a data file and a manifest nothing lists, a commit's temporary snapshot
     * file, what a killed compaction job staged. Every file is two days old except one in-flight data file.
     */
    private static Table tableWithOrphans(PaimonOracle paimon) throws IOException {
        Table table = JobTables.written(paimon, 4, 200, Map.of());
        table.compactFull();
        Path root = Path.of(table.location().toUri());
        Path bucket = root.resolve("p=a").resolve("bucket-1");
        Path someData;
        try (Stream<Path> files = Files.list(bucket)) {
            someData = files.filter(f -> f.getFileName().toString().startsWith("data-")).findFirst().orElseThrow();
        }
        Files.copy(someData, bucket.resolve("data-crashed-writer-0.parquet"));
        Files.writeString(root.resolve("manifest").resolve("manifest-crashed-writer-0"), "x");
        Files.writeString(root.resolve("snapshot").resolve(".snapshot-9.crashed.tmp"), "x");
        Path killed = root.resolve(".strata-staging").resolve("compaction-killed");
        Files.writeString(Files.createDirectories(killed.resolve("input")).resolve("group-00000"), "x");
        Files.writeString(Files.createDirectories(killed.resolve("messages")).resolve("task_0"), "x");
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Files.setLastModifiedTime(f, FileTime.from(TWO_DAYS_AGO));
            }
        }
        Files.writeString(root.resolve("p=b").resolve("bucket-0").resolve("data-in-flight-0.parquet"), "x");
        return table;
    }

    private Configuration local() {
        return JobTables.localRunner(dir);
    }

    private static List<String> names(List<org.apache.hadoop.fs.Path> paths) {
        return paths.stream().map(org.apache.hadoop.fs.Path::getName).sorted().toList();
    }

    private static List<String> rows(PaimonOracle paimon) {
        return JobTables.rows(paimon);
    }

    private static List<String> paimonOrphans(PaimonOracle paimon) throws Exception {
        var table = (org.apache.paimon.table.FileStoreTable) paimon.table("db", "t");
        return new LocalOrphanFilesClean(table, Instant.now().minus(Duration.ofDays(1)).toEpochMilli(), true).clean()
                .getDeletedFilesPath().stream().map(p -> p.getName()).sorted().toList();
    }

    @Test
    void theJobFindsAndDeletesWhatTheInProcessRemovalDoesAndPaimonAgrees() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(dir.resolve("w"))) {
            Table table = tableWithOrphans(paimon);
            List<String> expectedRows = rows(paimon);
            List<org.apache.hadoop.fs.Path> inProcess = table.removeOrphanFiles().list();
            assertThat(names(inProcess)).contains("data-crashed-writer-0.parquet", "manifest-crashed-writer-0",
                    ".snapshot-9.crashed.tmp", "group-00000", "task_0").doesNotContain("data-in-flight-0.parquet");
            // The three writes' files that the compaction replaced are referenced by the older snapshots still.
            List<String> outsideStaging = inProcess.stream().filter(p -> !p.toString().contains("/.strata-staging/"))
                    .map(org.apache.hadoop.fs.Path::getName).sorted().toList();

            OrphanFilesJob.Result dryRun = OrphanFilesJob.of(local(), table).dryRun().tasks(3).run();
            assertThat(dryRun.orphans()).isEqualTo(inProcess);
            assertThat(dryRun.deleted()).isFalse();
            assertThat(dryRun.directories()).isEqualTo(5 + 8 + 3); // metadata dirs, buckets, staged dirs
            assertThat(dryRun.manifests()).isPositive();
            assertThat(dryRun.tasks()).isEqualTo(6);
            assertThat(paimonOrphans(paimon)).as("Paimon's own orphan clean, outside Strata's staging directory")
                    .isEqualTo(outsideStaging);
            assertThat(table.removeOrphanFiles().list()).as("a dry run deletes nothing").isEqualTo(inProcess);

            OrphanFilesJob.Result result = OrphanFilesJob.of(local(), table).tasks(3).run();
            assertThat(result.orphans()).isEqualTo(inProcess);
            assertThat(result.deleted()).isTrue();
            for (org.apache.hadoop.fs.Path orphan : inProcess) {
                assertThat(Path.of(orphan.toUri())).doesNotExist();
            }
            Path root = Path.of(table.location().toUri());
            assertThat(root.resolve(".strata-staging").resolve("compaction-killed")).doesNotExist();
            assertThat(root.resolve("p=b").resolve("bucket-0").resolve("data-in-flight-0.parquet")).exists();
            assertThat(rows(paimon)).isEqualTo(expectedRows);
            assertThat(table.removeOrphanFiles().list()).isEmpty();
            assertThat(paimonOrphans(paimon)).isEmpty();
            assertThat(OrphanFilesJob.of(local(), table).run().orphans()).isEmpty();
        }
    }

    @Test
    void aJobWhoseManifestCannotBeReadDeletesNothing() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(dir.resolve("w"))) {
            Table table = tableWithOrphans(paimon);
            List<org.apache.hadoop.fs.Path> orphans = table.removeOrphanFiles().list();
            // A manifest that a reading task fails on: without its names, referenced files would look orphaned.
            Path manifests = Path.of(table.location().toUri()).resolve("manifest");
            Path manifest;
            try (Stream<Path> files = Files.list(manifests)) {
                manifest = files.filter(f -> f.getFileName().toString().matches("manifest-[0-9a-f-]+-\\d+"))
                        .findFirst().orElseThrow();
            }
            Files.writeString(manifest, "not avro");
            List<String> before;
            try (Stream<Path> files = Files.walk(Path.of(table.location().toUri()))) {
                before = files.filter(Files::isRegularFile).map(Path::toString).sorted().toList();
            }

            assertThatThrownBy(() -> OrphanFilesJob.of(local(), table).tasks(2).run())
                    .isInstanceOf(IOException.class).hasMessageContaining("failed")
                    .hasMessageContaining(table.location().toString());
            try (Stream<Path> files = Files.walk(Path.of(table.location().toUri()))) {
                assertThat(files.filter(Files::isRegularFile).map(Path::toString).sorted().toList())
                        .isEqualTo(before);
            }
            assertThat(orphans).isNotEmpty();
        }
    }

    @Test
    void badSettingsAreRefusedNamingThem() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(dir.resolve("w"))) {
            Table table = tableWithOrphans(paimon);
            assertThatThrownBy(() -> OrphanFilesJob.of(local(), table).tasks(0))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one task");
            assertThatThrownBy(() -> OrphanFilesJob.of(local(), table).olderThan(Instant.now().plusSeconds(60)))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must be in the past")
                    .hasMessageContaining(table.location().toString());
        }
    }
}
