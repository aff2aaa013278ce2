package io.strata.cli;

import io.strata.fs.FileIO;
import io.strata.metastore.MetastoreClients;
import io.strata.metastore.adopt.Adoption;
import io.strata.metastore.adopt.PaimonTableAdoption;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.MetaException;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code strata adopt}: switches tables that Apache Paimon's Hive catalog registered to Strata's Hive 4
 * classes (or back with {@code --revert}), so Hive 4 reads them. Exit codes: 0 done (or nothing to do),
 * 1 a table was refused or the metastore failed, 2 bad arguments.
 */
@Command(name = "adopt", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Switch tables that Apache Paimon's Hive catalog registered (storage handler "
                + "org.apache.paimon.hive.PaimonStorageHandler) to Strata's storage handler, input/output format "
                + "and SerDe, so Hive 4 reads them. Location, columns, partitions and table_type stay; the classes "
                + "replaced are recorded in the table, so --revert restores them. A table Strata cannot read is "
                + "refused, naming the reason, and left unchanged."},
        footerHeading = "%nExamples:%n",
        footer = {"  strata adopt --metastore thrift://metastore:9083 --table lake.orders --dry-run",
                "  strata adopt --metastore thrift://metastore:9083 --database lake",
                "  strata adopt --metastore thrift://metastore:9083 --table lake.orders --revert",
                "  strata adopt --metastore embedded --warehouse /lake --database lake",
                "",
                "Exit codes: 0 adopted, reverted or nothing to do; 1 a table was refused or the metastore failed;"
                        + " 2 bad arguments."})
final class AdoptCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--metastore", required = true, paramLabel = "<uri>",
            description = "thrift://host:port of the metastore, or 'embedded': a metastore in-process, configured by"
                    + " a hive-site.xml ($HIVE_CONF_DIR or the class path) if there is one, else the one of --warehouse.")
    String metastore;

    @Option(names = "--warehouse", converter = LocalPathConverter.ToFile.class, paramLabel = "<dir>",
            description = "With --metastore embedded and no hive-site.xml: the warehouse whose metastore"
                    + " (<dir>/.hive, the one strata sync, sql and quickstart use) holds the tables.")
    File warehouse;

    static final class Target {
        @Option(names = "--table", required = true, paramLabel = "<db.table>", description = "One metastore table.")
        String table;

        @Option(names = "--database", required = true, paramLabel = "<db>",
                description = "Every Paimon table of this database (others are listed and left alone).")
        String database;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Target target;

    @Option(names = "--dry-run", description = "Print what would change; change nothing.")
    boolean dryRun;

    @Option(names = "--revert", description = "With --table: restore the classes recorded when the table was adopted.")
    boolean revert;

    @Override
    public Integer call() throws Exception {
        validate();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (MetastoreArgument.isEmbedded(metastore)) {
            try {
                MetastoreArgument.prepareEmbedded(warehouse == null ? null : warehouse.toPath(), "--warehouse <dir>");
            } catch (IllegalArgumentException e) {
                throw usage(e.getMessage());
            } catch (IllegalStateException e) {
                err.printf("strata adopt: FAILED: %s%n", e.getMessage());
                err.flush();
                return 1;
            }
        }
        FileIO io = MetastoreArgument.fileIO(metastore);
        List<Adoption> results;
        try (IMetaStoreClient client = MetastoreClients.open(metastore, io.hadoopConf())) {
            PaimonTableAdoption adoption = new PaimonTableAdoption(client, io);
            results = target.database != null ? forDatabase(adoption) : List.of(forTable(adoption));
        } catch (IllegalArgumentException | IllegalStateException | IOException
                | MetaException e) {
            err.printf("strata adopt: FAILED: %s%n", e.getMessage());
            err.flush();
            return 1;
        }
        int refused = 0;
        for (Adoption a : results) {
            out.println(a);
            if (a.outcome() == Adoption.Outcome.REFUSED) {
                refused++;
            }
        }
        out.printf("%d table(s): %s%n", results.size(), summary(results));
        out.flush();
        return refused == 0 ? 0 : 1;
    }

    private List<Adoption> forDatabase(PaimonTableAdoption adoption) throws IOException {
        return dryRun ? adoption.planDatabase(target.database) : adoption.adoptDatabase(target.database);
    }

    private Adoption forTable(PaimonTableAdoption adoption) throws IOException {
        int dot = target.table.indexOf('.');
        String db = target.table.substring(0, dot);
        String name = target.table.substring(dot + 1);
        if (revert) {
            return adoption.revert(db, name);
        }
        return dryRun ? adoption.plan(db, name) : adoption.adopt(db, name);
    }

    private static String summary(List<Adoption> results) {
        Map<Adoption.Outcome, Integer> counts = new EnumMap<>(Adoption.Outcome.class);
        for (Adoption a : results) {
            counts.merge(a.outcome(), 1, Integer::sum);
        }
        StringBuilder s = new StringBuilder();
        counts.forEach((outcome, n) -> s.append(s.length() == 0 ? "" : ", ").append(n).append(' ')
                .append(outcome.name().toLowerCase(Locale.ROOT).replace('_', ' ')));
        return s.length() == 0 ? "none" : s.toString();
    }

    private void validate() {
        String unusable = MetastoreArgument.unusableReason(metastore);
        if (unusable != null) {
            throw usage(unusable);
        }
        if (target.table != null) {
            int dot = target.table.indexOf('.');
            if (dot <= 0 || dot == target.table.length() - 1 || target.table.indexOf('.', dot + 1) >= 0) {
                throw usage("--table " + target.table + ": expected <database>.<table>");
            }
        }
        if (revert && target.table == null) {
            throw usage("--revert works on one table: give --table <db.table>");
        }
        if (warehouse != null && !MetastoreArgument.isEmbedded(metastore)) {
            throw usage("--warehouse names the warehouse of an embedded metastore: use it with --metastore embedded");
        }
        if (warehouse != null && !warehouse.isDirectory()) {
            throw usage("Warehouse " + warehouse + " is not a directory");
        }
        if (revert && dryRun) {
            throw usage("--revert and --dry-run cannot be combined");
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
