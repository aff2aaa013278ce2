package io.strata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DescribeCommandTest {

    @TempDir
    Path dir;

    private String wh;

    @BeforeEach
    void createTable() {
        wh = dir.resolve("lake").toString();
        Cli.Result r = Cli.run("create", "--warehouse", wh, "--table", "shop.orders", "--columns",
                "id BIGINT NOT NULL COMMENT 'order id', name STRING, amount DECIMAL(10,2), dt STRING",
                "--primary-key", "dt,id", "--partition-by", "dt", "--option", "bucket=2");
        assertThat(r.exitCode()).as(r.toString()).isZero();
    }

    @Test
    void describesEmptyTable() {
        Cli.Result r = Cli.run("describe", "--warehouse", wh, "--table", "shop.orders");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).contains("Table shop.orders")
                .containsPattern("0 +id +BIGINT +NOT NULL +PK,bucket +order id")
                .containsPattern("2 +amount +DECIMAL\\(10, 2\\) +yes")
                .containsPattern("3 +dt +STRING +NOT NULL +PK,partition")
                .contains("Primary key     dt, id").contains("Partition keys  dt").contains("Bucket keys     id")
                .containsPattern("bucket +2")
                .contains("(none: nothing committed yet)");
    }

    @Test
    void describesSnapshotPartitionsBucketsFilesAndLevels() throws IOException {
        ingest("dt,id,name,amount\n2026-12-01,1,a,1.00\n2026-12-01,2,b,2.00\n2026-12-02,3,c,3.00\n");
        ingest("dt,id,name,amount\n2026-12-01,1,a2,1.50\n");
        Cli.Result r = Cli.run("describe", "--warehouse", wh, "--table", "shop.orders");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).contains("id 2, APPEND, committed ").contains("4 records total, 1 in this commit")
                .contains("Files of snapshot 2: 2 partition(s)")
                .containsPattern("dt=2026-12-01 +\\d +2 +3 +[0-9.]+ KiB +L0:2")
                .containsPattern("dt=2026-12-02 +\\d +1 +1 +[0-9.]+ KiB +L0:1");

        Cli.table(dir.resolve("lake"), "shop", "orders").compactFull();
        Cli.Result compacted = Cli.run("describe", "--path", dir.resolve("lake/shop.db/orders").toString(), "--json");
        assertThat(compacted.exitCode()).as(compacted.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(compacted.out());
        assertThat(json.get("primaryKey").toString()).isEqualTo("[\"dt\",\"id\"]");
        assertThat(json.get("latestSnapshot").get("kind").asText()).isEqualTo("COMPACT");
        assertThat(json.get("columns").get(0).get("nullable").asBoolean()).isFalse();
        JsonNode first = json.get("buckets").get(0);
        assertThat(first.get("partition").asText()).isEqualTo("dt=2026-12-01");
        assertThat(first.get("files").asInt()).isEqualTo(1);
        assertThat(first.get("filesPerLevel").fieldNames().next()).isNotEqualTo("0");
    }

    @Test
    void missingTableIsUsageError() {
        Cli.Result r = Cli.run("describe", "--warehouse", wh, "--table", "shop.nope");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("No table shop.nope at ").contains("shop.db/nope");
        assertThat(Cli.run("describe", "--help").out()).contains("--json");
    }

    @Test
    void fileUrisNameLocalDirectoriesAndUrisOfOtherFileSystemsAreRefused() {
        Cli.Result byUri = Cli.run("describe", "--warehouse", dir.resolve("lake").toUri().toString(), "--table", "shop.orders");
        assertThat(byUri.exitCode()).as(byUri.toString()).isZero();
        assertThat(byUri.out()).contains("Table shop.orders");
        Cli.Result byPath = Cli.run("describe", "--path", "file:" + dir.resolve("lake/shop.db/orders"));
        assertThat(byPath.exitCode()).as(byPath.toString()).isZero();

        Cli.Result hdfs = Cli.run("describe", "--path", "hdfs://nn:8020/lake/shop.db/orders");
        assertThat(hdfs.exitCode()).isEqualTo(2);
        assertThat(hdfs.err()).contains("--path").contains("'hdfs://nn:8020/lake/shop.db/orders' is a hdfs: URI")
                .contains("local file system only");
        // Before, a URI was a relative path: create made ./s3a:/bucket/... under the working directory.
        Cli.Result create = Cli.run("create", "--warehouse", "s3a://bucket/lake", "--table", "shop.more",
                "--columns", "id INT");
        assertThat(create.exitCode()).isEqualTo(2);
        assertThat(create.err()).contains("--warehouse").contains("is a s3a: URI");
        assertThat(Path.of("s3a:")).doesNotExist();
        Cli.Result sync = Cli.run("sync", "--metastore", "embedded", "--table", "s3a://bucket/lake/shop.db/orders");
        assertThat(sync.exitCode()).isEqualTo(2);
        assertThat(sync.err()).contains("--table").contains("is a s3a: URI");
        Cli.Result opaque = Cli.run("describe", "--path", "file:lake/shop.db/orders");
        assertThat(opaque.exitCode()).isEqualTo(2);
        assertThat(opaque.err()).contains("'file:lake/shop.db/orders' is not a file: URI of a local path");
    }

    private void ingest(String csv) throws IOException {
        Path f = Files.createTempFile(dir, "in", ".csv");
        Files.writeString(f, csv);
        Cli.Result r = Cli.run("ingest", "--warehouse", wh, "--table", "shop.orders", "--format", "csv", f.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
    }
}
