package io.strata.hive.it;

import io.strata.catalog.Tables;
import io.strata.fs.FileIO;
import io.strata.table.Table;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The tables Apache Paimon 1.4.2 wrote (core's test resources {@code fixtures/paimon-1.4.2}, located by the
 * system property {@code strata.paimon.fixtures} that this module's pom sets), copied before a test uses
 * them so that nothing a test does changes the shared files.
 */
final class FixtureTables {

    private FixtureTables() {}

    /** Copies fixture table {@code name} to {@code directory/name} and loads the copy. */
    static Table copy(String name, Path directory) {
        Path source = Path.of(System.getProperty("strata.paimon.fixtures")).resolve(name);
        Path target = directory.resolve(name);
        try (Stream<Path> files = Files.walk(source)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Path to = target.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Could not copy fixture table " + source + " to " + target, e);
        }
        return Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(target.toUri()));
    }
}
