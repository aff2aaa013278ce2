package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.ArrayData;
import io.strata.data.CloseableIterator;
import io.strata.data.Decimal;
import io.strata.data.GenericArray;
import io.strata.data.GenericMap;
import io.strata.data.GenericRow;
import io.strata.data.MapData;
import io.strata.data.Row;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.TableRead;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bundle jar in a Hive that has nothing of Strata: a second JVM on Hive's own class path (see
 * {@link HiveProcess}) plus {@code strata-hive-connector-<version>-bundle.jar}, once on the class path
 * (Hive's auxlib) and once through {@code ADD JAR}. It creates the external table over a partitioned
 * primary-key table core wrote (updates, deletes, nested columns) and queries it on a fetch task, on Tez
 * and on MapReduce (each install in one JVM, which switches engines); every row must equal core's own read,
 * and each query's plan shows the engine that ran it and how the scan was vectorized.
 */
class BundleJarIT {

    private static final String[] DAYS = {"2024-01-01", "2024-01-02"};

    @TempDir
    static Path dir;

    private static Path projectRoot;
    private static Path bundle;
    private static Table table;
    /** A table whose only data file is garbage of the right size: only a task that reads it finds out. */
    private static Table broken;
    private static Path brokenFile;
    /** What core reads: id -> the row as the queries below must return it. */
    private static final TreeMap<Long, Expected> coreRows = new TreeMap<>();

    /** One row core read, rendered at once (core's iterators reuse their row objects). */
    private record Expected(long id, String dt, String line, String nested, BigDecimal amount) {}

    @BeforeAll
    static void writeTable() throws IOException {
        projectRoot = Path.of(System.getProperty("user.dir")).toAbsolutePath().getParent();
        String configured = System.getProperty("strata.bundle.jar");
        bundle = configured != null ? Path.of(configured)
                : projectRoot.resolve("hive-connector/target/strata-hive-connector-0.1.0-SNAPSHOT-bundle.jar");
        assertThat(bundle).as("the bundle jar: build hive-connector first (mvn package)").isRegularFile();

        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(),
                new org.apache.hadoop.fs.Path(dir.resolve("warehouse").toUri()));
        catalog.createDatabase("shop", true);
        table = catalog.createTable(Identifier.of("shop", "events"), Schema.newBuilder()
                .column("id", DataTypes.BIGINT())
                .column("dt", DataTypes.STRING())
                .column("name", DataTypes.STRING())
                .column("tags", DataTypes.ARRAY(DataTypes.STRING()))
                .column("attrs", DataTypes.MAP(DataTypes.STRING().withNullable(false), DataTypes.INT()))
                .column("point", DataTypes.ROW(new DataField(0, "x", DataTypes.INT()), new DataField(0, "y", DataTypes.DOUBLE())))
                .column("amount", DataTypes.DECIMAL(10, 2))
                .column("ts", DataTypes.TIMESTAMP(3))
                .partitionKeys("dt")
                .primaryKey("id", "dt")
                .option("bucket", "2")
                .build(), false);
        commit(range(1, 40), List.of(), 0);
        commit(range(1, 12), List.of(), 1);
        commit(List.of(20L, 41L, 42L), List.of(5L, 17L, 33L), 2);

        Plan plan = table.newScan().plan();
        TableRead read = table.newRead(plan);
        for (Split split : plan.splits()) {
            try (CloseableIterator<Row> rows = read.open(split)) {
                while (rows.hasNext()) {
                    Row r = rows.next();
                    coreRows.put(r.getLong(0), new Expected(r.getLong(0), r.getString(1).toString(), line(r),
                            nestedLine(r), r.getDecimal(6, 10, 2).toBigDecimal()));
                }
            }
        }
        assertThat(coreRows).hasSize(39).doesNotContainKeys(5L, 17L, 33L);

        broken = catalog.createTable(Identifier.of("shop", "broken"), Schema.newBuilder()
                .column("id", DataTypes.INT())
                .column("v", DataTypes.STRING())
                .primaryKey("id")
                .option("bucket", "1")
                .build(), false);
        try (BatchWrite w = broken.newBatchWrite()) {
            for (int i = 0; i < 50; i++) {
                w.write(GenericRow.of(i, Utf8String.fromString("v" + i)));
            }
            w.commit();
        }
        String name = broken.newScan().plan().splits().get(0).files().get(0).fileName();
        try (var files = Files.walk(Path.of(broken.location().toUri()))) {
            brokenFile = files.filter(p -> p.getFileName().toString().equals(name)).findFirst().orElseThrow();
        }
        byte[] garbage = new byte[(int) Files.size(brokenFile)];
        java.util.Arrays.fill(garbage, (byte) 0x5a);
        Files.write(brokenFile, garbage);
    }

    private static List<Long> range(long from, long to) {
        List<Long> ids = new ArrayList<>();
        for (long i = from; i <= to; i++) {
            ids.add(i);
        }
        return ids;
    }

    private static GenericRow row(long id, int version) {
        boolean nulls = id % 7 == 0;
        return GenericRow.of(
                id,
                Utf8String.fromString(DAYS[(int) (id % 2)]),
                Utf8String.fromString("name-" + id + "-v" + version),
                nulls ? null : new GenericArray(new Object[] {Utf8String.fromString("t" + id), Utf8String.fromString("v" + version)}),
                new GenericMap(new GenericArray(new Object[] {Utf8String.fromString("a"), Utf8String.fromString("b")}),
                        new GenericArray(new Object[] {(int) id * 10 + version, nulls ? null : (int) id})),
                nulls ? null : GenericRow.of((int) id % 5, id / 4.0),
                Decimal.fromBigDecimal(new BigDecimal(id * 100 + version).movePointLeft(2), 10, 2),
                Timestamp.fromLocalDateTime(LocalDateTime.of(2024, 3, 1, 12, 0).plusSeconds(id * 61).plusNanos((id % 4) * 125_000_000L)));
    }

    private static void commit(List<Long> upserts, List<Long> deletes, int version) {
        try (BatchWrite w = table.newBatchWrite()) {
            for (long id : upserts) {
                w.write(row(id, version));
            }
            for (long id : deletes) {
                w.delete(row(id, 0));
            }
            w.commit();
        }
    }

    // ---- what Hive must print, from core's rows ----

    /** A row as Hive's fetch task prints it: atomic values as HiveText does, nested ones as Hive's JSON. */
    private static String line(Row r) {
        RowType type = table.schema().rowType();
        List<String> cells = new ArrayList<>();
        for (int i = 0; i < type.fieldCount(); i++) {
            cells.add(switch (i) {
                case 3 -> r.isNullAt(3) ? "NULL" : tagsJson(r.getArray(3));
                case 4 -> r.isNullAt(4) ? "NULL" : attrsJson(r.getMap(4));
                case 5 -> r.isNullAt(5) ? "NULL" : pointJson(r.getRow(5, 2));
                default -> HiveText.cell(r, i, (AtomicType) type.typeAt(i));
            });
        }
        return String.join("\t", cells);
    }

    private static String tagsJson(ArrayData tags) {
        List<String> items = new ArrayList<>();
        for (int i = 0; i < tags.size(); i++) {
            items.add(tags.isNullAt(i) ? "null" : "\"" + tags.getString(i) + "\"");
        }
        return "[" + String.join(",", items) + "]";
    }

    private static String attrsJson(MapData attrs) {
        List<String> items = new ArrayList<>();
        for (int i = 0; i < attrs.size(); i++) {
            ArrayData values = attrs.values();
            items.add("\"" + attrs.keys().getString(i) + "\":" + (values.isNullAt(i) ? "null" : values.getInt(i)));
        }
        return "{" + String.join(",", items) + "}";
    }

    private static String pointJson(Row point) {
        return "{\"x\":" + (point.isNullAt(0) ? "null" : point.getInt(0)) + ",\"y\":"
                + (point.isNullAt(1) ? "null" : point.getDouble(1)) + "}";
    }

    private static Integer attr(Row r, String key) {
        if (r.isNullAt(4)) {
            return null;
        }
        MapData m = r.getMap(4);
        for (int i = 0; i < m.size(); i++) {
            if (m.keys().getString(i).toString().equals(key)) {
                return m.values().isNullAt(i) ? null : m.values().getInt(i);
            }
        }
        return null;
    }

    /** The row of {@link #SELECT_NESTED}. */
    private static String nestedLine(Row r) {
        return r.getLong(0) + "\t" + (r.isNullAt(3) ? "NULL" : r.getArray(3).getString(1)) + "\t"
                + nullable(attr(r, "a")) + "\t" + nullable(attr(r, "b")) + "\t"
                + (r.isNullAt(5) ? "NULL" : r.getRow(5, 2).getDouble(1));
    }

    private static String nullable(Object value) {
        return value == null ? "NULL" : value.toString();
    }

    // ---- the queries and their expected rows ----

    private static final String TABLE = "strata_it.events";
    private static final String SELECT_ALL = "SELECT * FROM " + TABLE;
    private static final String SELECT_NESTED = "SELECT id, tags[1], attrs['a'], attrs['b'], point.y FROM " + TABLE
            + " WHERE dt = '2024-01-02' AND id > 10";
    private static final String GROUP_BY = "SELECT dt, count(*), sum(id), max(amount) FROM " + TABLE + " GROUP BY dt";
    private static final String COUNT = "SELECT count(*) FROM " + TABLE;
    private static final String BROKEN_GROUP_BY = "SELECT v, count(*) FROM strata_it.broken GROUP BY v";

    private List<String> script(String... first) {
        List<String> script = new ArrayList<>(List.of(first));
        script.add("WHERE IS io.strata.hive.StrataStorageHandler");
        script.add("WHERE IS org.roaringbitmap.RoaringBitmap");
        script.add("WHERE IS org.apache.orc.OrcFile");
        script.add("WHERE IS com.fasterxml.jackson.databind.ObjectMapper");
        script.add("CREATE EXTERNAL TABLE " + TABLE + " STORED BY 'io.strata.hive.StrataStorageHandler' LOCATION '"
                + table.location() + "'");
        script.add("EXPLAIN " + SELECT_ALL);
        script.add(SELECT_ALL);
        for (Engine engine : Engine.values()) {
            for (String query : List.of(SELECT_ALL, SELECT_NESTED, GROUP_BY, COUNT)) {
                script.add(on(engine, query));
            }
        }
        return script;
    }

    private static String on(Engine engine, String query) {
        return "ON " + engine.setting() + ": " + query;
    }

    /**
     * The rows of a query run on an engine, after asserting from its {@code #plan} line that the engine ran it
     * and that {@code scan} describes how its Strata scan read.
     */
    private static List<String> rowsOn(HiveProcess.Result result, Engine engine, String query, String scan) {
        List<String> rows = new ArrayList<>(result.rowsOf(on(engine, query)));
        String plan = rows.remove(rows.size() - 1);
        assertThat(plan).as("plan of %s", on(engine, query)).startsWith("#plan ").contains(engine.taskType())
                .doesNotContain(Engine.values()[1 - engine.ordinal()].taskType()).endsWith(" " + scan);
        return rows;
    }

    /**
     * @param scan how the engines' Strata scans read (vectorized, Hive 4's default), as the {@code #plan} line
     *     of {@link HiveProcessMain} prints it
     */
    private void assertQueries(HiveProcess.Result result, String scan) {
        // SELECT * without more runs as a fetch task in the client.
        assertThat(String.join("\n", result.rowsOf("EXPLAIN " + SELECT_ALL))).contains("Fetch Operator")
                .doesNotContain("Map Reduce").doesNotContain("Tez");
        List<String> all = coreRows.values().stream().map(Expected::line).toList();
        assertThat(result.rowsOf(SELECT_ALL)).containsExactlyInAnyOrderElementsOf(all);

        List<String> nested = coreRows.values().stream().filter(r -> r.dt().equals("2024-01-02") && r.id() > 10)
                .map(Expected::nested).toList();
        assertThat(nested).isNotEmpty();

        List<String> groups = new ArrayList<>();
        for (String day : DAYS) {
            List<Expected> rows = coreRows.values().stream().filter(r -> r.dt().equals(day)).toList();
            BigDecimal max = rows.stream().map(Expected::amount).reduce(BigDecimal::max).orElseThrow();
            groups.add(day + "\t" + rows.size() + "\t" + rows.stream().mapToLong(Expected::id).sum() + "\t"
                    + max.toPlainString());
        }
        for (Engine engine : Engine.values()) {
            // Nested columns too: row deserialization vectorizes them (measured on both engines).
            assertThat(rowsOn(result, engine, SELECT_ALL, scan)).containsExactlyInAnyOrderElementsOf(all);
            assertThat(rowsOn(result, engine, SELECT_NESTED, scan)).containsExactlyInAnyOrderElementsOf(nested);
            assertThat(rowsOn(result, engine, GROUP_BY, scan)).containsExactlyInAnyOrderElementsOf(groups);
            assertThat(rowsOn(result, engine, COUNT, scan)).containsExactly(String.valueOf(coreRows.size()));
        }
    }

    private static void assertLoadedFrom(HiveProcess.Result result, Path bundleJar) {
        assertThat(result.rowsOf("WHERE IS io.strata.hive.StrataStorageHandler"))
                .singleElement().asString().endsWith(bundleJar.getFileName().toString());
        // Hive's own copies, not Strata's: Strata's are relocated inside the bundle.
        assertThat(result.rowsOf("WHERE IS org.roaringbitmap.RoaringBitmap")).singleElement().asString().contains("hive-exec");
        assertThat(result.rowsOf("WHERE IS org.apache.orc.OrcFile")).singleElement().asString().contains("hive-exec");
        assertThat(result.rowsOf("WHERE IS com.fasterxml.jackson.databind.ObjectMapper"))
                .singleElement().asString().contains("jackson-databind");
    }

    private static void print(String mode, HiveProcess.Result result) {
        System.out.printf("[BundleJarIT] %s: JVM wall %d ms, Hive started in %d ms, statements %s%n", mode,
                result.wallMillis(), result.startupMillis(), result.millis());
    }

    @Test
    void theClassPathOfTheSecondHiveHasNothingOfStrata() {
        List<String> classPath = HiveProcess.hiveClassPath(projectRoot);
        assertThat(classPath).anyMatch(p -> p.contains("hive-exec")).anyMatch(p -> p.contains("hadoop-common"))
                .noneMatch(p -> p.contains("strata")).noneMatch(p -> p.contains("orc-core"))
                .noneMatch(p -> p.contains("RoaringBitmap")).noneMatch(p -> p.contains("parquet-hadoop"));
    }

    @Test
    void theBundleOnHivesClassPathReadsTheTable() throws Exception {
        List<String> classPath = new ArrayList<>(HiveProcess.hiveClassPath(projectRoot));
        classPath.add(bundle.toString());
        List<String> script = script();
        // The failures before the queries that must read right: each engine must report its failure to the client,
        // and a failed task must leave nothing behind in this Hive (see ReadFailureIT).
        script.addAll(script.indexOf("EXPLAIN " + SELECT_ALL), List.of(
                "CREATE EXTERNAL TABLE strata_it.broken STORED BY 'io.strata.hive.StrataStorageHandler' LOCATION '"
                        + broken.location() + "'",
                on(Engine.MR, BROKEN_GROUP_BY),
                on(Engine.TEZ, BROKEN_GROUP_BY)));
        HiveProcess.Result result = HiveProcess.run(Files.createDirectories(dir.resolve("auxlib")), classPath, script);
        print("class path", result);
        assertLoadedFrom(result, bundle);
        // Hive's Vectorizer finds the input format on its class path: StrataInputFormat fills the batches itself.
        // MapReduce: "return code 2 from MapRedTask" only (ReadFailureIT says why); Tez: the DAG's diagnostics,
        // which hold the reader's exception, so the client learns the file.
        assertThat(result.errorOf(on(Engine.MR, BROKEN_GROUP_BY))).contains("return code 2").contains("MapRedTask");
        assertThat(result.errorOf(on(Engine.TEZ, BROKEN_GROUP_BY))).contains("return code 2").contains("TezTask")
                .contains(brokenFile.toString());
        assertQueries(result, "vectorized=true/[VECTORIZED_INPUT_FILE_FORMAT];");
    }

    @Test
    void addJarLoadsTheBundleIntoASession() throws Exception {
        List<String> classPath = HiveProcess.hiveClassPath(projectRoot);
        HiveProcess.Result result = HiveProcess.run(Files.createDirectories(dir.resolve("add-jar")), classPath,
                script("WHERE IS io.strata.hive.StrataInputFormat", "ADD JAR " + bundle));
        print("ADD JAR", result);
        // Hive 4.1's Vectorizer looks the input format class up with its own class loader, which does not see
        // an added jar, and treats it as excluded: the scan is not vectorized.
        // Before ADD JAR this Hive had no Strata class at all.
        assertThat(result.rowsOf("WHERE IS io.strata.hive.StrataInputFormat")).containsExactly("absent");
        assertLoadedFrom(result, bundle);
        assertQueries(result, "vectorized=false/[NONE];");
    }

    @Test
    void theBundlesClassesReferNoUnrelocatedLibrary() throws IOException {
        // Jackson and RoaringBitmap are relocated: a class of the bundle naming the original package would
        // load Hive's version (another one) at run time.
        List<String> offenders = new ArrayList<>();
        try (JarFile jar = new JarFile(bundle.toFile())) {
            for (JarEntry entry : java.util.Collections.list(jar.entries())) {
                if (!entry.getName().endsWith(".class")) {
                    continue;
                }
                if (!entry.getName().startsWith("io/strata/")) {
                    offenders.add(entry.getName() + " (outside io/strata)");
                    continue;
                }
                String constants = new String(jar.getInputStream(entry).readAllBytes(), StandardCharsets.ISO_8859_1);
                for (String original : List.of("com/fasterxml/jackson", "org/roaringbitmap")) {
                    if (constants.contains(original)) {
                        offenders.add(entry.getName() + " -> " + original);
                    }
                }
            }
        }
        assertThat(offenders).isEmpty();
    }
}
