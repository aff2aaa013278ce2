package io.strata.metastore.adopt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.fs.FileIO;
import io.strata.metastore.LocalMetastore;
import io.strata.metastore.adopt.Adoption.Outcome;
import io.strata.metastore.adopt.PaimonHiveRegistration.Column;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.options.Options;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Adopting tables registered as Paimon's Hive catalog registers them (over Thrift): Apache Paimon writes a
 * partitioned primary-key table, the metastore holds it with Paimon's classes, adoption switches table and
 * partitions to Strata's classes and nothing else, and a table Strata cannot read is refused unchanged.
 */
class PaimonTableAdoptionIT {

    private static final String DB = "adopt_db";
    private static final List<Column> COLUMNS = List.of(
            new Column("dt", "string"), new Column("id", "int"), new Column("amount", "bigint"));

    private static final LocalMetastore hms = LocalMetastore.get();
    private static Path warehouse;

    @BeforeAll
    static void createDatabase() throws Exception {
        warehouse = hms.newDirectory("adopt-warehouse");
        try (IMetaStoreClient client = hms.newThriftClient()) {
            client.createDatabase(new Database(DB, "", warehouse.resolve(DB + ".db").toUri().toString(), new HashMap<>()));
        }
    }

    /** Paimon writes a partitioned primary-key table (two partitions) at {@code <warehouse>/adopt_db.db/<name>}. */
    private static String paimonTable(String name, Map<String, String> options) throws Exception {
        Options catalogOptions = new Options();
        catalogOptions.set("warehouse", warehouse.toUri().toString());
        try (Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(catalogOptions))) {
            catalog.createDatabase(DB, true);
            Schema.Builder schema = Schema.newBuilder()
                    .column("dt", DataTypes.STRING()).column("id", DataTypes.INT()).column("amount", DataTypes.BIGINT())
                    .partitionKeys("dt").primaryKey("dt", "id").option("bucket", "1");
            options.forEach(schema::option);
            Identifier id = Identifier.create(DB, name);
            catalog.createTable(id, schema.build(), false);
            BatchWriteBuilder builder = catalog.getTable(id).newBatchWriteBuilder();
            try (BatchTableWrite write = builder.newWrite(); BatchTableCommit commit = builder.newCommit()) {
                write.write(GenericRow.of(BinaryString.fromString("2024-01-01"), 1, 10L));
                write.write(GenericRow.of(BinaryString.fromString("2024-01-01"), 2, 20L));
                write.write(GenericRow.of(BinaryString.fromString("2024-01-02"), 1, 30L));
                commit.commit(write.prepareCommit());
            }
        }
        return warehouse.resolve(DB + ".db").resolve(name).toUri().toString().replaceAll("/$", "");
    }

    private static Table registerAsPaimon(IMetaStoreClient client, String name, String location) throws Exception {
        return PaimonHiveRegistration.register(client, DB, name, location, COLUMNS, List.of("dt"),
                List.of(List.of("2024-01-01"), List.of("2024-01-02")));
    }

    private static PaimonTableAdoption adoption(IMetaStoreClient client) {
        return new PaimonTableAdoption(client, FileIO.local());
    }

    @Test
    void adoptionSwitchesTableAndPartitionsToStrataAndKeepsEverythingElse() throws Exception {
        try (IMetaStoreClient client = hms.newThriftClient(); IMetaStoreClient other = hms.newThriftClient()) {
            Table before = registerAsPaimon(client, "orders", paimonTable("orders", Map.of()));

            Adoption plan = adoption(client).plan(DB, "orders");
            assertThat(plan.outcome()).isEqualTo(Outcome.WOULD_ADOPT);
            assertThat(plan.partitions()).isEqualTo(2);
            assertThat(plan.changes()).contains(
                    "storage_handler: org.apache.paimon.hive.PaimonStorageHandler -> io.strata.hive.MetastorePartitionedStorageHandler",
                    "input format: org.apache.paimon.hive.mapred.PaimonInputFormat -> io.strata.hive.StrataInputFormat",
                    "serde: org.apache.paimon.hive.PaimonSerDe -> io.strata.hive.StrataSerDe");
            assertThat(other.getTable(DB, "orders")).isEqualTo(before); // a dry run changes nothing

            Adoption adopted = adoption(client).adopt(DB, "orders");
            assertThat(adopted.outcome()).isEqualTo(Outcome.ADOPTED);

            Table after = other.getTable(DB, "orders");
            // The table has metastore partitions: Hive must read it through its own partition path.
            assertThat(HiveHandler.of(after)).isEqualTo(HiveHandler.STRATA_METASTORE_PARTITIONED);
            assertThat(after.getParameters())
                    .containsEntry("table_type", "PAIMON")
                    .containsEntry("strata.adopted-from.storage-handler", HiveHandler.PAIMON.storageHandler())
                    .containsEntry("strata.adopted-from.input-format", HiveHandler.PAIMON.inputFormat())
                    .containsEntry("strata.adopted-from.output-format", HiveHandler.PAIMON.outputFormat())
                    .containsEntry("strata.adopted-from.serde", HiveHandler.PAIMON.serde());
            assertThat(after.getTableType()).isEqualTo(before.getTableType());
            assertThat(after.getSd().getLocation()).isEqualTo(before.getSd().getLocation());
            assertThat(after.getSd().getCols()).isEqualTo(before.getSd().getCols());
            assertThat(after.getPartitionKeys()).isEqualTo(before.getPartitionKeys());
            List<Partition> partitions = other.listPartitions(DB, "orders", (short) -1);
            assertThat(partitions).hasSize(2).allSatisfy(p -> {
                assertThat(p.getSd().getInputFormat()).isEqualTo(HiveHandler.STRATA.inputFormat());
                assertThat(p.getSd().getSerdeInfo().getSerializationLib()).isEqualTo(HiveHandler.STRATA.serde());
                assertThat(p.getSd().getLocation()).startsWith(before.getSd().getLocation() + "/dt=");
            });

            // Idempotent: a second adoption finds it adopted and changes nothing.
            assertThat(adoption(client).adopt(DB, "orders").outcome()).isEqualTo(Outcome.ALREADY_ADOPTED);
            assertThat(other.getTable(DB, "orders").getParameters()).isEqualTo(after.getParameters());

            // Revertible: Paimon's classes come back, the record goes.
            Adoption reverted = adoption(client).revert(DB, "orders");
            assertThat(reverted.outcome()).isEqualTo(Outcome.REVERTED);
            Table back = other.getTable(DB, "orders");
            assertThat(HiveHandler.of(back)).isEqualTo(HiveHandler.PAIMON);
            assertThat(back.getParameters()).doesNotContainKeys("strata.adopted-from.storage-handler");
            assertThat(other.listPartitions(DB, "orders", (short) -1))
                    .allSatisfy(p -> assertThat(p.getSd().getInputFormat()).isEqualTo(HiveHandler.PAIMON.inputFormat()));
        }
    }

    @Test
    void aTableStrataCannotReadIsRefusedAndLeftUnchanged() throws Exception {
        try (IMetaStoreClient client = hms.newThriftClient()) {
            String location = paimonTable("totals", Map.of("data-file.thin-mode", "true"));
            Table before = registerAsPaimon(client, "totals", location);

            assertThat(adoption(client).plan(DB, "totals").outcome()).isEqualTo(Outcome.REFUSED);
            assertThatThrownBy(() -> adoption(client).adopt(DB, "totals"))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("table " + DB + ".totals")
                    .hasMessageContaining("data-file.thin-mode")
                    .hasMessageContaining("left unchanged");
            try (IMetaStoreClient other = hms.newThriftClient()) {
                assertThat(other.getTable(DB, "totals")).isEqualTo(before);
                assertThat(other.listPartitions(DB, "totals", (short) -1))
                        .allSatisfy(p -> assertThat(p.getSd().getInputFormat()).isEqualTo(HiveHandler.PAIMON.inputFormat()));
            }
        }
    }

    @Test
    void aDatabaseIsAdoptedTableByTableReportingWhatWasRefusedOrSkipped() throws Exception {
        String db = "adopt_all";
        try (IMetaStoreClient client = hms.newThriftClient()) {
            client.createDatabase(new Database(db, "", warehouse.resolve(db + ".db").toUri().toString(), new HashMap<>()));
            PaimonHiveRegistration.register(client, db, "good", paimonTable("good", Map.of()), COLUMNS, List.of(), List.of());
            PaimonHiveRegistration.register(client, db, "bad", paimonTable("bad", Map.of("data-file.thin-mode", "true")),
                    COLUMNS, List.of(), List.of());
            client.createTable(plainHiveTable(db, "plain", warehouse.resolve("plain").toUri().toString()));

            assertThat(adoption(client).planDatabase(db)).extracting(Adoption::table, Adoption::outcome)
                    .containsExactlyInAnyOrder(
                            org.assertj.core.groups.Tuple.tuple("good", Outcome.WOULD_ADOPT),
                            org.assertj.core.groups.Tuple.tuple("bad", Outcome.REFUSED),
                            org.assertj.core.groups.Tuple.tuple("plain", Outcome.NOT_PAIMON));
            assertThat(adoption(client).adoptDatabase(db)).extracting(Adoption::table, Adoption::outcome)
                    .containsExactlyInAnyOrder(
                            org.assertj.core.groups.Tuple.tuple("good", Outcome.ADOPTED),
                            org.assertj.core.groups.Tuple.tuple("bad", Outcome.REFUSED),
                            org.assertj.core.groups.Tuple.tuple("plain", Outcome.NOT_PAIMON));
            assertThat(HiveHandler.of(client.getTable(db, "good")).isStrata()).isTrue();
            assertThat(HiveHandler.of(client.getTable(db, "bad")).isPaimon()).isTrue();
            assertThatThrownBy(() -> adoption(client).adopt(db, "plain"))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(db + ".plain");
            assertThatThrownBy(() -> adoption(client).adopt(db, "missing"))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(db + ".missing");
        }
    }

    private static Table plainHiveTable(String db, String name, String location) {
        StorageDescriptor sd = new StorageDescriptor();
        sd.setCols(List.of(new FieldSchema("x", "int", null)).stream().collect(java.util.stream.Collectors.toList()));
        sd.setLocation(location);
        sd.setInputFormat("org.apache.hadoop.mapred.TextInputFormat");
        sd.setOutputFormat("org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat");
        SerDeInfo serde = new SerDeInfo();
        serde.setSerializationLib("org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe");
        serde.setParameters(new HashMap<>());
        sd.setSerdeInfo(serde);
        Map<String, String> params = new HashMap<>();
        params.put("EXTERNAL", "TRUE");
        return new Table(name, db, "test", 0, 0, 0, sd, new java.util.ArrayList<>(), params, null, null, "EXTERNAL_TABLE");
    }
}
