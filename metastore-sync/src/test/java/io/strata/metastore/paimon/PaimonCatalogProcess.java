package io.strata.metastore.paimon;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A second JVM that plays a user of Apache Paimon's Hive catalog. Paimon 1.4.2's {@code HiveCatalog} reads
 * {@code HiveConf.ConfVars.METASTOREURIS}, which Hive 4 renamed, so it cannot run on the Hive 4.1 classes of
 * this module's tests; its users run it on a Hive 2.3 or 3.1 client. The second JVM's class path is this
 * JVM's test class path without any Hive jar, Thrift 0.16, Strata's modules, the metastore server's
 * libraries and the test frameworks, plus the Hive 3.1.3 client jars Maven copies to
 * {@code target/hive3-client} (property {@code strata.hive3.client.dir}). It runs
 * {@link PaimonCatalogProcessMain} over a list of commands and returns the {@link Result}.
 */
public final class PaimonCatalogProcess {

    /** System property: the directory holding the Hive 3.1 client jars (set by the module's pom). */
    public static final String HIVE3_CLIENT_DIR = "strata.hive3.client.dir";

    /**
     * Repository path fragments ({@code group/artifact} as directories) left out of the second JVM: the Hive
     * 4.1 jars and their Thrift (replaced by Hive 3.1.3's), Strata, what only the metastore server needs, and
     * the test frameworks.
     */
    static final List<String> LEFT_OUT = List.of(
            "/org/apache/hive/",
            "/org/apache/thrift/libthrift/",
            "/io/strata/",
            "/org/datanucleus/",
            "/org/apache/derby/",
            "/org/springframework/",
            "/org/apache/tez/",
            "/org/junit/",
            "/org/assertj/",
            "/net/bytebuddy/",
            "/org/opentest4j/",
            "/org/apiguardian/");

    /**
     * Options of the second JVM. No {@code --add-opens}: the Hive 3.1 metastore client, HiveConf and
     * Paimon's reads need none on JDK 17 (measured: everything the test runs passes without). A small heap
     * (the catalog holds one table's metadata and a few rows; under 100 MB at peak), the serial collector
     * and the client compiler only: the JVM lives seconds, on a machine other builds share.
     */
    private static final List<String> JVM_OPTIONS = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    private PaimonCatalogProcess() {}

    /**
     * What the second JVM printed: the time it took to create the catalog and to run in all, its peak heap,
     * the class of the metastore catalog (inside the factory's caching wrapper), the jar {@code HiveConf}
     * came from, and per command its output lines and time, or the error of a command that failed.
     */
    public record Result(long catalogMillis, long wallMillis, long peakHeapBytes, String catalogClass, String hiveJar,
                         Map<String, List<String>> output, Map<String, String> errors, Map<String, Long> millis,
                         String log) {

        /** The output of a command that must have succeeded. */
        public List<String> of(String command) {
            if (errors.containsKey(command)) {
                throw new AssertionError("Paimon's catalog failed '" + command + "': " + errors.get(command)
                        + "\nits log:\n" + log);
            }
            List<String> lines = output.get(command);
            if (lines == null) {
                throw new AssertionError("Paimon's catalog never ran '" + command + "'; its log:\n" + log);
            }
            return lines;
        }
    }

    /** The second JVM's class path: the test class path with {@link #LEFT_OUT} and build outputs removed, plus Hive 3.1.3. */
    public static List<String> classPath(Path hive3ClientDir) throws IOException {
        String testClassPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        // Tests run in the module directory; its parent is the project's root.
        Path moduleDir = Path.of(System.getProperty("user.dir")).toAbsolutePath().normalize();
        String root = (moduleDir.getParent() == null ? moduleDir : moduleDir.getParent()).toString()
                .replace(File.separatorChar, '/') + "/";
        List<String> kept = new ArrayList<>();
        for (String entry : testClassPath.split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            Path path = Path.of(entry).toAbsolutePath().normalize();
            String unix = path.toString().replace(File.separatorChar, '/');
            // Class directories (target/classes, target/test-classes) and the modules' jars in a reactor build
            // (core/target/strata-core-*.jar) are Strata's; a Maven repository is never left out as a whole.
            if (Files.isDirectory(path) || (unix.startsWith(root) && unix.contains("/target/"))
                    || LEFT_OUT.stream().anyMatch(unix::contains)) {
                continue;
            }
            kept.add(entry);
        }
        try (Stream<Path> jars = Files.list(hive3ClientDir)) {
            List<String> hive3 = jars.filter(p -> p.toString().endsWith(".jar")).map(Path::toString).sorted().toList();
            if (hive3.isEmpty()) {
                throw new IllegalStateException("No Hive 3.1 client jars in " + hive3ClientDir
                        + " (maven-dependency-plugin copies them in pre-integration-test)");
            }
            kept.addAll(hive3);
        }
        return kept;
    }

    /** The Hive 3.1 client directory the build prepared. */
    public static Path hive3ClientDir() {
        String dir = System.getProperty(HIVE3_CLIENT_DIR);
        if (dir == null || !Files.isDirectory(Path.of(dir))) {
            throw new IllegalStateException("System property " + HIVE3_CLIENT_DIR + " names no directory ('" + dir
                    + "'): run the test through 'mvn verify', which copies the Hive 3.1 client jars");
        }
        return Path.of(dir);
    }

    /** Runs the commands against Paimon's Hive catalog for {@code thriftUri} and {@code warehouse}. */
    public static Result run(Path workDir, String thriftUri, String warehouse, List<String> commands)
            throws IOException, InterruptedException {
        Path classes = workDir.resolve("main-classes");
        copyClass(PaimonCatalogProcessMain.class, classes);
        try (InputStream log4j = PaimonCatalogProcess.class.getResourceAsStream("/log4j2-test.properties")) {
            if (log4j != null) {
                Files.copy(log4j, classes.resolve("log4j2-test.properties"), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Path tmp = Files.createDirectories(workDir.resolve("tmp"));
        Path commandFile = workDir.resolve("commands.txt");
        Files.write(commandFile, commands, StandardCharsets.UTF_8);
        Path resultFile = workDir.resolve("result.txt");
        Path logFile = workDir.resolve("process.log");

        List<String> fullPath = new ArrayList<>();
        fullPath.add(classes.toString());
        fullPath.addAll(classPath(hive3ClientDir()));
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_OPTIONS);
        command.add("-Djava.io.tmpdir=" + tmp);
        command.add("-Dhadoop.log.dir=" + tmp);
        command.add("-Duser.timezone=UTC");
        command.add("-cp");
        command.add(String.join(File.pathSeparator, fullPath));
        command.add(PaimonCatalogProcessMain.class.getName());
        command.add(thriftUri);
        command.add(warehouse);
        command.add(commandFile.toString());
        command.add(resultFile.toString());

        long start = System.nanoTime();
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(logFile.toFile()).start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("Paimon's catalog process did not finish in 5 minutes; its log: " + logFile);
        }
        long wall = (System.nanoTime() - start) / 1_000_000;
        String log = Files.readString(logFile, StandardCharsets.UTF_8);
        if (process.exitValue() != 0 || !Files.exists(resultFile)) {
            throw new AssertionError("Paimon's catalog process exited with " + process.exitValue() + "; its log:\n"
                    + tail(log));
        }
        return parse(Files.readAllLines(resultFile, StandardCharsets.UTF_8), wall, tail(log));
    }

    private static Result parse(List<String> lines, long wall, String log) {
        Map<String, List<String>> output = new LinkedHashMap<>();
        Map<String, String> errors = new LinkedHashMap<>();
        Map<String, Long> millis = new LinkedHashMap<>();
        long started = -1;
        String catalogClass = null;
        String hiveJar = null;
        long peakHeap = -1;
        String current = null;
        List<String> currentLines = null;
        for (String line : lines) {
            if (line.startsWith("@started\t")) {
                started = Long.parseLong(line.substring(9));
            } else if (line.startsWith("@catalog\t")) {
                catalogClass = line.substring(9);
            } else if (line.startsWith("@heap\t")) {
                peakHeap = Long.parseLong(line.substring(6));
            } else if (line.startsWith("@hive\t")) {
                hiveJar = line.substring(6);
            } else if (line.startsWith("@command\t")) {
                current = line.substring(9);
                currentLines = new ArrayList<>();
            } else if (line.startsWith("@ok\t")) {
                output.put(current, currentLines);
                millis.put(current, Long.parseLong(line.substring(4)));
            } else if (line.startsWith("@error\t")) {
                errors.put(current, line.substring(7));
            } else if (currentLines != null) {
                currentLines.add(line);
            }
        }
        return new Result(started, wall, peakHeap, catalogClass, hiveJar, output, errors, millis, log);
    }

    private static String tail(String log) {
        return log.length() <= 20_000 ? log : log.substring(log.length() - 20_000);
    }

    /** Copies the class file of {@code type} and of its nested classes under {@code classesDir}. */
    private static void copyClass(Class<?> type, Path classesDir) {
        String resource = type.getName().replace('.', '/') + ".class";
        try {
            Path source = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).resolve(resource);
            Path target = classesDir.resolve(resource);
            Files.createDirectories(target.getParent());
            String prefix = type.getSimpleName();
            try (Stream<Path> siblings = Files.list(source.getParent())) {
                for (Path file : siblings.toList()) {
                    String name = file.getFileName().toString();
                    if (name.equals(prefix + ".class") || name.startsWith(prefix + "$")) {
                        Files.copy(file, target.getParent().resolve(name), StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
