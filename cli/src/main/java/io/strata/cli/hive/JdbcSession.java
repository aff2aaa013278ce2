package io.strata.cli.hive;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;

/**
 * Statements over JDBC, for a HiveServer2 ({@code jdbc:hive2://host:10000/default}). The driver comes
 * from a jar given at run time ({@code hive-jdbc-<version>-standalone.jar}), loaded in its own class
 * loader: WHY, the standalone jar bundles its own copies of Hive, Thrift and Hadoop classes, which would
 * clash with the embedded Hive's on one class path. Without a jar, any driver on the class path that
 * accepts the URL is used.
 */
public final class JdbcSession implements SqlSession, AutoCloseable {

    private final String url;
    private final Connection connection;

    private JdbcSession(String url, Connection connection) {
        this.url = url;
        this.connection = connection;
    }

    /**
     * Connects to {@code url}.
     *
     * @param driverJar the JDBC driver's jar, or null to use the drivers on the class path
     * @throws SqlException when no driver accepts the URL or the connection fails
     */
    public static JdbcSession connect(String url, File driverJar, String user, String password) throws SqlException {
        Properties props = new Properties();
        if (user != null) {
            props.setProperty("user", user);
        }
        if (password != null) {
            props.setProperty("password", password);
        }
        try {
            Driver driver = driverJar == null ? DriverManager.getDriver(url) : driverFrom(driverJar, url);
            Connection connection = driver.connect(url, props);
            if (connection == null) {
                throw new SqlException(null, "the JDBC driver " + driver.getClass().getName() + " does not accept "
                        + url, null);
            }
            return new JdbcSession(url, connection);
        } catch (SQLException e) {
            throw new SqlException(null, "cannot connect to " + url + ": " + e.getMessage()
                    + (driverJar == null ? " (give the driver's jar with --driver-jar, e.g."
                    + " hive-jdbc-4.1.0-standalone.jar)" : ""), e);
        }
    }

    private static Driver driverFrom(File jar, String url) throws SQLException {
        if (!jar.isFile()) {
            throw new SQLException("JDBC driver jar " + jar + " does not exist");
        }
        URL jarUrl;
        try {
            jarUrl = jar.toURI().toURL();
        } catch (MalformedURLException e) {
            throw new SQLException("JDBC driver jar " + jar + ": " + e.getMessage(), e);
        }
        // The platform class loader as parent: only the JDK is shared with the driver.
        URLClassLoader loader = new URLClassLoader(new URL[] {jarUrl}, ClassLoader.getPlatformClassLoader());
        for (Driver d : ServiceLoader.load(Driver.class, loader)) {
            if (d.acceptsURL(url)) {
                return d;
            }
        }
        throw new SQLException("no JDBC driver in " + jar + " accepts " + url);
    }

    @Override
    public String description() {
        return url;
    }

    @Override
    public QueryResult execute(String statement) throws SqlException {
        long start = System.nanoTime();
        try (Statement s = connection.createStatement()) {
            List<String> columns = new ArrayList<>();
            List<List<String>> rows = new ArrayList<>();
            if (s.execute(statement)) {
                try (ResultSet rs = s.getResultSet()) {
                    ResultSetMetaData meta = rs.getMetaData();
                    for (int i = 1; i <= meta.getColumnCount(); i++) {
                        columns.add(meta.getColumnLabel(i));
                    }
                    while (rs.next()) {
                        List<String> row = new ArrayList<>();
                        for (int i = 1; i <= columns.size(); i++) {
                            String v = rs.getString(i);
                            row.add(v == null ? "NULL" : v);
                        }
                        rows.add(row);
                    }
                }
            }
            return new QueryResult(statement, columns, rows, (System.nanoTime() - start) / 1_000_000);
        } catch (SQLException e) {
            throw new SqlException(statement, e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            // Closing is best effort: the command is ending.
        }
    }
}
