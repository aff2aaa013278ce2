package io.strata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.Tables;
import io.strata.schema.TableSchema;
import io.strata.table.Table;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CreateCommandTest {

    private static final String COLUMNS = "id BIGINT NOT NULL COMMENT 'order id', name STRING, "
            + "amount DECIMAL(10,2), dt STRING";

    @TempDir
    Path dir;

    private String wh() {
        return dir.resolve("lake").toString();
    }

    @Test
    void createsTableWithKeysOptionsAndComments() {
        Cli.Result r = Cli.run("create", "--warehouse", wh(), "--table", "shop.orders", "--columns", COLUMNS,
                "--primary-key", "dt,id", "--partition-by", "dt", "--option", "bucket=4", "--comment", "orders");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).contains("Created table shop.orders at file:").contains("primary key: dt, id")
                .contains("partition keys: dt").contains("{bucket=4}");
        TableSchema s = Cli.table(dir.resolve("lake"), "shop", "orders").schema();
        assertThat(s.rowType().fieldNames()).containsExactly("id", "name", "amount", "dt");
        assertThat(s.primaryKeys()).containsExactly("dt", "id");
        assertThat(s.partitionKeys()).containsExactly("dt");
        assertThat(s.options()).containsEntry("bucket", "4");
        assertThat(s.comment()).isEqualTo("orders");
        assertThat(s.fields().get(0).description()).isEqualTo("order id");
        assertThat(s.fields().get(2).type().asSqlString()).isEqualTo("DECIMAL(10, 2)");
        assertThat(s.fields().get(3).type().nullable()).isFalse();
    }

    /**
     * A primary key without a bucket option makes the table Paimon makes by default, in dynamic bucket mode:
     * no bucket option stored, and writes assign buckets through the table's hash index.
     */
    @Test
    void primaryKeyWithoutBucketMakesADynamicBucketTableThatTakesWrites() throws IOException {
        Cli.Result r = Cli.run("create", "--warehouse", wh(), "--table", "shop.dyn", "--columns", COLUMNS,
                "--primary-key", "dt,id", "--partition-by", "dt");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).contains("options: none");
        Table table = Cli.table(dir.resolve("lake"), "shop", "dyn");
        assertThat(table.schema().options()).doesNotContainKey("bucket");
        assertThat(table.schema().tableOptions().bucket()).isEqualTo(-1);
        Path csv = dir.resolve("rows.csv");
        Files.writeString(csv, "dt,id,name,amount\n2026-12-01,1,a,1.00\n2026-12-01,2,b,2.00\n2026-12-02,1,c,3.00\n");
        Cli.Result ingest = Cli.run("ingest", "--warehouse", wh(), "--table", "shop.dyn", "--format", "csv",
                csv.toString());
        assertThat(ingest.exitCode()).as(ingest.toString()).isZero();
        Files.writeString(csv, "dt,id,name,amount\n2026-12-01,2,b2,20.00\n");
        assertThat(Cli.run("ingest", "--warehouse", wh(), "--table", "shop.dyn", "--format", "csv",
                csv.toString()).exitCode()).isZero();
        assertThat(Cli.rows(table)).containsExactlyInAnyOrder("1 | a | 1.00 | 2026-12-01", "2 | b2 | 20.00 | 2026-12-01",
                "1 | c | 3.00 | 2026-12-02");
        assertThat(Cli.run("compact", "--warehouse", wh(), "--table", "shop.dyn").exitCode()).isZero();
        assertThat(Cli.rows(table)).hasSize(3);
        try (var index = Files.list(dir.resolve("lake").resolve("shop.db").resolve("dyn").resolve("index"))) {
            assertThat(index.count()).as("hash index files: one per (partition, bucket) written, per change")
                    .isEqualTo(2);
        }
    }

    @Test
    void existingTableIsFailureUnlessIfNotExists() {
        String[] args = {"create", "--warehouse", wh(), "--table", "shop.t", "--columns", "a INT"};
        assertThat(Cli.run(args).exitCode()).isZero();
        Cli.Result again = Cli.run(args);
        assertThat(again.exitCode()).isEqualTo(1);
        assertThat(again.err()).contains("FAILED: table shop.t at file:").contains("already exists").contains("--if-not-exists");
        Cli.Result ok = Cli.run("create", "--warehouse", wh(), "--table", "shop.t", "--columns", "a INT",
                "--if-not-exists");
        assertThat(ok.exitCode()).isZero();
        assertThat(ok.out()).contains("already exists").contains("unchanged");
    }

    @Test
    void specFileWithClausesAndPathAddressing() throws IOException {
        Path spec = dir.resolve("orders.sql");
        Files.writeString(spec, """
                -- the orders of the shop
                id BIGINT NOT NULL,
                `note, free` VARCHAR(20) COMMENT 'it''s free text',
                tags MAP<STRING, INT>,
                dt STRING,
                PRIMARY KEY (dt, id) NOT ENFORCED,
                PARTITIONED BY (dt),
                COMMENT 'from a spec',
                WITH ('bucket' = '2', 'file.format' = 'orc')
                """);
        Path table = dir.resolve("anywhere/orders");
        Cli.Result r = Cli.run("create", "--path", table.toString(), "--spec", spec.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        Table t = Tables.load(io.strata.fs.FileIO.local(), new org.apache.hadoop.fs.Path(table.toUri()));
        assertThat(t.schema().rowType().fieldNames()).containsExactly("id", "note, free", "tags", "dt");
        assertThat(t.schema().fields().get(1).description()).isEqualTo("it's free text");
        assertThat(t.schema().fields().get(2).type().asSqlString()).isEqualTo("MAP<STRING, INT>");
        assertThat(t.schema().primaryKeys()).containsExactly("dt", "id");
        assertThat(t.schema().options()).containsEntry("bucket", "2").containsEntry("file.format", "orc");
        assertThat(t.schema().comment()).isEqualTo("from a spec");
    }

    @Test
    void badDefinitionsAreUsageErrorsNamingTheCulprit() {
        assertUsage("bad type names the column", "Column 'amount'", "--columns", "id INT, amount DECIML(10,2)");
        assertUsage("unknown primary key column", "'nope' is not a column", "--columns", "id INT",
                "--primary-key", "nope");
        assertUsage("invalid option value surfaces core's message", "bucket", "--columns", "id INT NOT NULL",
                "--primary-key", "id", "--option", "bucket=-7");
        assertUsage("unparseable entry", "Cannot read 'PRIMARY KEY id'", "--columns", "id INT, PRIMARY KEY id");
        assertUsage("key twice", "primary key is given twice", "--columns", "id INT, PRIMARY KEY (id)",
                "--primary-key", "id");
        assertUsage("no columns", "Missing columns");
        assertUsage("missing spec file", "does not exist", "--spec", dir.resolve("missing.sql").toString());
        assertThat(Files.exists(dir.resolve("lake/shop.db/bad"))).isFalse();
    }

    /**
     * Issue 15, defect 5: {@code buckets=2} (a typo) on a primary-key table was answered with a message about
     * {@code bucket} alone; the error now names the typo too, and an accepted table with one gets a warning.
     * {@code file.format} gets one message for every format Strata does not write.
     */
    @Test
    void optionTyposAreNamedAndFormatsRefusedAlike() {
        // Refused (a bucket key in dynamic bucket mode, since 'bucket' is unset): the error names the typo.
        Cli.Result typo = Cli.run("create", "--warehouse", wh(), "--table", "shop.typo", "--columns", "id INT NOT NULL",
                "--primary-key", "id", "--option", "buckets=2", "--option", "bucket-key=id");
        assertThat(typo.exitCode()).as(typo.toString()).isEqualTo(2);
        assertThat(typo.err()).contains("'buckets' is not an option Strata knows: did you mean 'bucket'?");
        Cli.Result warned = Cli.run("create", "--warehouse", wh(), "--table", "shop.append", "--columns", "id INT",
                "--option", "buckets=2");
        assertThat(warned.exitCode()).as(warned.toString()).isZero();
        assertThat(warned.err()).contains("warning: 'buckets' is not an option Strata knows: did you mean 'bucket'?");
        for (String format : new String[] {"csv", "json"}) {
            Cli.Result r = Cli.run("create", "--warehouse", wh(), "--table", "shop.f_" + format, "--columns", "id INT",
                    "--option", "file.format=" + format);
            assertThat(r.exitCode()).as(format).isEqualTo(2);
            assertThat(r.err()).as(format).contains("Strata reads and writes orc, parquet and avro data files");
        }
    }

    @Test
    void badAddressingIsUsageError() {
        Cli.Result noTable = Cli.run("create", "--columns", "a INT");
        assertThat(noTable.exitCode()).isEqualTo(2);
        assertThat(noTable.err()).contains("Missing table");
        Cli.Result badName = Cli.run("create", "--warehouse", wh(), "--table", "orders", "--columns", "a INT");
        assertThat(badName.exitCode()).isEqualTo(2);
        assertThat(badName.err()).contains("Invalid --table 'orders'");
        // Names that would place the table outside the warehouse (issue 15): refused, nothing created.
        for (String escaping : new String[] {"db./tmp/strata-evil-dir/evil", "/tmp/strata-evil-dir/dbz.t", "db.a/b"}) {
            Cli.Result r = Cli.run("create", "--warehouse", wh(), "--table", escaping, "--columns", "a INT");
            assertThat(r.exitCode()).as(escaping).isEqualTo(2);
            assertThat(r.err()).as(escaping).contains("Invalid --table '" + escaping + "'")
                    .contains("may hold only ASCII letters, digits and '_'");
        }
        assertThat(Path.of("/tmp/strata-evil-dir")).doesNotExist();
        assertThat(Files.exists(dir.resolve("lake/db.db/a"))).isFalse();
        Cli.Result both = Cli.run("create", "--warehouse", wh(), "--table", "a.b", "--path", wh(), "--columns", "a INT");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err()).contains("not both");
        Cli.Result unknownFlag = Cli.run("create", "--colums", "a INT");
        assertThat(unknownFlag.exitCode()).isEqualTo(2);
        assertThat(unknownFlag.err()).contains("--colums");
        assertThat(Cli.run("create", "--help").out()).contains("--primary-key").contains("Exit codes");
    }

    private void assertUsage(String what, String message, String... options) {
        String[] args = new String[options.length + 5];
        args[0] = "create";
        args[1] = "--warehouse";
        args[2] = wh();
        args[3] = "--table";
        args[4] = "shop.bad";
        System.arraycopy(options, 0, args, 5, options.length);
        Cli.Result r = Cli.run(args);
        assertThat(r.exitCode()).as(what + ": " + r).isEqualTo(2);
        assertThat(r.err()).as(what).contains(message).contains("Try 'strata create --help'");
    }
}
