package io.strata.hive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.manifest.DataFileMeta;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.types.DataTypes;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.JobConf;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * getSplits checks that the planned files exist with the size their snapshot records (so MapReduce queries
 * fail at planning, naming the file), at the cost of one listing per bucket directory: printed here.
 */
class PlanningFileCheckTest {

    private static final int PARTITIONS = 8;
    private static final int BUCKETS = 4;

    @TempDir
    java.nio.file.Path dir;

    private Table table;

    @BeforeEach
    void writeTable() {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new Path(dir.toUri()));
        catalog.createDatabase("db", true);
        table = catalog.createTable(Identifier.of("db", "t"), Schema.newBuilder()
                .column("id", DataTypes.INT())
                .column("dt", DataTypes.STRING())
                .column("v", DataTypes.STRING())
                .partitionKeys("dt")
                .primaryKey("id", "dt")
                .option("bucket", String.valueOf(BUCKETS))
                .build(), false);
        for (int commit = 0; commit < 3; commit++) {
            try (BatchWrite w = table.newBatchWrite()) {
                for (int i = 0; i < 400; i++) {
                    w.write(GenericRow.of(i, Utf8String.fromString("2024-01-0" + (1 + i % PARTITIONS)),
                            Utf8String.fromString("v" + commit + "-" + i)));
                }
                w.commit();
            }
        }
    }

    private java.nio.file.Path localFile(Split split, DataFileMeta file) throws IOException {
        try (var files = Files.walk(java.nio.file.Path.of(table.location().toUri()))) {
            return files.filter(p -> p.getFileName().toString().equals(file.fileName())).findFirst().orElseThrow();
        }
    }

    private JobConf job() {
        JobConf job = new JobConf(new Configuration());
        FileInputFormat.setInputPaths(job, new Path(table.location().toString()));
        return job;
    }

    @Test
    void anIntactTablePassesAndTheCheckCostsOneListingPerBucket() throws Exception {
        Plan plan = table.newScan().plan();
        assertThat(plan.splits()).hasSize(PARTITIONS * BUCKETS);
        long files = plan.splits().stream().mapToLong(s -> s.files().size()).sum();
        assertThatCode(() -> StrataInputFormat.checkFiles(table, plan.splits())).doesNotThrowAnyException();

        int warmUp = 5;
        int runs = 20;
        long planNanos = 0;
        long checkNanos = 0;
        for (int i = -warmUp; i < runs; i++) {
            if (i == 0) {
                planNanos = 0;
                checkNanos = 0;
            }
            long start = System.nanoTime();
            Plan p = table.newScan().plan();
            long planned = System.nanoTime();
            StrataInputFormat.checkFiles(table, p.splits());
            checkNanos += System.nanoTime() - planned;
            planNanos += planned - start;
        }
        System.out.printf("[PlanningFileCheckTest] %d buckets, %d files: plan %.2f ms, file check %.2f ms (local file system, mean of %d after warm-up)%n",
                plan.splits().size(), files, planNanos / 1e6 / runs, checkNanos / 1e6 / runs, runs);
        assertThat(new StrataInputFormat().getSplits(job(), 1)).hasSize(PARTITIONS * BUCKETS);
    }

    @Test
    void aMissingFileInAnyBucketFailsGetSplitsNamingIt() throws Exception {
        Split split = table.newScan().plan().splits().get(PARTITIONS * BUCKETS - 1);
        java.nio.file.Path file = localFile(split, split.files().get(1));
        Files.delete(file);
        assertThatThrownBy(() -> new StrataInputFormat().getSplits(job(), 1))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("is missing")
                .hasMessageContaining(table.location().toString());
    }

    @Test
    void aMissingBucketDirectoryFailsNamingAFileOfIt() throws Exception {
        Split split = table.newScan().plan().splits().get(3);
        java.nio.file.Path bucketDir = localFile(split, split.files().get(0)).getParent();
        try (var files = Files.list(bucketDir)) {
            for (java.nio.file.Path f : files.toList()) {
                Files.delete(f);
            }
        }
        Files.delete(bucketDir);
        assertThatThrownBy(() -> new StrataInputFormat().getSplits(job(), 1))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(bucketDir.toString()).hasMessageContaining("is missing");
    }

    @Test
    void aFileOfAnotherSizeFailsGetSplitsNamingBothSizes() throws Exception {
        Split split = table.newScan().plan().splits().get(5);
        DataFileMeta meta = split.files().get(0);
        java.nio.file.Path file = localFile(split, meta);
        byte[] content = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(content, content.length + 10));
        assertThatThrownBy(() -> new StrataInputFormat().getSplits(job(), 1))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining(String.valueOf(content.length + 10)).hasMessageContaining(String.valueOf(meta.fileSize()));
    }
}
