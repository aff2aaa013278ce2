package io.strata.metastore;

import io.strata.catalog.Identifier;
import io.strata.schema.ConfigOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Every option of the metastore sync, declared once. They are read from the table's options (so a
 * commit knows whether and where to sync) and may be overridden by the caller (the {@code strata sync}
 * command).
 */
public final class MetastoreSyncOptions {

    /** The value of {@link #URI} that runs the metastore inside the client (tests, single-JVM tools). */
    public static final String EMBEDDED = "embedded";

    public static final ConfigOption<String> URI = ConfigOption.of("metastore.sync.uri", null,
            "The Hive Metastore to register snapshots in: thrift://host:port[,thrift://host2:port] or 'embedded'."
                    + " A table with this option syncs after every commit.", v -> v.trim());

    public static final ConfigOption<String> DATABASE = ConfigOption.of("metastore.sync.database", null,
            "Metastore database of the table; default: <db> of the warehouse layout <warehouse>/<db>.db/<table>."
                    + " ASCII letters, digits and '_' (Identifier's rule).",
            v -> Identifier.checkName("database", v.trim()));

    public static final ConfigOption<String> TABLE = ConfigOption.of("metastore.sync.table", null,
            "Metastore table name; default: the table directory's name. ASCII letters, digits and '_' (Identifier's"
                    + " rule).", v -> Identifier.checkName("table", v.trim()));

    public static final ConfigOption<Boolean> STRICT = ConfigOption.of("metastore.sync.strict", false,
            "When true, a failed sync after a commit fails the commit's caller (the snapshot has landed all the"
                    + " same); when false it is logged with the unsynced snapshot and the next sync catches up.",
            MetastoreSyncOptions::parseBoolean);

    public static final ConfigOption<Integer> PARTITION_BATCH_SIZE = ConfigOption.of(
            "metastore.sync.partition-batch-size", 300,
            "Partitions per add / alter / drop / get call to the metastore.", MetastoreSyncOptions::parsePositiveInt);

    public static final ConfigOption<Integer> RETRY_MAX_ATTEMPTS = ConfigOption.of("metastore.sync.retry.max-attempts", 4,
            "Attempts of one metastore call that failed on the transport (the client reconnects between them).",
            MetastoreSyncOptions::parsePositiveInt);

    public static final ConfigOption<Duration> RETRY_INITIAL_BACKOFF = ConfigOption.of(
            "metastore.sync.retry.initial-backoff", Duration.ofMillis(200),
            "Wait before the first retry; doubles per attempt, with up to 50% random jitter.",
            ConfigOption::parseDuration);

    public static final ConfigOption<Duration> RETRY_MAX_BACKOFF = ConfigOption.of(
            "metastore.sync.retry.max-backoff", Duration.ofSeconds(5),
            "Longest wait between two attempts.", ConfigOption::parseDuration);

    public static final ConfigOption<Duration> WATCH_INTERVAL = ConfigOption.of("metastore.sync.watch.interval",
            Duration.ofSeconds(10), "How often watch mode looks for a new snapshot.", ConfigOption::parseDuration);

    public static final ConfigOption<Boolean> PAIMON_FORMATS = ConfigOption.of("metastore.sync.paimon-formats", false,
            "Register the table with Apache Paimon's storage handler, input/output formats and SerDe instead of"
                    + " Strata's. Paimon's Hive catalog (and the engines on it) recognise a table only by"
                    + " PaimonInputFormat + PaimonOutputFormat in its storage descriptor, while Hive reads through"
                    + " the classes there: choose which reader the metastore entry is for.",
            MetastoreSyncOptions::parseBoolean);

    /** All options, for documentation and validation. */
    public static final List<ConfigOption<?>> ALL = List.of(URI, DATABASE, TABLE, STRICT, PARTITION_BATCH_SIZE,
            RETRY_MAX_ATTEMPTS, RETRY_INITIAL_BACKOFF, RETRY_MAX_BACKOFF, WATCH_INTERVAL, PAIMON_FORMATS);

    private MetastoreSyncOptions() {}

    /** Whether the options ask for a metastore sync. */
    public static boolean enabled(Map<String, String> options) {
        String uri = URI.get(options);
        return uri != null && !uri.isEmpty();
    }

    static boolean parseBoolean(String text) {
        String v = text.trim();
        if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(v);
        }
        throw new IllegalArgumentException("expected true or false");
    }

    static int parsePositiveInt(String text) {
        int v = Integer.parseInt(text.trim());
        if (v < 1) {
            throw new IllegalArgumentException("must be at least 1");
        }
        return v;
    }

}
