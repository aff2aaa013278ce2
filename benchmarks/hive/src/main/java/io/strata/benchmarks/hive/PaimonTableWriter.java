package io.strata.benchmarks.hive;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Has Apache Paimon write a table of the data set, in a JVM of its own: Paimon is a test-scope dependency of this
 * module (never on Hive's class path), so its writer ({@code PaimonScanTables}, test sources) runs on the class
 * path that the build lists in {@code target/test-classpath.txt}.
 */
final class PaimonTableWriter {

    private final Path moduleTarget;

    /** {@code moduleTarget}: this module's {@code target} directory (classes, test-classes, test-classpath.txt). */
    PaimonTableWriter(Path moduleTarget) {
        this.moduleTarget = moduleTarget;
    }

    /** Writes table {@code name} under {@code warehouse}; returns its directory. */
    Path write(Path warehouse, String name, TableKind kind, String format, ScanOptions options)
            throws IOException, InterruptedException {
        Path classpathFile = moduleTarget.resolve("test-classpath.txt");
        if (!Files.exists(classpathFile)) {
            throw new IllegalStateException(classpathFile + " is missing: build the module with "
                    + "run-hive-benchmark.sh (package writes it)");
        }
        String classpath = moduleTarget.resolve("test-classes") + java.io.File.pathSeparator
                + moduleTarget.resolve("classes") + java.io.File.pathSeparator
                + Files.readString(classpathFile).trim();
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx2g");
        command.add("-Duser.timezone=UTC");
        command.add("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
        command.add("-cp");
        command.add(classpath);
        command.add("io.strata.benchmarks.hive.PaimonScanTables");
        command.add(warehouse.toString());
        command.add(name);
        command.add(kind == TableKind.PAIMON_COMPACTED ? "compacted" : "runs");
        command.add(format);
        command.add(Integer.toString(options.rows()));
        command.add(Integer.toString(options.updateRounds()));
        command.add(Integer.toString(options.updatePercent()));
        command.add(Long.toString(options.seed()));
        command.add(Integer.toString(options.buckets()));
        Path log = Files.createTempFile("paimon-writer-", ".log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        int exit = process.waitFor();
        List<String> output = Files.readAllLines(log);
        if (exit != 0 || output.isEmpty()) {
            throw new IllegalStateException("Paimon's writer of " + name + " exited with " + exit + ": "
                    + String.join("\n", output.subList(Math.max(0, output.size() - 40), output.size())));
        }
        Files.delete(log);
        return Path.of(output.get(output.size() - 1).trim());
    }
}
