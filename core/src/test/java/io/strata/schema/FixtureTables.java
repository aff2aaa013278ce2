package io.strata.schema;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/**
 * Locates the tables that Apache Paimon 1.4.2 wrote ({@code shared/fixtures/paimon-1.4.2}): from the
 * system property {@code strata.fixtures} if set, else the first {@code shared/fixtures/paimon-1.4.2}
 * found walking up from the working directory, else {@code /work/shared/fixtures/paimon-1.4.2}.
 */
public final class FixtureTables {

    private static final String RELATIVE = "shared/fixtures/paimon-1.4.2";

    private FixtureTables() {}

    /** The fixture directory; fails the test, saying where it looked, if it is absent. */
    public static Path root() {
        String configured = System.getProperty("strata.fixtures");
        if (configured != null) {
            return Paths.get(configured);
        }
        for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(RELATIVE);
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        Path fallback = Paths.get("/work").resolve(RELATIVE);
        if (Files.isDirectory(fallback)) {
            return fallback;
        }
        throw new IllegalStateException("Cannot find " + RELATIVE + " above " + Paths.get("").toAbsolutePath()
                + "; set -Dstrata.fixtures");
    }

    /** One fixture table, e.g. {@code pk_orc}. */
    public static Path table(String name) {
        return root().resolve(name);
    }

    /** A writable copy of a fixture table's metadata and data under {@code target}. */
    public static Path copy(String name, Path target) {
        Path source = table(name);
        try (Stream<Path> files = Files.walk(source)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Path to = target.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return target;
    }

    public static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
