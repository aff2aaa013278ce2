package io.strata.reliability.badinput;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A warehouse of its own for one bad-input kind (a copy of the catalogue's template), a directory for input
 * files beside it, and the ways a disk can damage a table file.
 */
final class Workspace {

    private final Path warehouse;
    private final Path inputs;

    Workspace(Path warehouse, Path inputs) {
        this.warehouse = warehouse;
        this.inputs = inputs;
    }

    Path warehouse() {
        return warehouse;
    }

    Path inputs() {
        return inputs;
    }

    /** Writes an input file (outside the warehouse). */
    void input(String name, byte[] bytes) throws IOException {
        Files.createDirectories(inputs);
        Files.write(inputs.resolve(name), bytes);
    }

    void input(String name, String text) throws IOException {
        input(name, text.getBytes(StandardCharsets.UTF_8));
    }

    /** The directory of table {@code db.name}. */
    Path table(String qualifiedName) {
        String[] parts = qualifiedName.split("\\.");
        return warehouse.resolve(parts[0] + ".db").resolve(parts[1]);
    }

    /** The newest snapshot file of a table. */
    Path latestSnapshot(String table) throws IOException {
        return newest(table(table).resolve("snapshot"), "snapshot-");
    }

    Path schemaFile(String table) throws IOException {
        return newest(table(table).resolve("schema"), "schema-");
    }

    /** The delta manifest list of the table's newest snapshot (what every read of that snapshot opens). */
    Path manifestList(String table) throws IOException {
        String name = new com.fasterxml.jackson.databind.ObjectMapper().readTree(latestSnapshot(table).toFile())
                .path("deltaManifestList").asText();
        return table(table).resolve("manifest").resolve(name);
    }

    /**
     * A manifest (not a manifest list) of the table: the template's tables had too few commits for manifests to be
     * merged, so the newest snapshot still references every one.
     */
    Path manifest(String table) throws IOException {
        try (Stream<Path> files = Files.list(table(table).resolve("manifest"))) {
            return files.filter(p -> p.getFileName().toString().startsWith("manifest-")
                            && !p.getFileName().toString().startsWith("manifest-list-"))
                    .min(Comparator.naturalOrder()).orElseThrow();
        }
    }

    /** A data file of the table (the template's tables have no compacted or deleted file yet: all are live). */
    Path dataFile(String table) throws IOException {
        try (Stream<Path> walk = Files.walk(table(table))) {
            return walk.filter(p -> p.getFileName().toString().startsWith("data-"))
                    .min(Comparator.naturalOrder()).orElseThrow();
        }
    }

    /** Keeps the first {@code keep} bytes of a file. */
    static String truncate(Path file, long keep) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(keep);
        }
        return file.getFileName().toString();
    }

    /** Keeps the first half of a file, as a write cut short would. */
    static String truncateHalf(Path file) throws IOException {
        return truncate(file, Files.size(file) / 2);
    }

    /** Inverts four bytes at {@code fraction} of the file's length: what a bad disk sector or cable does. */
    static String flip(Path file, double fraction) throws IOException {
        return flipAt(file, (long) (Files.size(file) * fraction));
    }

    private static String flipAt(Path file, long at) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            byte[] bytes = new byte[4];
            f.seek(at);
            f.readFully(bytes);
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) ~bytes[i];
            }
            f.seek(at);
            f.write(bytes);
        }
        return file.getFileName().toString();
    }

    /**
     * Inverts four bytes in the middle of the data streams of an ORC file's first stripe (past its row indexes,
     * which only skipping reads, so that the values themselves change).
     */
    static String flipOrcStripeData(Path file) throws IOException {
        org.apache.orc.StripeInformation stripe;
        try (org.apache.orc.Reader reader = org.apache.orc.OrcFile.createReader(
                new org.apache.hadoop.fs.Path(file.toUri()),
                org.apache.orc.OrcFile.readerOptions(new org.apache.hadoop.conf.Configuration()))) {
            stripe = reader.getStripes().get(0);
        }
        long at = stripe.getOffset() + stripe.getIndexLength() + stripe.getDataLength() / 2;
        return flipAt(file, at);
    }

    /** Replaces a file by one holding {@code text}. */
    static String overwrite(Path file, String text) throws IOException {
        Files.writeString(file, text);
        return file.getFileName().toString();
    }

    /** Replaces a file by a named pipe, which blocks whoever opens it for reading until a writer comes. */
    static String replaceWithFifo(Path file) throws IOException, InterruptedException {
        Files.delete(file);
        Process mkfifo = new ProcessBuilder(List.of("mkfifo", file.toString())).inheritIO().start();
        if (mkfifo.waitFor() != 0) {
            throw new IOException("mkfifo " + file + " failed");
        }
        return file.getFileName().toString();
    }

    private static Path newest(Path dir, String prefix) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().startsWith(prefix))
                    .max(Comparator.comparingLong(p -> Long.parseLong(
                            p.getFileName().toString().substring(prefix.length()))))
                    .orElseThrow();
        }
    }
}
