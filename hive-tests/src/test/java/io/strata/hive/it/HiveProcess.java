package io.strata.hive.it;

import io.strata.metastore.EmbeddedMetastoreSettings;
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

    /**
     * A heap for Hive's local jobs (Tez's application master and tasks run in this JVM too), and Hive 4's own
     * list of JDK 17 openings (its launcher scripts pass them).
     */
    private static final List<String> JVM_OPTIONS = Stream.concat(Stream.of("-Xmx1g"), Stream.of(
            "java.base/java.lang", "java.base/java.net", "java.base/java.util", "java.base/java.util.concurrent",
            "java.base/java.util.concurrent.atomic", "java.base/java.util.regex", "java.base/java.nio",
            "java.base/sun.nio.ch", "java.base/java.lang.reflect", "java.base/java.io", "java.base/java.text",
            "java.sql/java.sql").map(open -> "--add-opens=" + open + "=ALL-UNNAMED")).toList();

    private HiveProcess() {}

    /** What the second JVM reported: its start-up and wall time, and per statement its rows or error. */
    record Result(long startupMillis, long wallMillis, StepTranscript.Parsed transcript) {

        /** The rows of a statement that must have succeeded. */
        List<String> rowsOf(String sql) {
            return transcript.outputOf(sql, "The second Hive");
        }

        /** The error of a statement that must have failed. */
        String errorOf(String sql) {
            String error = transcript.errors().get(sql);
            if (error == null) {
                throw new AssertionError("The second Hive did not fail '" + sql + "'; its rows: " + transcript.output().get(sql));
            }
            return error;
        }

        /** Milliseconds per statement that succeeded. */
        Map<String, Long> millis() {
            return transcript.millis();
        }
    }

    /** The class path of a Hive installation: this JVM's test class path minus Strata and what only Strata needs. */
    static List<String> hiveClassPath(Path projectRoot) {
        List<String> kept = new ArrayList<>();
        for (String entry : SecondJvm.testClassPath()) {
            String unix = Path.of(entry).toAbsolutePath().normalize().toString().replace(File.separatorChar, '/');
            // Strata's modules (core, connector, these tests' classes) and what only Strata needs.
            if (!SecondJvm.isBuildOutput(entry, projectRoot) && STRATA_ONLY.stream().noneMatch(unix::contains)) {
                kept.add(entry);
            }
        }
        return kept;
    }

    /**
     * Runs the script in a new JVM over {@code classPath} plus a directory holding only
     * {@link HiveProcessMain}, {@link EmbeddedHive} and the logging configuration.
     */
    static Result run(Path workDir, List<String> classPath, List<String> script) throws IOException, InterruptedException {
        Path scriptFile = workDir.resolve("script.sql");
        Files.write(scriptFile, script, StandardCharsets.UTF_8);
        Path resultFile = workDir.resolve("result.txt");
        SecondJvm jvm = SecondJvm.of(workDir, HiveProcessMain.class)
                .carrying(EmbeddedHive.class, EmbeddedMetastoreSettings.class, Engine.class, ExecutionMode.class,
                        PlanRecorder.class, ExecutedPlan.class)
                .classPath(classPath)
                .jvmOptions(JVM_OPTIONS)
                .args(scriptFile.toString(), resultFile.toString());
        SecondJvm.Finished finished = jvm.run(Duration.ofMinutes(10));
        if (finished.exitCode() != 0 || !Files.exists(resultFile)) {
            throw new AssertionError("The second Hive exited with " + finished.exitCode() + "; its log:\n" + finished.logTail());
        }
        StepTranscript.Parsed transcript = StepTranscript.parse(Files.readAllLines(resultFile, StandardCharsets.UTF_8),
                finished.logTail());
        return new Result(transcript.longHeader("started"), finished.wallMillis(), transcript);
    }
}
