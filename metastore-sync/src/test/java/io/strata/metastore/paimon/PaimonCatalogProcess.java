package io.strata.metastore.paimon;

import io.strata.testing.SecondJvm;
import io.strata.testing.StepTranscript;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
     * What the second JVM reported: the time it took to create the catalog and to run in all, its peak heap,
     * the class of the metastore catalog (inside the factory's caching wrapper), the jar {@code HiveConf}
     * came from, and per command its output lines and time, or the error of a command that failed.
     */
    public record Result(long wallMillis, StepTranscript.Parsed transcript) {

        /** The output of a command that must have succeeded. */
        public List<String> of(String command) {
            return transcript.outputOf(command, "Paimon's catalog");
        }

        public long catalogMillis() {
            return transcript.longHeader("started");
        }

        public long peakHeapBytes() {
            return transcript.longHeader("heap");
        }

        public String catalogClass() {
            return transcript.headers().get("catalog");
        }

        public String hiveJar() {
            return transcript.headers().get("hive");
        }

        /** Errors of the commands that failed, by command. */
        public Map<String, String> errors() {
            return transcript.errors();
        }

        /** Milliseconds per command that succeeded. */
        public Map<String, Long> millis() {
            return transcript.millis();
        }
    }

    /** The second JVM's class path: the test class path with {@link #LEFT_OUT} and build outputs removed, plus Hive 3.1.3. */
    public static List<String> classPath(Path hive3ClientDir) throws IOException {
        // Tests run in the module directory; its parent is the project's root.
        Path moduleDir = Path.of(System.getProperty("user.dir")).toAbsolutePath().normalize();
        Path root = moduleDir.getParent() == null ? moduleDir : moduleDir.getParent();
        List<String> kept = new ArrayList<>();
        for (String entry : SecondJvm.testClassPath()) {
            String unix = Path.of(entry).toAbsolutePath().normalize().toString().replace(File.separatorChar, '/');
            if (!SecondJvm.isBuildOutput(entry, root) && LEFT_OUT.stream().noneMatch(unix::contains)) {
                kept.add(entry);
            }
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
        Path commandFile = workDir.resolve("commands.txt");
        Files.write(commandFile, commands, StandardCharsets.UTF_8);
        Path resultFile = workDir.resolve("result.txt");
        SecondJvm.Finished finished = SecondJvm.of(workDir, PaimonCatalogProcessMain.class)
                .classPath(classPath(hive3ClientDir()))
                .jvmOptions(JVM_OPTIONS)
                .args(thriftUri, warehouse, commandFile.toString(), resultFile.toString())
                .run(Duration.ofMinutes(5));
        if (finished.exitCode() != 0 || !Files.exists(resultFile)) {
            throw new AssertionError("Paimon's catalog process exited with " + finished.exitCode() + "; its log:\n"
                    + finished.logTail());
        }
        return new Result(finished.wallMillis(),
                StepTranscript.parse(Files.readAllLines(resultFile, StandardCharsets.UTF_8), finished.logTail()));
    }
}
