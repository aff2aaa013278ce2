package io.strata.reliability.badinput;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Every file under a warehouse with a digest of its bytes: equal fingerprints before and after a refused
 * command mean the command changed nothing. The embedded Hive's own directory ({@code .hive}: its Derby
 * metastore, logs and scratch space, which every statement touches) is left out; what Hive registered is
 * compared through Hive itself.
 */
final class WarehouseFingerprint {

    private WarehouseFingerprint() {}

    /** Relative path → SHA-256 of the contents (directories as {@code dir/}). */
    static Map<String, String> of(Path warehouse) {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(warehouse)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                String relative = warehouse.relativize(p).toString().replace('\\', '/');
                if (relative.isEmpty() || relative.equals(".hive") || relative.startsWith(".hive/")) {
                    continue;
                }
                if (Files.isDirectory(p)) {
                    files.put(relative + "/", "");
                } else if (Files.isRegularFile(p)) {
                    files.put(relative, digest(p));
                } else {
                    // A FIFO or socket put there by a damage case: opening it would block.
                    files.put(relative, "special file");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list " + warehouse, e);
        }
        return files;
    }

    private static String digest(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
