package io.strata.metastore.adopt;

import io.strata.fs.FileIO;
import io.strata.metastore.adopt.Adoption.Outcome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.thrift.TException;

/**
 * Switches tables that Apache Paimon's Hive catalog registered (storage handler
 * {@code org.apache.paimon.hive.PaimonStorageHandler}) to Strata's Hive 4 classes, so Hive 4 reads them
 * through Strata; Paimon's own Hive connector stops at Hive 3.
 *
 * <p>Only the classes change: the table's storage handler parameter, and the input format, output format
 * and SerDe of the table and of each partition Paimon registered. Location, columns, partition keys, the
 * table type and {@code table_type=PAIMON} stay, so Paimon's catalogs and engines still recognise the
 * table (Paimon's catalog reads the files, not these classes). The classes replaced are recorded in table
 * parameters under {@value #ADOPTED_FROM_PREFIX} so that {@link #revert} restores them exactly.
 *
 * <p>Before changing anything, adoption loads the table at its location with Strata
 * ({@link io.strata.table.Table#load}, which also rejects options Strata does not support): a table Strata cannot
 * read is refused, naming the table and the reason, and left unchanged. Adoption is idempotent and
 * converges when interrupted: partitions are switched before the table, and an adopted table is left as
 * it is.
 */
public final class PaimonTableAdoption {

    /** Prefix of the table parameters that record the classes adoption replaced. */
    public static final String ADOPTED_FROM_PREFIX = "strata.adopted-from.";

    static final String FROM_STORAGE_HANDLER = ADOPTED_FROM_PREFIX + "storage-handler";
    static final String FROM_INPUT_FORMAT = ADOPTED_FROM_PREFIX + "input-format";
    static final String FROM_OUTPUT_FORMAT = ADOPTED_FROM_PREFIX + "output-format";
    static final String FROM_SERDE = ADOPTED_FROM_PREFIX + "serde";

    /** Partitions per alter call: a few hundred keep each metastore call small. */
    private static final int PARTITION_BATCH = 200;

    private final IMetaStoreClient client;
    private final FileIO fileIO;

    /**
     * @param client the metastore the tables are registered in (the caller closes it)
     * @param io the file system access Strata reads the tables with
     */
    public PaimonTableAdoption(IMetaStoreClient client, FileIO io) {
        this.client = Objects.requireNonNull(client, "client");
        this.fileIO = Objects.requireNonNull(io, "io");
    }

    /** A dry run for one table: what {@link #adopt} would change, or why it would refuse. Changes nothing. */
    public Adoption plan(String database, String table) throws IOException {
        return examine(database, table, false);
    }

    /**
     * Adopts one table. Fails, leaving the table unchanged, if it is not a Paimon table or Strata cannot
     * read it; an already adopted table is left as it is.
     */
    public Adoption adopt(String database, String table) throws IOException {
        Adoption adoption = examine(database, table, true);
        switch (adoption.outcome()) {
            case REFUSED -> throw new IllegalStateException(
                    "Cannot adopt table " + adoption.tableName() + ": " + adoption.reason() + "; it was left unchanged");
            case NOT_PAIMON -> throw new IllegalArgumentException(
                    "Cannot adopt table " + adoption.tableName() + ": " + adoption.reason());
            default -> {
                return adoption;
            }
        }
    }

    /** A dry run for every table of a database. */
    public List<Adoption> planDatabase(String database) throws IOException {
        return examineDatabase(database, false);
    }

    /**
     * Adopts every Paimon table of a database that Strata can read; tables refused or not Paimon's are
     * reported, not failed, so one unreadable table does not stop the others.
     */
    public List<Adoption> adoptDatabase(String database) throws IOException {
        return examineDatabase(database, true);
    }

    /** Restores the classes recorded at adoption (table and partitions); a table never adopted is an error. */
    public Adoption revert(String database, String table) throws IOException {
        Table hms = getTable(database, table);
        Map<String, String> params = hms.getParameters();
        if (params == null || !params.containsKey(FROM_STORAGE_HANDLER)) {
            throw new IllegalArgumentException("Cannot revert table " + database + "." + table
                    + ": it was not adopted (no " + FROM_STORAGE_HANDLER + " parameter)");
        }
        HiveHandler original = new HiveHandler(params.get(FROM_STORAGE_HANDLER), params.get(FROM_INPUT_FORMAT),
                params.get(FROM_OUTPUT_FORMAT), params.get(FROM_SERDE));
        HiveHandler current = HiveHandler.of(hms);
        List<String> changes = changes(current, original);
        int partitions = switchPartitions(database, table, HiveHandler.STRATA, original, true);
        params.put(HiveHandler.STORAGE_HANDLER_PARAM, original.storageHandler());
        params.keySet().removeIf(key -> key.startsWith(ADOPTED_FROM_PREFIX));
        original.applyTo(hms.getSd());
        alterTable(database, table, hms);
        return new Adoption(database, table, location(hms), Outcome.REVERTED, changes, partitions, null);
    }

    private List<Adoption> examineDatabase(String database, boolean apply) throws IOException {
        List<String> names;
        try {
            names = client.getAllTables(database);
        } catch (TException e) {
            throw new IOException("Cannot list the tables of database " + database + " in the metastore: " + e.getMessage(), e);
        }
        List<Adoption> out = new ArrayList<>();
        for (String name : names) {
            out.add(examine(database, name, apply));
        }
        return out;
    }

    private Adoption examine(String database, String table, boolean apply) throws IOException {
        Table hms = getTable(database, table);
        String location = location(hms);
        HiveHandler current = HiveHandler.of(hms);
        if (current.isStrata() && hms.getParameters().containsKey(FROM_STORAGE_HANDLER)) {
            return new Adoption(database, table, location, Outcome.ALREADY_ADOPTED, List.of(), 0, null);
        }
        if (!current.isPaimon()) {
            return new Adoption(database, table, location, Outcome.NOT_PAIMON, List.of(), 0,
                    "not registered by Paimon's Hive catalog (storage handler '" + current.storageHandler()
                            + "', input format '" + current.inputFormat() + "')");
        }
        String unreadable = whyUnreadable(location);
        if (unreadable != null) {
            return new Adoption(database, table, location, Outcome.REFUSED, List.of(), 0, unreadable);
        }
        HiveHandler strata = HiveHandler.strataFor(hms);
        List<String> changes = new ArrayList<>(changes(current, strata));
        changes.add(FROM_STORAGE_HANDLER + ", " + FROM_INPUT_FORMAT + ", " + FROM_OUTPUT_FORMAT + ", " + FROM_SERDE
                + ": (none) -> the replaced classes");
        int partitions = switchPartitions(database, table, HiveHandler.PAIMON, strata, apply);
        if (!apply) {
            return new Adoption(database, table, location, Outcome.WOULD_ADOPT, changes, partitions, null);
        }
        Map<String, String> params = hms.getParameters();
        params.put(FROM_STORAGE_HANDLER, current.storageHandler());
        putIfNotNull(params, FROM_INPUT_FORMAT, current.inputFormat());
        putIfNotNull(params, FROM_OUTPUT_FORMAT, current.outputFormat());
        putIfNotNull(params, FROM_SERDE, current.serde());
        params.put(HiveHandler.STORAGE_HANDLER_PARAM, strata.storageHandler());
        strata.applyTo(hms.getSd());
        alterTable(database, table, hms);
        return new Adoption(database, table, location, Outcome.ADOPTED, changes, partitions, null);
    }

    private static void putIfNotNull(Map<String, String> params, String key, String value) {
        if (value != null) {
            params.put(key, value);
        }
    }

    /** Null if Strata can read the table at {@code location}; else why not. */
    private String whyUnreadable(String location) {
        if (location == null || location.isBlank()) {
            return "it has no location";
        }
        try {
            io.strata.catalog.Tables.load(fileIO, new Path(location));
            return null;
        } catch (IllegalArgumentException | UncheckedIOException e) {
            return "Strata cannot read it at " + location + ": " + e.getMessage();
        }
    }

    private static List<String> changes(HiveHandler from, HiveHandler to) {
        List<String> changes = new ArrayList<>();
        addChange(changes, HiveHandler.STORAGE_HANDLER_PARAM, from.storageHandler(), to.storageHandler());
        addChange(changes, "input format", from.inputFormat(), to.inputFormat());
        addChange(changes, "output format", from.outputFormat(), to.outputFormat());
        addChange(changes, "serde", from.serde(), to.serde());
        return changes;
    }

    private static void addChange(List<String> changes, String what, String from, String to) {
        if (!Objects.equals(from, to)) {
            changes.add(what + ": " + from + " -> " + to);
        }
    }

    /** Switches the partitions registered with {@code from}'s input format to {@code to}; returns how many. */
    private int switchPartitions(String database, String table, HiveHandler from, HiveHandler to, boolean apply)
            throws IOException {
        List<Partition> partitions;
        try {
            partitions = client.listPartitions(database, table, (short) -1);
        } catch (TException e) {
            throw new IOException("Cannot list the partitions of table " + database + "." + table + ": " + e.getMessage(), e);
        }
        List<Partition> toSwitch = new ArrayList<>();
        for (Partition partition : partitions) {
            if (partition.getSd() != null && Objects.equals(from.inputFormat(), partition.getSd().getInputFormat())) {
                to.applyTo(partition.getSd());
                toSwitch.add(partition);
            }
        }
        if (apply) {
            for (int i = 0; i < toSwitch.size(); i += PARTITION_BATCH) {
                List<Partition> batch = new ArrayList<>(toSwitch.subList(i, Math.min(toSwitch.size(), i + PARTITION_BATCH)));
                try {
                    client.alter_partitions(database, table, batch);
                } catch (TException e) {
                    throw new IOException("Cannot switch partitions of table " + database + "." + table + ": "
                            + e.getMessage(), e);
                }
            }
        }
        return toSwitch.size();
    }

    private Table getTable(String database, String table) throws IOException {
        try {
            Table hms = client.getTable(database, table);
            if (hms.getParameters() == null) {
                hms.setParameters(new HashMap<>());
            }
            return hms;
        } catch (NoSuchObjectException e) {
            throw new IllegalArgumentException("Table " + database + "." + table + " does not exist in the metastore", e);
        } catch (TException e) {
            throw new IOException("Cannot read table " + database + "." + table + " from the metastore: " + e.getMessage(), e);
        }
    }

    private void alterTable(String database, String table, Table hms) throws IOException {
        try {
            client.alter_table(database, table, hms);
        } catch (TException e) {
            throw new IOException("Cannot alter table " + database + "." + table + " in the metastore: " + e.getMessage(), e);
        }
    }

    private static String location(Table hms) {
        return hms.getSd() == null ? null : hms.getSd().getLocation();
    }
}
