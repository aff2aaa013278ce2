package io.strata.benchmarks.hive;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.options.Options;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.types.DataTypes;

/**
 * Writes the data set's tables with Apache Paimon 1.4.2's own Java API, in a JVM of its own: the benchmark
 * (its main code, without Paimon) starts this class on the module's test class path for the kinds
 * {@code paimon_compacted} and {@code paimon_runs}, then registers the directory in Hive like a Strata table.
 *
 * <p>Arguments: {@code <warehouse> <table> <compacted|runs> <format> <rows> <updateRounds> <updatePercent> <seed>
 * <buckets>}. Prints the table's directory as its last line.
 */
public final class PaimonScanTables {

    private static final String DATABASE = "bench";

    private PaimonScanTables() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 9) {
            throw new IllegalArgumentException("usage: <warehouse> <table> <compacted|runs> <format> <rows> "
                    + "<updateRounds> <updatePercent> <seed> <buckets>");
        }
        Path warehouse = Path.of(args[0]).toAbsolutePath();
        String name = args[1];
        boolean compacted = switch (args[2]) {
            case "compacted" -> true;
            case "runs" -> false;
            default -> throw new IllegalArgumentException("kind must be compacted or runs, got " + args[2]);
        };
        String format = args[3];
        ScanDataSet data = new ScanDataSet(Integer.parseInt(args[4]), Integer.parseInt(args[5]),
                Integer.parseInt(args[6]), Long.parseLong(args[7]));
        int buckets = Integer.parseInt(args[8]);
        System.out.println(write(warehouse, name, compacted, format, data, buckets));
    }

    /**
     * The base load and each update round as one commit. Runs: {@code write-only=true}, so Paimon never compacts
     * and every commit stays a level-0 sorted run (1 + rounds per bucket). Compacted: Paimon compacts as it
     * writes (its defaults), then one more commit fully compacts every bucket to a single run.
     */
    static Path write(Path warehouse, String name, boolean compacted, String format, ScanDataSet data, int buckets)
            throws Exception {
        Options catalogOptions = new Options();
        catalogOptions.set("warehouse", warehouse.toUri().toString());
        catalogOptions.set("cache-enabled", "false");
        Path ioDir = Files.createTempDirectory("paimon-scan-io");
        try (Catalog catalog = CatalogFactory.createCatalog(
                        CatalogContext.create(catalogOptions, new org.apache.hadoop.conf.Configuration()));
                IOManager io = IOManager.create(ioDir.toString())) {
            catalog.createDatabase(DATABASE, true);
            Map<String, String> options = new HashMap<>();
            options.put("bucket", Integer.toString(buckets));
            options.put("file.format", format);
            options.put("file.compression", "zstd");
            options.put("write-only", Boolean.toString(!compacted));
            Schema schema = Schema.newBuilder()
                    .column("k", DataTypes.BIGINT().notNull())
                    .column("i", DataTypes.INT())
                    .column("l", DataTypes.BIGINT())
                    .column("s", DataTypes.STRING())
                    .column("amount", DataTypes.DECIMAL(ScanDataSet.AMOUNT_PRECISION, ScanDataSet.AMOUNT_SCALE))
                    .column("d", DataTypes.DOUBLE())
                    .column("dt", DataTypes.DATE())
                    .column("ts", DataTypes.TIMESTAMP(3))
                    .column("b", DataTypes.BOOLEAN())
                    .column("g", DataTypes.STRING())
                    .primaryKey("k")
                    .options(options)
                    .build();
            Identifier id = Identifier.create(DATABASE, name);
            catalog.createTable(id, schema, false);
            Table table = catalog.getTable(id);
            for (int round = 0; round <= data.updateRounds; round++) {
                BatchWriteBuilder builder = table.newBatchWriteBuilder();
                try (BatchTableWrite write = builder.newWrite().withIOManager(io);
                        BatchTableCommit commit = builder.newCommit()) {
                    for (long k = 0; k < data.rows; k++) {
                        if (round == 0 || data.updated(k, round)) {
                            write.write(row(data.values(k, round)));
                        }
                    }
                    commit.commit(write.prepareCommit());
                }
            }
            if (compacted) {
                BatchWriteBuilder builder = table.newBatchWriteBuilder();
                try (BatchTableWrite write = builder.newWrite().withIOManager(io);
                        BatchTableCommit commit = builder.newCommit()) {
                    for (int bucket = 0; bucket < buckets; bucket++) {
                        write.compact(BinaryRow.EMPTY_ROW, bucket, true);
                    }
                    commit.commit(write.prepareCommit());
                }
            }
            return warehouse.resolve(DATABASE + ".db").resolve(name);
        } finally {
            try (Stream<Path> paths = Files.walk(ioDir)) {
                for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private static GenericRow row(ScanDataSet.Values v) {
        return GenericRow.of(
                v.k(),
                v.i(),
                v.l(),
                v.s() == null ? null : BinaryString.fromString(v.s()),
                Decimal.fromUnscaledLong(v.amountUnscaled(), ScanDataSet.AMOUNT_PRECISION, ScanDataSet.AMOUNT_SCALE),
                v.d(),
                v.dt(),
                Timestamp.fromEpochMillis(v.tsMillis()),
                v.b(),
                BinaryString.fromString(v.g()));
    }
}
