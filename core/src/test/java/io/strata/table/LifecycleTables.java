package io.strata.table;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.types.DataTypes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Tables for the snapshot lifecycle tests: a partitioned primary-key table in {@code <warehouse>/db.db/<name>}. */
final class LifecycleTables {

    private LifecycleTables() {}

    static Table create(Path warehouse, String name, String... options) {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), hadoop(warehouse));
        catalog.createDatabase("db", true);
        Schema.Builder b = Schema.newBuilder()
                .column("p", DataTypes.STRING())
                .column("id", DataTypes.INT())
                .column("v", DataTypes.STRING())
                .partitionKeys("p")
                .primaryKey("p", "id")
                .option("bucket", "2")
                .option("file.format", "parquet");
        for (int i = 0; i < options.length; i += 2) {
            b.option(options[i], options[i + 1]);
        }
        return catalog.createTable(Identifier.of("db", name), b.build(), false);
    }

    static Table load(Path tableDir) {
        return Tables.load(FileIO.local(), hadoop(tableDir));
    }

    static org.apache.hadoop.fs.Path hadoop(Path p) {
        return new org.apache.hadoop.fs.Path(p.toUri());
    }

    static Path local(Table table) {
        return Path.of(table.location().toUri());
    }

    /** Commit {@code n}: upserts ids n*3 .. n*3+5 (half of them updates of the previous commit) and deletes id n-1. */
    static void commit(Table table, int n) throws Exception {
        try (BatchWrite w = table.newBatchWrite()) {
            for (int id = n * 3; id < n * 3 + 6; id++) {
                w.write(GenericRow.ofKind(RowKind.INSERT, Utf8String.fromString("p" + (id % 2)), id,
                        Utf8String.fromString("v" + n)));
            }
            if (n > 1) {
                w.write(GenericRow.ofKind(RowKind.DELETE, Utf8String.fromString("p" + ((n - 1) % 2)), n - 1, null));
            }
            w.commit();
        }
    }

    /** Every row of the snapshot, formatted and sorted. */
    static List<String> rowsAt(Table table, long snapshotId) throws IOException {
        return TestRows.readAll(table, table.newScan().asOfSnapshot(snapshotId).plan());
    }

    static List<String> rowsOfTag(Table table, String tag) throws IOException {
        return TestRows.readAll(table, table.newScan().asOfTag(tag).plan());
    }

    /** The rows of every snapshot present, by id. */
    static Map<Long, List<String>> allSnapshots(Table table) throws IOException {
        Map<Long, List<String>> out = new TreeMap<>();
        for (long id : table.snapshots().listIds()) {
            out.put(id, rowsAt(table, id));
        }
        return out;
    }

    /** Every regular file under the table, relative, sorted. */
    static List<String> files(Path tableDir) {
        try (Stream<Path> s = Files.walk(tableDir)) {
            return s.filter(Files::isRegularFile).map(p -> tableDir.relativize(p).toString())
                    .filter(p -> !p.endsWith(".crc")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Data, manifest and index files under the table (what expiration deletes), relative, sorted. */
    static List<String> contentFiles(Path tableDir) {
        List<String> out = new ArrayList<>();
        for (String f : files(tableDir)) {
            if (f.startsWith("manifest/") || f.startsWith("index/") || f.contains("bucket-")) {
                out.add(f);
            }
        }
        return out;
    }

    /** Orphan files, with a clock two days ahead so that every file is old enough. */
    static List<org.apache.hadoop.fs.Path> orphans(Table table) {
        return Tables.load(table.fileIO(), table.location(), Clock.offset(table.clock(), Duration.ofDays(2))).removeOrphanFiles()
                .list();
    }

    static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.sorted(Comparator.naturalOrder()).toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    static void deleteRecursively(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    static void setModified(Path file, Instant time) throws IOException {
        Files.setLastModifiedTime(file, FileTime.from(time));
    }
}
