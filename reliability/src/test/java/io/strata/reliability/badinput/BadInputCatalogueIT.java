package io.strata.reliability.badinput;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The catalogue of bad inputs ({@link BadInputCatalogue}), each kind tried once through the {@code strata}
 * command as a user runs it (HiveQL DDL through {@code strata sql} on the embedded Hive 4.1): the command must
 * exit with the expected code, name what is wrong, and leave every file of the warehouse as it was (and, for
 * HiveQL, the tables Hive knows). Prints the count per category for docs/reliability.md.
 */
class BadInputCatalogueIT {

    private static final Map<String, AtomicInteger> REFUSED_BY_CATEGORY = new TreeMap<>();

    @TempDir
    static Path dir;

    private static Path template;
    private static Workspace hiveWorkspace;
    private static int next;

    @BeforeAll
    static void createTemplateWarehouse() throws IOException {
        template = dir.resolve("template");
        Path inputs = dir.resolve("template-inputs");
        Workspace w = new Workspace(template, inputs);
        String wh = template.toString();
        mustSucceed("create", "--warehouse", wh, "--table", "shop.orders", "--columns",
                "id BIGINT NOT NULL, name STRING, amount DECIMAL(10,2), day DATE, ts TIMESTAMP, dt STRING NOT NULL",
                "--primary-key", "dt,id", "--partition-by", "dt", "--option", "bucket=2",
                "--option", "file.format=parquet");
        w.input("orders.csv", "id,name,amount,day,ts,dt\n"
                + "1,ann,10.50,2026-12-01,2026-12-01 10:00:00,2026-12-01\n"
                + "2,bob,20.00,2026-12-01,2026-12-01 11:00:00,2026-12-01\n"
                + "3,cid,30.25,2026-12-02,2026-12-02 09:30:00,2026-12-02\n"
                + "4,dan,40.00,2026-12-02,2026-12-02 12:00:00,2026-12-02\n"
                + "1,ann,11.50,2026-12-01,2026-12-01 13:00:00,2026-12-01\n"
                + "5,eve,50.00,2026-12-02,2026-12-02 14:00:00,2026-12-02\n");
        mustSucceed("ingest", "--warehouse", wh, "--table", "shop.orders", "--format", "csv", "--no-progress",
                "--batch-size", "3", inputs.resolve("orders.csv").toString());
        mustSucceed("tags", "--warehouse", wh, "--table", "shop.orders", "create", "t1", "--snapshot", "1");
        mustSucceed("create", "--warehouse", wh, "--table", "shop.readings", "--columns",
                "id BIGINT NOT NULL, v DOUBLE, note STRING", "--primary-key", "id", "--option", "bucket=1",
                "--option", "file.format=orc");
        w.input("readings.csv", "id,v,note\n1,1.5,first\n2,2.5,second\n3,3.5,third\n4,4.5,fourth\n");
        mustSucceed("ingest", "--warehouse", wh, "--table", "shop.readings", "--format", "csv", "--no-progress",
                "--batch-size", "2", inputs.resolve("readings.csv").toString());
        mustSucceed("create", "--warehouse", wh, "--table", "shop.events", "--columns", "id BIGINT, msg STRING");
        w.input("events.csv", "id,msg\n1,start\n2,stop\n");
        mustSucceed("ingest", "--warehouse", wh, "--table", "shop.events", "--format", "csv", "--no-progress",
                inputs.resolve("events.csv").toString());
    }

    static Stream<BadInput> kinds() {
        return BadInputCatalogue.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void isRefusedNamingWhatIsWrongAndChangesNothing(BadInput bad) throws Exception {
        Workspace workspace = bad.category().equals(BadInputCatalogue.HIVE) ? hiveWorkspace() : newWorkspace();
        String damaged = bad.prepare().apply(workspace);
        Map<String, String> before = WarehouseFingerprint.of(workspace.warehouse());
        String hiveTablesBefore = bad.category().equals(BadInputCatalogue.HIVE) ? hiveTables(workspace) : "";

        StrataRun run = StrataRun.of(substitute(bad.command(), workspace, damaged).toArray(String[]::new));

        assertThat(run.exitCode()).as("exit code of %s\n%s", bad, run.printed()).isEqualTo(bad.exitCode());
        for (String mention : substitute(bad.mentions(), workspace, damaged)) {
            assertThat(run.printed()).as("message of %s", bad).contains(mention);
        }
        assertThat(run.printed()).as("message of %s", bad).doesNotContain("\tat ");
        assertThat(WarehouseFingerprint.of(workspace.warehouse())).as("files after %s", bad).isEqualTo(before);
        if (bad.category().equals(BadInputCatalogue.HIVE)) {
            assertThat(hiveTables(workspace)).as("tables Hive knows after %s", bad).isEqualTo(hiveTablesBefore);
        }
        synchronized (REFUSED_BY_CATEGORY) {
            REFUSED_BY_CATEGORY.computeIfAbsent(bad.category(), c -> new AtomicInteger()).incrementAndGet();
        }
        System.out.printf(Locale.ROOT, "[BadInputCatalogueIT] %-18s | %-55s | exit %d | %s%n", bad.category(),
                bad.kind(), run.exitCode(), firstLine(run.printed()));
    }

    @AfterAll
    static void printFigures() {
        int total = REFUSED_BY_CATEGORY.values().stream().mapToInt(AtomicInteger::get).sum();
        System.out.printf(Locale.ROOT, "[BadInputCatalogueIT] %d kinds of bad input refused with a message naming"
                + " what is wrong, nothing changed: %s%n", total, REFUSED_BY_CATEGORY);
    }

    private static synchronized Workspace newWorkspace() throws IOException {
        Path root = dir.resolve("case-" + next++);
        Path warehouse = root.resolve("warehouse");
        copy(template, warehouse);
        return new Workspace(warehouse, root.resolve("inputs"));
    }

    /** One warehouse for every HiveQL kind: a JVM runs the embedded Hive of one warehouse. */
    private static synchronized Workspace hiveWorkspace() throws IOException {
        if (hiveWorkspace == null) {
            hiveWorkspace = newWorkspace();
            mustSucceed("sql", "--warehouse", hiveWorkspace.warehouse().toString(), "--engine", "mr", "-e",
                    "CREATE DATABASE IF NOT EXISTS shop");
        }
        return hiveWorkspace;
    }

    private static String hiveTables(Workspace workspace) {
        String printed = mustSucceed("sql", "--warehouse", workspace.warehouse().toString(), "--engine", "mr",
                "-e", "SHOW TABLES IN shop").out();
        // The table's rows only: the shell also prints how long the statement took.
        return printed.lines().filter(line -> line.startsWith("|")).collect(Collectors.joining("\n"));
    }

    private static List<String> substitute(List<String> texts, Workspace workspace, String damaged) {
        List<String> result = new ArrayList<>();
        for (String text : texts) {
            result.add(text.replace("{wh}", workspace.warehouse().toString())
                    .replace("{in}", workspace.inputs().toString())
                    .replace("{damaged}", damaged));
        }
        return result;
    }

    private static StrataRun mustSucceed(String... args) {
        StrataRun run = StrataRun.of(args);
        if (run.exitCode() != 0) {
            throw new IllegalStateException("strata " + String.join(" ", args) + " failed:\n" + run.printed());
        }
        return run;
    }

    private static String firstLine(String text) {
        String trimmed = text.strip();
        int end = trimmed.indexOf('\n');
        return end < 0 ? trimmed : trimmed.substring(0, end);
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
