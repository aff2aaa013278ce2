package io.strata.benchmarks;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.CloseableIterator;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.manifest.DataFileMeta;
import io.strata.predicate.Predicate;
import io.strata.predicate.PredicateBuilder;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.Table;
import io.strata.table.TableRead;
import io.strata.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * A point query on a bloom-filter-indexed column (docs/file-index.md): two append tables written alike, one
 * with {@code file-index.bloom-filter.columns=name}, one without, {@code -Dbench.files} (100) files of
 * {@code -Dbench.rows} (20,000) rows each, names spread so that min/max statistics rule no file out. Times
 * writing both tables, then plans and reads {@code name = <a value of one file>} on each, the median of
 * {@code -Dbench.iterations} (5) after a warm-up, and prints the files each plans and the index bytes per
 * file (the writes after an untimed warm-up of both). Run with {@code benchmarks/run-file-index-benchmark.sh}; figures in {@code docs/benchmarks.md}.
 */
public final class FileIndexBenchmark {

    public static void main(String[] args) throws Exception {
        int files = Integer.getInteger("bench.files", 100);
        int rows = Integer.getInteger("bench.rows", 20_000);
        int iterations = Integer.getInteger("bench.iterations", 5);
        System.out.printf(Locale.ROOT, "FileIndexBenchmark: files=%d rows per file=%,d iterations=%d, %d processors,"
                + " max heap %d mb%n", files, rows, iterations, Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20);
        Path root = Files.createTempDirectory("strata-file-index-bench");
        try {
            FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(),
                    new org.apache.hadoop.fs.Path(root.resolve("lake").toUri()));
            catalog.createDatabase("bench", true);
            // An untimed warm-up of both writers, then the timed writes, plain first.
            write(create(catalog, "warmup_indexed", rows, true), Math.max(files / 5, 1), rows);
            write(create(catalog, "warmup_plain", rows, false), Math.max(files / 5, 1), rows);
            Table indexed = create(catalog, "indexed", rows, true);
            Table plain = create(catalog, "plain", rows, false);
            double writePlain = write(plain, files, rows);
            double writeIndexed = write(indexed, files, rows);
            long indexBytes = 0;
            for (Split s : indexed.newScan().plan().splits()) {
                for (DataFileMeta f : s.files()) {
                    indexBytes += f.embeddedIndex() != null ? f.embeddedIndex().length
                            : Files.size(Path.of(indexed.location().toUri()).resolve("bucket-0").resolve(f.extraFiles().get(0)));
                }
            }
            String value = name(files / 2, rows / 3);
            Predicate point = new PredicateBuilder(indexed.schema().rowType()).equal("name", Utf8String.fromString(value));
            query(indexed, point);
            query(plain, point);
            List<double[]> times = new ArrayList<>();
            int[] planned = new int[2];
            long[] matched = new long[2];
            for (int i = 0; i < iterations; i++) {
                double[] round = new double[2];
                for (int t = 0; t < 2; t++) {
                    Table table = (i + t) % 2 == 0 ? indexed : plain;
                    int slot = table == indexed ? 0 : 1;
                    long start = System.nanoTime();
                    long[] result = query(table, point);
                    round[slot] = (System.nanoTime() - start) / 1e6;
                    planned[slot] = (int) result[0];
                    matched[slot] = result[1];
                }
                times.add(round);
            }
            if (matched[0] != matched[1] || matched[0] != 1) {
                throw new IllegalStateException("the tables returned " + matched[0] + " and " + matched[1] + " rows");
            }
            System.out.printf(Locale.ROOT, "write %d files: with the index %.2f s, without %.2f s (%.2fx); index %,d"
                    + " bytes per file%n", files, writeIndexed, writePlain, writeIndexed / writePlain, indexBytes / files);
            System.out.printf(Locale.ROOT, "point query (median of %d): with the index %d of %d files planned, %.1f ms;"
                    + " without %d files planned, %.1f ms; %.1fx faster%n", iterations, planned[0], files,
                    JobBenchmarks.median(times, 0), planned[1], JobBenchmarks.median(times, 1),
                    JobBenchmarks.median(times, 1) / JobBenchmarks.median(times, 0));
        } finally {
            try (Stream<Path> walk = Files.walk(root)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static Table create(FileSystemCatalog catalog, String name, int rows, boolean index) {
        Schema.Builder schema = Schema.newBuilder()
                .column("id", DataTypes.INT())
                .column("name", DataTypes.STRING())
                .column("code", DataTypes.BIGINT())
                .column("payload", DataTypes.STRING())
                .option("file.format", "parquet");
        if (index) {
            schema.option("file-index.bloom-filter.columns", "name")
                    .option("file-index.bloom-filter.name.items", String.valueOf(rows))
                    .option("file-index.bloom-filter.name.fpp", "0.01");
        }
        return catalog.createTable(Identifier.of("bench", name), schema.build(), false);
    }

    /** A name no other (file, row) has, spread so that every file's min and max span all names. */
    private static String name(int file, int row) {
        return Integer.toHexString(((file * 1_000_003 + row) * 0x9E3779B1) ^ 0x5bd1e995) + "-" + file + "-" + row;
    }

    private static double write(Table table, int files, int rows) {
        long start = System.nanoTime();
        for (int f = 0; f < files; f++) {
            try (BatchWrite write = table.newBatchWrite()) {
                for (int r = 0; r < rows; r++) {
                    write.write(GenericRow.of(f * rows + r, Utf8String.fromString(name(f, r)), (long) r * 31,
                            Utf8String.fromString("payload of row " + r + " of file " + f)));
                }
                write.commit();
            }
        }
        return (System.nanoTime() - start) / 1e9;
    }

    /** Plans and reads the filter: files planned, rows matched. */
    private static long[] query(Table table, Predicate filter) throws Exception {
        Plan plan = table.newScan().filter(filter).plan();
        TableRead read = table.newRead(plan);
        long files = 0;
        long rows = 0;
        for (Split split : plan.splits()) {
            files += split.files().size();
            try (CloseableIterator<Row> it = read.open(split)) {
                while (it.hasNext()) {
                    if (filter.test(it.next())) {
                        rows++;
                    }
                }
            }
        }
        return new long[] {files, rows};
    }
}
