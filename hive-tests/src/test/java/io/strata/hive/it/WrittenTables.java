package io.strata.hive.it;

import io.strata.catalog.Tables;
import io.strata.snapshot.CommitKind;
import io.strata.table.Table;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a write from Hive left in a Strata table, as the write tests check it: the table reloaded from its
 * files, its latest snapshot's kind, the rows Strata's core reads, the data files on disk.
 */
final class WrittenTables {

    private WrittenTables() {}

    /** The table as its files are now (a {@link Table} caches nothing of its snapshots, its schema may change). */
    static Table reload(Table table) {
        return Tables.load(table.fileIO(), table.location());
    }

    static CommitKind latestKind(Table table) {
        return reload(table).latestSnapshot().orElseThrow().commitKind();
    }

    /** The table's directory on the local file system the tests use. */
    static Path local(Table table) {
        return Path.of(table.location().toUri());
    }

    /** Every data file under the table's partition and bucket directories. */
    static List<Path> dataFiles(Table table) {
        try (Stream<Path> files = Files.walk(local(table))) {
            return files.filter(Files::isRegularFile)
                    .filter(p -> p.getParent().getFileName().toString().startsWith("bucket-"))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The rows Strata's core reads from the latest snapshot, as Hive prints them. */
    static List<String> coreRows(Table table) {
        try {
            return HiveText.lines(reload(table));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
