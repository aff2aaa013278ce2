package io.strata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code strata adopt} against a real embedded metastore. The Paimon-registered entries are made the way
 * Paimon's Hive catalog registers tables (its storage handler, input/output formats and SerDe) by
 * {@code strata sync --option metastore.sync.paimon-formats=true}.
 */
class AdoptCommandIT {

    private static final String PAIMON_INPUT = "org.apache.paimon.hive.mapred.PaimonInputFormat";
    private static final String STRATA_INPUT = "io.strata.hive.StrataInputFormat";

    @TempDir
    Path dir;

    @BeforeAll
    static void embeddedMetastore() {
        EmbeddedMetastoreSite.install();
    }

    @Test
    void adoptsADryRunChangesNothingAndRevertRestores() throws Exception {
        paimonRegistered("adopt_one", "orders", "d1", "d2");

        Cli.Result dry = run("adopt", "--metastore", "embedded", "--table", "adopt_one.orders", "--dry-run");
        assertThat(dry.exitCode()).as(dry.err()).isZero();
        assertThat(dry.out()).contains("adopt_one.orders: WOULD_ADOPT").contains("2 partition(s)")
                .contains("1 table(s): 1 would adopt");
        assertThat(inputFormats("adopt_one", "orders")).containsOnly(PAIMON_INPUT);

        Cli.Result adopt = run("adopt", "--metastore", "embedded", "--table", "adopt_one.orders");
        assertThat(adopt.exitCode()).as(adopt.err()).isZero();
        assertThat(adopt.out()).contains("adopt_one.orders: ADOPTED");
        assertThat(inputFormats("adopt_one", "orders")).containsOnly(STRATA_INPUT);
        try (IMetaStoreClient client = EmbeddedMetastoreSite.client()) {
            Table table = client.getTable("adopt_one", "orders");
            // Partitioned in the metastore: the handler that reads through Hive's partition path.
            assertThat(table.getParameters()).containsEntry("storage_handler", "io.strata.hive.MetastorePartitionedStorageHandler")
                    .containsEntry("table_type", "PAIMON");
            assertThat(table.getSd().getLocation()).endsWith("/lake/adopt_one.db/orders");
        }

        Cli.Result again = run("adopt", "--metastore", "embedded", "--table", "adopt_one.orders");
        assertThat(again.exitCode()).isZero();
        assertThat(again.out()).contains("ALREADY_ADOPTED");

        Cli.Result revert = run("adopt", "--metastore", "embedded", "--table", "adopt_one.orders", "--revert");
        assertThat(revert.exitCode()).as(revert.err()).isZero();
        assertThat(revert.out()).contains("adopt_one.orders: REVERTED");
        assertThat(inputFormats("adopt_one", "orders")).containsOnly(PAIMON_INPUT);
    }

    @Test
    void aDatabaseAdoptsWhatStrataReadsAndRefusesTheRestUnchanged() throws Exception {
        paimonRegistered("adopt_db", "good", "d1");
        String broken = paimonRegistered("adopt_db", "broken", "d1");
        // The table directory loses its schema: Strata cannot read it, so adoption must refuse it.
        Path schema = Path.of(java.net.URI.create(broken)).resolve("schema");
        Files.move(schema, schema.resolveSibling("schema-moved-away"));

        Cli.Result run = run("adopt", "--metastore", "embedded", "--database", "adopt_db");
        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
        assertThat(run.out()).contains("adopt_db.good: ADOPTED").contains("adopt_db.broken: REFUSED")
                .contains("2 table(s): 1 adopted, 1 refused");
        assertThat(inputFormats("adopt_db", "good")).containsOnly(STRATA_INPUT);
        assertThat(inputFormats("adopt_db", "broken")).containsOnly(PAIMON_INPUT);

        Cli.Result one = run("adopt", "--metastore", "embedded", "--table", "adopt_db.broken");
        assertThat(one.exitCode()).isEqualTo(1);
        assertThat(one.err()).contains("strata adopt: FAILED: Cannot adopt table adopt_db.broken")
                .contains("left unchanged");
    }

    @Test
    void badArgumentsExitWithTwo() {
        Cli.Result noDot = run("adopt", "--metastore", "embedded", "--table", "orders");
        assertThat(noDot.exitCode()).isEqualTo(2);
        assertThat(noDot.err()).contains("--table orders: expected <database>.<table>");
        Cli.Result revertDb = run("adopt", "--metastore", "embedded", "--database", "x", "--revert");
        assertThat(revertDb.exitCode()).isEqualTo(2);
        assertThat(revertDb.err()).contains("--revert works on one table");
        Cli.Result badUri = run("adopt", "--metastore", "http://x", "--table", "a.b");
        assertThat(badUri.exitCode()).isEqualTo(2);
        assertThat(badUri.err()).contains("Invalid --metastore 'http://x'");
        Cli.Result both = run("adopt", "--metastore", "embedded", "--table", "a.b", "--database", "a");
        assertThat(both.exitCode()).isEqualTo(2);
        Cli.Result unknown = run("adopt", "--metastore", "embedded", "--table", "nowhere.none");
        assertThat(unknown.exitCode()).isEqualTo(1);
        assertThat(unknown.err()).contains("nowhere.none");
    }

    /** A Strata table registered with Paimon's classes, as Paimon's Hive catalog registers its tables. */
    private String paimonRegistered(String db, String name, String... partitions) {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(),
                new org.apache.hadoop.fs.Path(dir.resolve("lake").toUri()));
        catalog.createDatabase(db, true);
        io.strata.table.Table table = catalog.createTable(Identifier.of(db, name), Schema.newBuilder()
                .column("dt", DataTypes.STRING())
                .column("id", DataTypes.BIGINT())
                .partitionKeys("dt")
                .build(), false);
        try (BatchWrite w = table.newBatchWrite()) {
            long id = 1;
            for (String p : partitions) {
                w.write(GenericRow.of(Utf8String.fromString(p), id++));
            }
            w.commit();
        }
        String location = dir.resolve("lake").resolve(db + ".db").resolve(name).toString();
        Cli.Result sync = run("sync", "--metastore", "embedded", "--table", location,
                "--option", "metastore.sync.paimon-formats=true");
        assertThat(sync.exitCode()).as(sync.err()).isZero();
        return dir.resolve("lake").resolve(db + ".db").resolve(name).toUri().toString();
    }

    /** The input formats of the table and of each of its partitions. */
    private static java.util.Set<String> inputFormats(String db, String name) throws Exception {
        try (IMetaStoreClient client = EmbeddedMetastoreSite.client()) {
            java.util.Set<String> formats = new java.util.HashSet<>();
            formats.add(client.getTable(db, name).getSd().getInputFormat());
            for (Partition p : client.listPartitions(db, name, (short) -1)) {
                formats.add(p.getSd().getInputFormat());
            }
            return formats;
        }
    }

    private static Cli.Result run(String... args) {
        Cli.Result result = Cli.run(args);
        // Shown in the test output: docs/cli-adopt.md quotes it.
        System.out.println("$ strata " + String.join(" ", args) + "\n" + result.out() + result.err()
                + "(exit " + result.exitCode() + ")");
        return result;
    }
}
