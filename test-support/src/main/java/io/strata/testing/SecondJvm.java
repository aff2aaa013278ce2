package io.strata.testing;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A second JVM started by a test: this JVM's java, a class path the test chooses, and a directory of its
 * own ({@code workDir}) for its temporary files, Hadoop's and Derby's logs and its console output
 * ({@code process.log}). Classes the child's main needs but its class path must not hold (the test's own
 * helpers) are carried: copied, with their nested classes, into {@code workDir/main-classes}, which goes
 * first on the class path, together with the test's {@code log4j2-test.properties}.
 *
 * <p>Either {@link #run} to the end (a script, then exit) or {@link #start} a server and wait for the line
 * that says it is ready. Time zone UTC, like the build's tests.
 */
public final class SecondJvm {

    private final Path workDir;
    private final Class<?> mainClass;
    private final List<Class<?>> carried = new ArrayList<>();
    private final List<String> classPath = new ArrayList<>();
    private final List<String> jvmOptions = new ArrayList<>();
    private final List<String> args = new ArrayList<>();

    private SecondJvm(Path workDir, Class<?> mainClass) {
        this.workDir = workDir.toAbsolutePath();
        this.mainClass = mainClass;
    }

    /** A JVM running {@code mainClass}, with its files under {@code workDir}. */
    public static SecondJvm of(Path workDir, Class<?> mainClass) {
        return new SecondJvm(workDir, mainClass);
    }

    /** Copies these classes (and the main class, and {@link StepTranscript}) into the child's first class path entry. */
    public SecondJvm carrying(Class<?>... types) {
        carried.addAll(List.of(types));
        return this;
    }

    /** Adds class path entries (jars, directories). */
    public SecondJvm classPath(List<String> entries) {
        classPath.addAll(entries);
        return this;
    }

    /** Adds JVM options ({@code -Xmx...}, {@code --add-opens=...}). */
    public SecondJvm jvmOptions(List<String> options) {
        jvmOptions.addAll(options);
        return this;
    }

    /** Adds arguments of the main class. */
    public SecondJvm args(String... values) {
        args.addAll(List.of(values));
        return this;
    }

    /** The child's console output. */
    public Path logFile() {
        return workDir.resolve("process.log");
    }

    /** How a child that ran to its end finished: exit code, wall time and the tail of its console output. */
    public record Finished(int exitCode, long wallMillis, String logTail) {}

    /** Runs the child to its end; fails if it takes longer than {@code timeout}. */
    public Finished run(Duration timeout) throws IOException, InterruptedException {
        List<String> command = command();
        long start = System.nanoTime();
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(logFile().toFile()).start();
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(mainClass.getSimpleName() + " did not finish in " + timeout.toSeconds()
                    + " s; its log: " + logFile());
        }
        long wall = (System.nanoTime() - start) / 1_000_000;
        return new Finished(process.exitValue(), wall, tail(Files.readString(logFile(), StandardCharsets.UTF_8)));
    }

    /**
     * Starts the child and waits until it prints a line that {@code ready} accepts; its output is copied to
     * {@code log}. Fails, with the output's tail, if the child dies or {@code timeout} passes first.
     */
    public Process start(Path log, Predicate<String> ready, Duration timeout) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command()).redirectErrorStream(true).start();
        CountDownLatch seen = new CountDownLatch(1);
        Thread pump = new Thread(() -> pump(process, log, ready, seen), mainClass.getSimpleName() + "-output");
        pump.setDaemon(true);
        pump.start();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!seen.await(100, TimeUnit.MILLISECONDS)) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                boolean alive = process.isAlive();
                process.destroyForcibly().waitFor();
                throw new IllegalStateException(mainClass.getSimpleName() + " did not start"
                        + (alive ? " in " + timeout.toSeconds() + " s" : " (exit " + process.exitValue() + ")")
                        + "; its output: " + log + "\n" + tail(Files.exists(log) ? Files.readString(log) : ""));
            }
        }
        return process;
    }

    private List<String> command() throws IOException {
        Path classes = workDir.resolve("main-classes");
        copyClass(mainClass, classes);
        copyClass(StepTranscript.class, classes);
        for (Class<?> type : carried) {
            copyClass(type, classes);
        }
        try (InputStream log4j = mainClass.getResourceAsStream("/log4j2-test.properties")) {
            if (log4j != null) {
                Files.copy(log4j, classes.resolve("log4j2-test.properties"), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Path tmp = Files.createDirectories(workDir.resolve("tmp"));
        List<String> fullPath = new ArrayList<>();
        fullPath.add(classes.toString());
        fullPath.addAll(classPath);
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // The same quick JIT as the build's test JVMs (see test.argLine in the parent pom): children are short-lived.
        command.add("-XX:TieredStopAtLevel=1");
        command.addAll(jvmOptions);
        command.add("-Djava.io.tmpdir=" + tmp);
        command.add("-Dhadoop.log.dir=" + tmp);
        command.add("-Dderby.stream.error.file=" + tmp.resolve("derby.log"));
        command.add("-Duser.timezone=UTC");
        command.add("-cp");
        command.add(String.join(File.pathSeparator, fullPath));
        command.add(mainClass.getName());
        command.addAll(args);
        return command;
    }

    /**
     * The {@code --add-opens} and {@code --add-exports} options this JVM runs with (the module's test argLine): a
     * child that runs Hive, its metastore or its client on JDK 17 needs the same.
     */
    public static List<String> openedModules() {
        List<String> options = new ArrayList<>();
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("--add-opens") || arg.startsWith("--add-exports")) {
                options.add(arg);
            }
        }
        return options;
    }

    /** This JVM's test class path, one entry per element. */
    public static List<String> testClassPath() {
        String path = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> entries = new ArrayList<>();
        for (String entry : path.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                entries.add(entry);
            }
        }
        return entries;
    }

    /**
     * Whether a class path entry is this project's build output (a module's classes directory or its jar in
     * a reactor build), as opposed to a library; {@code projectRoot} is the directory of the parent pom. A
     * Maven repository inside the project directory (some CI set-ups) is not build output.
     */
    public static boolean isBuildOutput(String entry, Path projectRoot) {
        Path path = Path.of(entry).toAbsolutePath().normalize();
        String root = projectRoot.toAbsolutePath().normalize().toString().replace(File.separatorChar, '/') + "/";
        String unix = path.toString().replace(File.separatorChar, '/');
        return Files.isDirectory(path) || (unix.startsWith(root) && unix.contains("/target/"));
    }

    private static void pump(Process process, Path log, Predicate<String> ready, CountDownLatch seen) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                PrintWriter out = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8), true)) {
            String line;
            while ((line = in.readLine()) != null) {
                out.println(line);
                if (ready.test(line)) {
                    seen.countDown();
                }
            }
        } catch (IOException e) {
            // The process died (killed): its output ends here.
        }
    }

    /** The last 20,000 characters of a log, for failure messages. */
    public static String tail(String log) {
        return log.length() <= 20_000 ? log : log.substring(log.length() - 20_000);
    }

    /**
     * Copies the class file of {@code type} and of its nested classes under {@code classesDir}, read through
     * the class loader so that a class inside a jar is copied as well as one in a directory.
     */
    private static void copyClass(Class<?> type, Path classesDir) {
        String binary = type.getName().replace('.', '/');
        Path target = classesDir.resolve(binary + ".class");
        try {
            Files.createDirectories(target.getParent());
            if (!copyResource(type, binary + ".class", target)) {
                throw new IllegalStateException("No class file for " + type.getName() + " on its class loader");
            }
            for (Class<?> nested : type.getDeclaredClasses()) {
                copyClass(nested, classesDir);
            }
            // Lambdas and anonymous classes have no declared-class entry: copy $1, $2, ... while they exist.
            for (int i = 1; copyResource(type, binary + "$" + i + ".class", classesDir.resolve(binary + "$" + i + ".class")); i++) {
                // copied
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot copy " + type.getName() + " for a second JVM", e);
        }
    }

    private static boolean copyResource(Class<?> type, String resource, Path target) throws IOException {
        ClassLoader loader = type.getClassLoader() == null ? ClassLoader.getSystemClassLoader() : type.getClassLoader();
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                return false;
            }
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            return true;
        }
    }
}
