package io.strata;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/** The tables Apache Paimon 1.4.2 wrote (copied from shared/fixtures into the test resources). */
public final class Fixtures {

    private Fixtures() {}

    /** The fixture directory {@code fixtures/paimon-1.4.2/<relative>}, e.g. a table such as {@code pk_orc}. */
    public static Path paimon142(String relative) {
        URL url = Fixtures.class.getResource("/fixtures/paimon-1.4.2");
        if (url == null) {
            throw new IllegalStateException("Test resource fixtures/paimon-1.4.2 is missing");
        }
        try {
            return Path.of(url.toURI()).resolve(relative);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A writable copy of a fixture table's metadata and data at {@code target} (tests that commit to a
     * fixture table must not change the shared resource). Returns {@code target}.
     */
    public static Path copy(String table, Path target) {
        Path source = paimon142(table);
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
            throw new UncheckedIOException("Could not copy fixture table " + table + " to " + target, e);
        }
        return target;
    }

    /** The text of a fixture file (UTF-8), failing unchecked so that parameterized tests stay short. */
    public static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read fixture file " + file, e);
        }
    }
}
