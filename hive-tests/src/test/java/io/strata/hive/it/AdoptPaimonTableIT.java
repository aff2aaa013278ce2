package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.fs.FileIO;
import io.strata.metastore.adopt.Adoption;
import io.strata.metastore.adopt.HiveHandler;
import io.strata.metastore.adopt.PaimonTableAdoption;
import io.strata.types.DataField;
import io.strata.types.HiveTypeNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.Test;

/**
 * A table registered in Hive's metastore the way Apache Paimon's Hive catalog registers it cannot be read
 * by Hive 4 (Paimon's Hive classes are not there); adopted to Strata's classes, Hive 4 returns what
 * Strata's core reads from the same files.
 *
 * <p>Paimon's {@code HiveCatalog} itself is not on the test classpath ({@code paimon-bundle} has no Hive
 * catalog, and Paimon's Hive artifacts at 1.4.2 cannot be resolved from Maven Central here), so the table
 * is registered with a plain metastore client with what that catalog writes (from its source): MANAGED_TABLE,
 * {@code table_type=PAIMON}, {@code storage_handler=org.apache.paimon.hive.PaimonStorageHandler}, Paimon's
 * input/output formats and SerDe, all columns in the storage descriptor (Paimon's default
 * {@code metastore.partitioned-table=false}), the table's location. The data is a table Paimon 1.4.2 wrote.
 */
class AdoptPaimonTableIT {

    private static final EmbeddedHive hive = EmbeddedHive.get();

    @Test
    void hiveReadsAPaimonRegisteredTableOnceAdopted() throws Exception {
        io.strata.table.Table table = FixtureTables.copy("pk_orc", hive.newDirectory("adopt-"));

        // Hive's own (embedded) metastore, as Hive's session uses it.
        try (IMetaStoreClient client = new HiveMetaStoreClient(new HiveConf())) {
            client.createTable(registeredAsPaimon("strata_it", "paimon_orders", table));
            assertThatThrownBy(() -> hive.run("SELECT * FROM strata_it.paimon_orders"))
                    .hasMessageContaining("org.apache.paimon.hive");

            Adoption adopted = new PaimonTableAdoption(client, FileIO.local()).adopt("strata_it", "paimon_orders");
            assertThat(adopted.outcome()).isEqualTo(Adoption.Outcome.ADOPTED);
            Table after = client.getTable("strata_it", "paimon_orders");
            assertThat(HiveHandler.of(after)).isEqualTo(HiveHandler.STRATA);
            assertThat(after.getParameters()).containsEntry("table_type", "PAIMON");
        }

        List<String> core = HiveText.lines(table);
        assertThat(core).hasSize(8);
        assertThat(hive.query("SELECT * FROM strata_it.paimon_orders")).containsExactlyInAnyOrderElementsOf(core);
        assertThat(hive.query("SELECT count(*) FROM strata_it.paimon_orders")).containsExactly("8");
        assertThat(hive.query("SELECT id FROM strata_it.paimon_orders WHERE dt = '2024-01-01' ORDER BY id"))
                .containsExactlyElementsOf(core.stream().filter(l -> l.startsWith("2024-01-01\t"))
                        .map(l -> l.split("\t")[1]).sorted((a, b) -> Integer.compare(Integer.parseInt(a), Integer.parseInt(b)))
                        .toList());
    }

    private static Table registeredAsPaimon(String database, String name, io.strata.table.Table table) {
        List<FieldSchema> cols = new ArrayList<>();
        for (DataField field : table.schema().fields()) {
            cols.add(new FieldSchema(field.name(), HiveTypeNames.of(field.type()), null));
        }
        StorageDescriptor sd = new StorageDescriptor();
        sd.setCols(cols);
        sd.setLocation(table.location().toString());
        sd.setInputFormat(HiveHandler.PAIMON.inputFormat());
        sd.setOutputFormat(HiveHandler.PAIMON.outputFormat());
        SerDeInfo serde = new SerDeInfo();
        serde.setSerializationLib(HiveHandler.PAIMON.serde());
        serde.setParameters(new HashMap<>());
        sd.setSerdeInfo(serde);
        Map<String, String> params = new HashMap<>();
        params.put("table_type", "PAIMON");
        params.put("storage_handler", HiveHandler.PAIMON.storageHandler());
        int now = (int) (System.currentTimeMillis() / 1000);
        return new Table(name, database, System.getProperty("user.name"), now, now, Integer.MAX_VALUE, sd,
                new ArrayList<>(), params, null, null, "MANAGED_TABLE");
    }
}
