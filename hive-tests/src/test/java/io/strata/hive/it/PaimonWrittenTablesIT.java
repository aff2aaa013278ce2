package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.CloseableIterator;
import io.strata.data.Row;
import io.strata.fs.FileIO;
import io.strata.table.FileStoreTable;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.TableRead;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Tables written by Apache Paimon 1.4.2 itself (primary key in ORC, primary key in Parquet with
 * deletion vectors, append in ORC), queried through HiveQL: Hive returns what core reads, which the
 * core's own tests compare with Paimon's read.
 */
class PaimonWrittenTablesIT {

    private static final EmbeddedHive hive = EmbeddedHive.get();

    @ParameterizedTest
    @CsvSource({"pk_orc, 8", "pk_parquet_dv, 7", "append_orc, 4"})
    void hiveReadsWhatPaimonWrote(String fixture, int expectedRows) throws IOException {
        Path source = Path.of(System.getProperty("strata.paimon.fixtures")).resolve(fixture);
        Path copy = hive.newDirectory("paimon-").resolve(fixture);
        copyTree(source, copy);
        FileStoreTable table = FileStoreTable.load(FileIO.local(), new org.apache.hadoop.fs.Path(copy.toUri()));
        hive.query("CREATE EXTERNAL TABLE strata_it.paimon_" + fixture
                + " STORED BY 'io.strata.hive.StrataStorageHandler' LOCATION '" + table.location() + "'");

        List<String> core = coreRows(table);
        assertThat(core).hasSize(expectedRows);
        assertThat(hive.query("SELECT * FROM strata_it.paimon_" + fixture)).containsExactlyInAnyOrderElementsOf(core);
        assertThat(hive.query("SELECT count(*) FROM strata_it.paimon_" + fixture)).containsExactly(String.valueOf(expectedRows));
    }

    private static List<String> coreRows(FileStoreTable table) throws IOException {
        Plan plan = table.newScan().plan();
        TableRead read = table.newRead(plan);
        List<String> lines = new ArrayList<>();
        for (Split split : plan.splits()) {
            try (CloseableIterator<Row> rows = read.open(split)) {
                while (rows.hasNext()) {
                    lines.add(HiveText.line(rows.next(), plan.readType()));
                }
            }
        }
        return lines;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            files.forEach(p -> {
                try {
                    Path target = to.resolve(from.relativize(p).toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(p, target);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
