package io.strata.hive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.ql.metadata.DefaultStorageHandler;
import org.junit.jupiter.api.Test;

/** The URI Hive's authorizers check for a Strata table: its location, stable while its properties change. */
class AuthorizationUriTest {

    private static Table table(String location, Map<String, String> parameters) {
        StorageDescriptor sd = new StorageDescriptor();
        sd.setLocation(location);
        sd.setSerdeInfo(new SerDeInfo("serde", "io.strata.hive.StrataSerDe", new HashMap<>()));
        Table table = new Table();
        table.setDbName("shop");
        table.setTableName("orders");
        table.setSd(sd);
        table.setParameters(new HashMap<>(parameters));
        return table;
    }

    @Test
    void theUriIsTheTableLocationAndDoesNotChangeWithItsProperties() throws URISyntaxException {
        StrataStorageHandler handler = new StrataStorageHandler();
        handler.setConf(new Configuration());
        Table table = table("hdfs://nn:8020/warehouse/shop.db/orders", Map.of("strata.snapshot-id", "4"));
        URI uri = handler.getURIForAuth(table);
        assertThat(uri).hasToString("strata:hdfs://nn:8020/warehouse/shop.db/orders");
        table.getParameters().put("strata.snapshot-id", "5");
        table.getParameters().put("comment", "orders {by day}");
        assertThat(handler.getURIForAuth(table)).isEqualTo(uri);
        assertThat(handler.getURIForAuth(table("s3a://lake/shop.db/orders/", Map.of())))
                .hasToString("strata:s3a://lake/shop.db/orders");
    }

    @Test
    void aTableCreatedWithoutLocationGetsTheOneHiveWillGiveIt() throws URISyntaxException {
        Configuration conf = new Configuration();
        conf.set("hive.metastore.warehouse.external.dir", "hdfs://nn:8020/external");
        StrataStorageHandler handler = new StrataStorageHandler();
        handler.setConf(conf);
        assertThat(handler.getURIForAuth(table(null, Map.of("primary-key", "id"))))
                .hasToString("strata:hdfs://nn:8020/external/shop.db/orders");
    }

    @Test
    void hivesDefaultWouldFailOnAPropertyAUriRefuses() {
        Table table = table("hdfs://nn:8020/warehouse/shop.db/orders", Map.of("comment", "orders {by day}"));
        // What a handler without its own URI gives Hive: every property value joined into one URI.
        assertThatThrownBy(() -> new DefaultStorageHandler().getURIForAuth(table))
                .isInstanceOf(URISyntaxException.class);
    }
}
