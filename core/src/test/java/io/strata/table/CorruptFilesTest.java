package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A truncated or corrupt metadata or data file fails the read with an error naming that file. */
class CorruptFilesTest {

    @TempDir
    Path dir;

    private Table table(String format) throws Exception {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
        catalog.createDatabase("db", true);
        Table table = catalog.createTable(Identifier.of("db", "t"), Schema.newBuilder()
                .column("k", DataTypes.INT()).column("v", DataTypes.STRING())
                .primaryKey("k").option("bucket", "1").option("file.format", format).build(), false);
        for (int c = 0; c < 2; c++) {
            try (BatchWrite w = table.newBatchWrite()) {
                for (int i = 0; i < 100; i++) {
                    w.write(GenericRow.of(i, Utf8String.fromString("value-" + c + "-" + i)));
                }
                w.commit();
            }
        }
        return table;
    }

    private Path find(String prefix) throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            List<Path> found = files.filter(p -> p.getFileName().toString().startsWith(prefix))
                    .filter(Files::isRegularFile).sorted().toList();
            assertThat(found).as("files named %s*", prefix).isNotEmpty();
            return found.get(found.size() - 1);
        }
    }

    @ParameterizedTest
    @CsvSource({
        "snapshot-2,truncate", "snapshot-2,garbage",
        "manifest-list-,truncate", "manifest-list-,garbage",
        "manifest-,truncate", "manifest-,garbage",
        "data-,truncate", "data-,garbage"})
    void readFailsNamingTheFile(String prefix, String damage) throws Exception {
        for (String format : List.of("orc", "parquet")) {
            deleteAll();
            Table table = table(format);
            Path victim = switch (prefix) {
                case "manifest-" -> findManifest();
                // The delta list of the latest snapshot: a list every read opens.
                case "manifest-list-" -> find(table.latestSnapshot().orElseThrow().deltaManifestList());
                default -> find(prefix);
            };
            byte[] bytes = Files.readAllBytes(victim);
            if (damage.equals("truncate")) {
                Files.write(victim, java.util.Arrays.copyOf(bytes, bytes.length / 2));
            } else {
                byte[] garbage = bytes.clone();
                for (int i = garbage.length / 4; i < garbage.length; i += 3) {
                    garbage[i] = (byte) (garbage[i] ^ 0x5A);
                }
                Files.write(victim, garbage);
            }
            assertThatThrownBy(() -> TestRows.readAll(table))
                    .as("%s %s (%s)", damage, victim.getFileName(), format)
                    .hasStackTraceContaining(victim.getFileName().toString());
        }
    }

    /**
     * Issue 15, defect 7: a table file replaced by a FIFO used to hang reads and compactions (opening a
     * FIFO waits for a writer). Now both fail at once, naming the file.
     */
    @ParameterizedTest
    @CsvSource({"data-,orc", "data-,parquet", "manifest-,parquet", "snapshot-2,parquet"})
    void aFileReplacedByAFifoFailsReadsAndCompactionsNamingIt(String prefix, String format) throws Exception {
        Table table = table(format);
        Path victim = prefix.equals("manifest-") ? findManifest() : find(prefix);
        Files.delete(victim);
        Process mkfifo = new ProcessBuilder("mkfifo", victim.toString()).redirectErrorStream(true).start();
        assertThat(mkfifo.waitFor()).as("mkfifo exit code").isZero();
        assertThat(Files.isRegularFile(victim)).isFalse();
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            assertThatThrownBy(() -> TestRows.readAll(table))
                    .hasStackTraceContaining(victim.getFileName().toString())
                    .hasStackTraceContaining("FIFO");
            assertThatThrownBy(() -> table.newCompaction().run())
                    .hasStackTraceContaining(victim.getFileName().toString())
                    .hasStackTraceContaining("FIFO");
        });
    }

    private Path findManifest() throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.getFileName().toString().startsWith("manifest-")
                            && !p.getFileName().toString().startsWith("manifest-list-"))
                    .sorted().findFirst().orElseThrow();
        }
    }

    private void deleteAll() throws Exception {
        if (!Files.exists(dir.resolve("db.db"))) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir.resolve("db.db"))) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
