package io.strata.hive.it;

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

/**
 * A second JVM that plays a user's Hive 4.1 installation: on its class path only what Hive itself runs
 * on (this module's test class path without Strata's modules and without the libraries only Strata
 * brings), plus, when asked, the connector's bundle jar. It runs {@link HiveProcessMain} over a script
 * and returns the {@link Result}.
 *
 * <p>Hive's runtime was measured by resolving this module's dependencies without {@code strata-core} and
 * {@code strata-hive-connector}: every library in {@link #STRATA_ONLY} then disappears, because
 * {@code hive-exec} carries its own copies of ORC, Parquet, protobuf, zstd-jni and RoaringBitmap inside
 * (the classes a real Hive loads). Jackson, Avro, Hadoop and SLF4J stay: Hive and Hadoop depend on them.
 */
final class HiveProcess {

    /**
     * Repository path fragments ({@code group/artifact} as directories) of the libraries only Strata puts
     * on the test class path, plus the test frameworks; a real Hive has none of them as separate jars.
     */
    static final List<String> STRATA_ONLY = List.of(
            "/io/strata/",
            "/org/apache/orc/",
            "/org/apache/parquet/",
            "/io/airlift/aircompressor/",
            "/org/threeten/threeten-extra/",
            "/com/aayushatharva/brotli4j/",
            "/org/jetbrains/annotations/",
            "/com/google/protobuf/protobuf-java/",
            "/javax/annotation/javax.annotation-api/",
            "/commons-pool/commons-pool/",
            "/com/github/luben/zstd-jni/",
            "/org/roaringbitmap/",
            "/org/junit/",
            "/org/assertj/",
            "/net/bytebuddy/",
            "/org/opentest4j/",
            "/org/apiguardian/");

    /** Hive 4's own list of JDK 17 openings (its launcher scripts pass them). */
    private static final List<String> ADD_OPENS = List.of(
            "java.base/java.lang", "java.base/java.net", "java.base/java.util", "java.base/java.util.concurrent",
            "java.base/java.util.concurrent.atomic", "java.base/java.util.regex", "java.base/java.nio",
            "java.base/sun.nio.ch", "java.base/java.lang.reflect", "java.base/java.io", "java.base/java.text",
            "java.sql/java.sql");

    private HiveProcess() {}

    /** What the second JVM printed: statement -> rows, or the error of a statement that failed. */
    record Result(long startupMillis, long wallMillis, Map<String, List<String>> rows, Map<String, String> errors,
                  Map<String, Long> millis, String log) {

        /** The rows of a statement that must have succeeded. */
        List<String> rowsOf(String sql) {
            if (errors.containsKey(sql)) {
                throw new AssertionError("The second Hive failed '" + sql + "': " + errors.get(sql));
            }
            List<String> r = rows.get(sql);
            if (r == null) {
                throw new AssertionError("The second Hive never ran '" + sql + "'; its output:\n" + log);
            }
            return r;
        }
    }

    /** The class path of a Hive installation: this JVM's test class path minus Strata and what only Strata needs. */
    static List<String> hiveClassPath(Path projectRoot) {
        String testClassPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        String root = projectRoot.toAbsolutePath().normalize().toString() + File.separator;
        List<String> kept = new ArrayList<>();
        for (String entry : testClassPath.split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            String path = Path.of(entry).toAbsolutePath().normalize().toString();
            String unix = path.replace(File.separatorChar, '/');
            // Every module's build output in this project (core, connector, these tests' classes) is Strata's;
            // a Maven repository inside the project directory (some CI set-ups) is not.
            if ((path + File.separator).startsWith(root) && unix.contains("/target/")) {
                continue;
            }
            if (STRATA_ONLY.stream().anyMatch(unix::contains)) {
                continue;
            }
            kept.add(path);
        }
        return kept;
    }

    /**
     * Runs the script in a new JVM over {@code classPath} plus a directory holding only
     * {@link HiveProcessMain}, {@link EmbeddedHive} and the logging configuration.
     */
    static Result run(Path workDir, List<String> classPath, List<String> script) throws IOException, InterruptedException {
        Path classes = workDir.resolve("main-classes");
        copyClass(HiveProcessMain.class, classes);
        copyClass(EmbeddedHive.class, classes);
        try (InputStream log4j = HiveProcess.class.getResourceAsStream("/log4j2-test.properties")) {
            if (log4j != null) {
                Files.copy(log4j, classes.resolve("log4j2-test.properties"), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Path tmp = Files.createDirectories(workDir.resolve("tmp"));
        Path scriptFile = workDir.resolve("script.sql");
        Files.write(scriptFile, script, StandardCharsets.UTF_8);
        Path resultFile = workDir.resolve("result.txt");
        Path logFile = workDir.resolve("process.log");

        List<String> fullPath = new ArrayList<>();
        fullPath.add(classes.toString());
        fullPath.addAll(classPath);
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx768m");
        for (String open : ADD_OPENS) {
            command.add("--add-opens=" + open + "=ALL-UNNAMED");
        }
        command.add("-Djava.io.tmpdir=" + tmp);
        command.add("-Dhadoop.log.dir=" + tmp);
        command.add("-Dderby.stream.error.file=" + tmp.resolve("derby.log"));
        command.add("-Duser.timezone=UTC");
        command.add("-cp");
        command.add(String.join(File.pathSeparator, fullPath));
        command.add(HiveProcessMain.class.getName());
        command.add(scriptFile.toString());
        command.add(resultFile.toString());

        long start = System.nanoTime();
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(logFile.toFile()).start();
        if (!process.waitFor(10, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("The second Hive did not finish in 10 minutes; its log: " + logFile);
        }
        long wall = (System.nanoTime() - start) / 1_000_000;
        String log = Files.readString(logFile, StandardCharsets.UTF_8);
        if (process.exitValue() != 0 || !Files.exists(resultFile)) {
            throw new AssertionError("The second Hive exited with " + process.exitValue() + "; its log:\n" + tail(log));
        }
        return parse(Files.readAllLines(resultFile, StandardCharsets.UTF_8), wall, tail(log));
    }

    private static Result parse(List<String> lines, long wall, String log) {
        Map<String, List<String>> rows = new LinkedHashMap<>();
        Map<String, String> errors = new LinkedHashMap<>();
        Map<String, Long> millis = new LinkedHashMap<>();
        long startup = -1;
        String current = null;
        List<String> currentRows = null;
        for (String line : lines) {
            if (line.startsWith("@started\t")) {
                startup = Long.parseLong(line.substring(9));
            } else if (line.startsWith("@statement\t")) {
                current = line.substring(11);
                currentRows = new ArrayList<>();
            } else if (line.startsWith("@ok\t")) {
                rows.put(current, currentRows);
                millis.put(current, Long.parseLong(line.substring(4)));
            } else if (line.startsWith("@error\t")) {
                errors.put(current, line.substring(7));
            } else if (currentRows != null) {
                currentRows.add(line);
            }
        }
        return new Result(startup, wall, rows, errors, millis, log);
    }

    private static String tail(String log) {
        return log.length() <= 20_000 ? log : log.substring(log.length() - 20_000);
    }

    private static void copyClass(Class<?> type, Path classesDir) {
        String resource = type.getName().replace('.', '/') + ".class";
        try {
            Path source = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).resolve(resource);
            Path target = classesDir.resolve(resource);
            Files.createDirectories(target.getParent());
            Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
