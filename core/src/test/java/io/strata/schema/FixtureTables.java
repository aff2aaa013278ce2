package io.strata.schema;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/** The tables that Apache Paimon 1.4.2 wrote, and writable copies of them. */
public final class FixtureTables {

    private FixtureTables() {}

    /** The fixture directory (a copy of shared/fixtures/paimon-1.4.2 in the test resources). */
    public static Path root() {
        return io.strata.Fixtures.paimon142("");
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
