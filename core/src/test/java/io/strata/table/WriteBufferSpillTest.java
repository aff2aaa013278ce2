package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.Decimal;
import io.strata.data.GenericArray;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.manifest.ManifestEntry;
import io.strata.oracle.PaimonOracle;
import io.strata.schema.Schema;
import io.strata.table.store.TableStore;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Writes through a tiny {@code write-buffer-size}, so the writer's buffers spill (or flush) many times,
 * and checks the table against a reference model and Apache Paimon's read, the level-0 files written,
 * and that no spill file outlives a write, committed, aborted or failed.
 */
class WriteBufferSpillTest {

    private static final Path TMP = Path.of(System.getProperty("java.io.tmpdir"));

    @TempDir
    Path dir;

    @AfterEach
    void noMoreFaults() {
        FaultInjectingFileSystem.failAtCreate(0);
    }

    private Table create(FileSystemCatalog catalog, String format, String... options) {
        catalog.createDatabase("db", true);
        Schema.Builder b = Schema.newBuilder()
                .column("k", DataTypes.BIGINT().withNullable(false))
                .column("name", DataTypes.STRING())
                .column("amount", DataTypes.DECIMAL(20, 2))
                .column("ts", DataTypes.TIMESTAMP(6))
                .column("tags", DataTypes.ARRAY(DataTypes.STRING()))
                .primaryKey("k")
                .option("bucket", "2")
                .option("file.format", format)
                .option("write-buffer-size", "16 kb");
        for (int i = 0; i < options.length; i += 2) {
            b.option(options[i], options[i + 1]);
        }
        return catalog.createTable(Identifier.of("db", "t"), b.build(), false);
    }

    private FileSystemCatalog catalog() {
        return new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
    }

    private static GenericRow randomRow(Random random, long key) {
        return GenericRow.of(key,
                random.nextInt(8) == 0 ? null : Utf8String.fromString("name-" + random.nextInt(1_000_000)),
                Decimal.fromUnscaledLong(random.nextInt(), 20, 2),
                Timestamp.of(1_700_000_000_000L + random.nextInt(1_000_000), random.nextInt(1000) * 1000),
                random.nextInt(5) == 0 ? null : new GenericArray(new Object[] {
                        Utf8String.fromString("t" + random.nextInt(10)), null}));
    }

    /** Spill directories currently in the temp directory. */
    private static Set<Path> spillDirectories() throws IOException {
        if (!Files.isDirectory(TMP)) {
            return Set.of();
        }
        try (Stream<Path> entries = Files.list(TMP)) {
            return entries.filter(p -> p.getFileName().toString().startsWith("strata-spill-")).collect(Collectors.toSet());
        }
    }

    private static long filesIn(Set<Path> directories) throws IOException {
        long n = 0;
        for (Path d : directories) {
            try (Stream<Path> files = Files.list(d)) {
                n += files.count();
            }
        }
        return n;
    }

    @ParameterizedTest
    @CsvSource({"orc,true", "parquet,true", "orc,false", "parquet,false"})
    void aTinyBufferGivesTheTableOfTheModelAndOfPaimonsRead(String format, boolean spillable) throws Exception {
        Table table = create(catalog(), format, "write-buffer-spillable", String.valueOf(spillable));
        RowType type = table.schema().rowType();
        Random random = new Random(format.hashCode() + (spillable ? 1 : 0));
        Map<Long, GenericRow> model = new LinkedHashMap<>();
        int commits = 3;
        for (int c = 0; c < commits; c++) {
            Set<Path> before = spillDirectories();
            try (BatchWrite w = table.newBatchWrite()) {
                for (int i = 0; i < 4000; i++) {
                    long key = random.nextInt(3000);
                    if (c > 0 && random.nextInt(7) == 0) {
                        w.delete(GenericRow.of(key, null, null, null, null));
                        model.remove(key);
                    } else {
                        GenericRow row = randomRow(random, key);
                        w.write(row);
                        model.put(key, row);
                    }
                }
                Set<Path> during = new HashSet<>(spillDirectories());
                during.removeAll(before);
                if (spillable) {
                    assertThat(during).as("one spill directory per bucket").hasSize(2);
                    assertThat(filesIn(during)).as("spilled runs").isGreaterThan(4);
                } else {
                    assertThat(during).isEmpty();
                }
                w.commit();
            }
            assertThat(spillDirectories()).as("spill files are deleted by the commit").isEqualTo(before);
        }
        List<String> expected = TestRows.formatAll(new ArrayList<>(model.values()), type);
        assertThat(TestRows.readAll(table)).isEqualTo(expected);
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            assertThat(TestRows.formatAll(paimon.readAll("db", "t"), type)).isEqualTo(expected);
        }
        Map<Integer, Long> filesPerBucket = new LinkedHashMap<>();
        for (ManifestEntry e : TableStore.of(table).snapshotFiles().liveEntries(table.latestSnapshot().orElseThrow(), null)) {
            filesPerBucket.merge(e.bucket(), 1L, Long::sum);
        }
        if (spillable) {
            // Spilled runs are merged into one level-0 file per bucket and commit.
            assertThat(filesPerBucket).containsOnlyKeys(0, 1).allSatisfy((b, n) -> assertThat(n).isEqualTo(commits));
        } else {
            // Each time the buffer fills, a bucket flushes a level-0 file.
            assertThat(filesPerBucket.values()).allSatisfy(n -> assertThat(n).isGreaterThan(commits * 2L));
        }
    }

    @Test
    void anAbortedWriteLeavesNoSpillFiles() throws Exception {
        Table table = create(catalog(), "parquet");
        Set<Path> before = spillDirectories();
        Random random = new Random(5);
        try (BatchWrite w = table.newBatchWrite()) {
            for (int i = 0; i < 3000; i++) {
                w.write(randomRow(random, i));
            }
            assertThat(spillDirectories()).hasSizeGreaterThan(before.size());
        }
        assertThat(spillDirectories()).isEqualTo(before);
        assertThat(table.latestSnapshot()).isEmpty();
    }

    @Test
    void aWriteWhoseFlushFailsLeavesNoSpillFiles() throws Exception {
        Configuration conf = new Configuration();
        conf.set("fs.faulty.impl", FaultInjectingFileSystem.class.getName());
        conf.setBoolean("fs.faulty.impl.disable.cache", true);
        FileSystemCatalog faulty = new FileSystemCatalog(new FileIO(conf), new org.apache.hadoop.fs.Path("faulty://" + dir));
        Table table = create(faulty, "orc");
        Set<Path> before = spillDirectories();
        Random random = new Random(6);
        try (BatchWrite w = table.newBatchWrite()) {
            for (int i = 0; i < 3000; i++) {
                w.write(randomRow(random, i));
            }
            assertThat(spillDirectories()).hasSizeGreaterThan(before.size());
            FaultInjectingFileSystem.failAtCreate(2); // the second bucket's level-0 file
            assertThatThrownBy(w::commit).hasStackTraceContaining("Injected failure");
        }
        assertThat(spillDirectories()).isEqualTo(before);
        assertThat(table.latestSnapshot()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"write-buffer-size=0", "write-buffer-size=-1 mb", "write-buffer-size=lots",
            "write-buffer-spillable=maybe"})
    void badOptionValuesFailNamingTheOption(String setting) {
        String[] kv = setting.split("=");
        assertThatThrownBy(() -> {
            Table table = create(catalog(), "orc", kv[0], kv[1]);
            table.newBatchWrite().close();
        }).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'" + kv[0] + "'")
                .hasMessageContaining(kv[1]);
    }
}
