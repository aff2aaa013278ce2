package io.strata.metastore.paimon;

import io.strata.testing.StepTranscript;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.DelegateCatalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.options.Options;
import org.apache.paimon.partition.Partition;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.RowType;

/**
 * The main class of a second JVM that plays a user of Apache Paimon's Hive catalog: over Paimon's bundle and
 * Hive 3.1 client jars (the catalog cannot run on Hive 4.1's), it creates the catalog the way users do,
 * through {@link CatalogFactory} with {@code metastore=hive}, and runs one command per line of a command
 * file against it. It refers to no Strata class: Strata is not on its class path.
 *
 * <p>Commands: {@code databases}; {@code tables <db>}; {@code table <db>.<t>} (fields with types,
 * partition keys, primary keys); {@code read <db>.<t> [<key>=<value>...]} (every row, or the rows of
 * one partition, as comma-separated values in field order, unsorted); {@code partitions <db>.<t>};
 * {@code drop <db>.<t>}.
 *
 * <p>Result file: a {@link StepTranscript} with the headers {@code started} (catalog creation, ms),
 * {@code catalog}, {@code hive} and {@code heap} (peak, bytes), and one step per command.
 */
public final class PaimonCatalogProcessMain {

    private PaimonCatalogProcessMain() {}

    /** {@code args}: the metastore's Thrift URI, the warehouse, the command file and the result file. */
    public static void main(String[] args) throws Exception {
        List<String> commands = Files.readAllLines(Path.of(args[2]), StandardCharsets.UTF_8);
        int exitCode = 0;
        try (StepTranscript out = StepTranscript.create(Path.of(args[3]))) {
            long start = System.nanoTime();
            Options options = new Options();
            options.set("metastore", "hive");
            options.set("uri", args[0]);
            options.set("warehouse", args[1]);
            try (Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(options, new Configuration()))) {
                out.header("started", (System.nanoTime() - start) / 1_000_000);
                // The factory wraps the metastore catalog (in a caching catalog by default).
                out.header("catalog", DelegateCatalog.rootCatalog(catalog).getClass().getName());
                out.header("hive", jarOf(HiveConf.class));
                for (String command : commands) {
                    if (!command.isBlank()) {
                        out.step(command, () -> run(catalog, command.trim().split(" ")));
                    }
                }
                out.header("heap", peakHeapBytes());
            }
        } catch (Throwable t) {
            t.printStackTrace();
            exitCode = 1;
        }
        // The metastore client pool may leave non-daemon threads behind; the commands are done.
        System.exit(exitCode);
    }

    private static List<String> run(Catalog catalog, String[] command) throws Exception {
        switch (command[0]) {
            case "databases":
                return catalog.listDatabases();
            case "tables":
                return catalog.listTables(command[1]);
            case "table":
                return describe(catalog.getTable(Identifier.fromString(command[1])));
            case "read":
                return read(catalog.getTable(Identifier.fromString(command[1])), partitionSpec(command));
            case "drop":
                catalog.dropTable(Identifier.fromString(command[1]), false);
                return List.of();
            case "partitions":
                List<String> out = new ArrayList<>();
                for (Partition p : catalog.listPartitions(Identifier.fromString(command[1]))) {
                    out.add(p.spec() + "\t" + p.recordCount());
                }
                return out;
            default:
                throw new IllegalArgumentException("Unknown command '" + String.join(" ", command) + "'");
        }
    }

    private static Map<String, String> partitionSpec(String[] command) {
        Map<String, String> spec = new LinkedHashMap<>();
        for (int i = 2; i < command.length; i++) {
            String[] kv = command[i].split("=", 2);
            spec.put(kv[0], kv[1]);
        }
        return spec;
    }

    private static List<String> describe(Table table) {
        List<String> out = new ArrayList<>();
        out.add("name\t" + table.name());
        for (DataField f : table.rowType().getFields()) {
            out.add("field\t" + f.name() + "\t" + f.type());
        }
        out.add("partition-keys\t" + String.join(",", table.partitionKeys()));
        out.add("primary-keys\t" + String.join(",", table.primaryKeys()));
        return out;
    }

    private static List<String> read(Table table, Map<String, String> partition) throws Exception {
        ReadBuilder read = table.newReadBuilder();
        if (!partition.isEmpty()) {
            read = read.withPartitionFilter(partition);
        }
        RowType type = table.rowType();
        List<InternalRow.FieldGetter> getters = new ArrayList<>();
        for (int i = 0; i < type.getFieldCount(); i++) {
            getters.add(InternalRow.createFieldGetter(type.getTypeAt(i), i));
        }
        List<String> out = new ArrayList<>();
        try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan().splits())) {
            reader.forEachRemaining(row -> {
                List<String> values = new ArrayList<>();
                for (InternalRow.FieldGetter getter : getters) {
                    values.add(String.valueOf(getter.getFieldOrNull(row)));
                }
                out.add(String.join(",", values));
            });
        }
        return out;
    }

    /** The peak bytes used in all heap pools, summed (an upper bound of the peak heap). */
    private static long peakHeapBytes() {
        long total = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                total += pool.getPeakUsage().getUsed();
            }
        }
        return total;
    }

    /** The jar a class was loaded from: which Hive the catalog runs on. */
    private static String jarOf(Class<?> type) {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().getPath()).getFileName().toString();
    }
}
