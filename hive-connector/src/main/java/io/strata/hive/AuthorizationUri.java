package io.strata.hive;

import java.net.URI;
import java.net.URISyntaxException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * The URI Hive's authorizers check for a Strata table ({@code HiveStorageHandler.getURIForAuth}): Hive 4 adds it as
 * a privilege object of type {@code STORAGEHANDLER_URI}, with the handler's class name, when a statement creates a
 * table (also by CTAS) or changes its properties, and the metastore's authorizer does so on every ALTER TABLE. It is
 * {@code strata:<table location>}, e.g. {@code strata:hdfs://nn:8020/warehouse/shop.db/orders}; a table created
 * without LOCATION gets the location Hive will give it.
 *
 * <p>WHY the location: it names the files the statement will read and write, so one policy on a directory prefix
 * covers every Hive table over the Strata tables there, and it does not change while the table lives. Hive's
 * default joins the values of every table property, so it changes with each property (the metastore sync's
 * snapshot id among them) and fails the statement on a value with a character a URI refuses.
 */
final class AuthorizationUri {

    static final String SCHEME = "strata";

    private AuthorizationUri() {}

    static URI of(Configuration conf, Table table) throws URISyntaxException {
        String location = table.getSd() == null ? null : table.getSd().getLocation();
        if (location == null || location.isBlank()) {
            // The metastore's authorizer makes the handler by reflection, maybe without a configuration.
            location = ManagedTables.defaultLocation(conf == null ? new Configuration() : conf, table);
        }
        return new URI(SCHEME, new Path(location).toUri().toString(), null);
    }
}
