package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * Hive's authorizer sees Strata tables by the handler's URI ({@code strata:<table location>}): a session with an
 * authorization plugin (as Ranger is one) records what Hive asks when a statement creates a Strata table or changes
 * its properties, and a policy that denies a directory's URI stops the statement before anything is made.
 */
class AuthorizationIT {

    private static final EmbeddedHive hive = EmbeddedHive.get();

    private static final Map<String, String> AUTHORIZED = Map.of(
            "hive.security.authorization.enabled", "true",
            "hive.security.authorization.manager", RecordingAuthorizer.Factory.class.getName(),
            "hive.security.authenticator.manager", "org.apache.hadoop.hive.ql.security.HadoopDefaultAuthenticator");

    @Test
    void theAuthorizerChecksTheStrataUriOfTheTable() throws Exception {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new Path(hive.newDirectory("strata-auth").toUri()));
        catalog.createDatabase("allowed", true);
        catalog.createDatabase("secret", true);
        Schema schema = Schema.newBuilder().column("id", DataTypes.INT()).column("v", DataTypes.STRING())
                .primaryKey("id").option("bucket", "1").build();
        Table allowed = catalog.createTable(Identifier.of("allowed", "t"), schema, false);
        Table secret = catalog.createTable(Identifier.of("secret", "t"), schema, false);
        String handler = "io.strata.hive.StrataStorageHandler";
        String atLocation = "STORAGEHANDLER_URI " + handler + " strata:" + allowed.location();

        RecordingAuthorizer.clear();
        hive.runInOwnSession(AUTHORIZED, List.of(
                "CREATE EXTERNAL TABLE strata_it.auth_allowed STORED BY '" + handler + "' LOCATION '"
                        + allowed.location() + "'",
                "ALTER TABLE strata_it.auth_allowed SET TBLPROPERTIES ('snapshot.num-retained.min'='7')"));
        List<RecordingAuthorizer.Request> requests = RecordingAuthorizer.requests();
        requests.forEach(r -> System.out.println("[AuthorizationIT] " + r));
        // Hive 4.1 hands the handler no LOCATION while it authorizes a CREATE: the URI is where Hive would put the
        // table, and Hive checks the LOCATION itself as a URI it reads.
        assertThat(requests).anySatisfy(r -> {
            assertThat(r.operation().name()).isEqualTo("CREATETABLE");
            assertThat(r.outputs()).anySatisfy(o -> assertThat(o).startsWith("STORAGEHANDLER_URI " + handler + " strata:")
                    .endsWith("/strata_it.db/auth_allowed"));
            assertThat(r.inputs()).anySatisfy(i -> assertThat(i).endsWith(allowed.location().toUri().getPath()));
        });
        assertThat(requests).anySatisfy(r -> {
            assertThat(r.operation().name()).isEqualTo("ALTERTABLE_PROPERTIES");
            assertThat(r.outputs()).contains(atLocation);
        });
        assertThat(io.strata.catalog.Tables.load(FileIO.local(), allowed.location()).schema().options())
                .containsEntry("snapshot.num-retained.min", "7");

        // A policy that denies the directory of database 'secret': its table's options cannot be changed.
        hive.runInOwnSession(AUTHORIZED, List.of("CREATE EXTERNAL TABLE strata_it.auth_secret STORED BY '" + handler
                + "' LOCATION '" + secret.location() + "'"));
        RecordingAuthorizer.denied = "strata:" + secret.location().getParent();
        try {
            assertThatThrownBy(() -> hive.runInOwnSession(AUTHORIZED, List.of(
                    "ALTER TABLE strata_it.auth_secret SET TBLPROPERTIES ('snapshot.num-retained.min'='9')")))
                    .hasMessageContaining("Permission denied").hasMessageContaining("strata:" + secret.location());
        } finally {
            RecordingAuthorizer.denied = null;
        }
        assertThat(io.strata.catalog.Tables.load(FileIO.local(), secret.location()).schema().options())
                .doesNotContainKey("snapshot.num-retained.min");
    }
}
