package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.oracle.PaimonOracle;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Postpone-bucket tables ({@code bucket = -2}, Paimon 1.1+) with Apache Paimon 1.4.2 as the oracle: Strata reads
 * what Paimon reads (rows in real buckets, each partition with its own bucket count), not the rows still waiting
 * in {@code bucket-postpone}; it refuses to write them, naming the option, and its maintenance keeps the waiting
 * files.
 */
class PostponeBucketPaimonInteropTest {

    @TempDir
    Path warehouse;

    static final RowType TYPE = new RowType(List.of(
            new DataField(0, "p", DataTypes.STRING().withNullable(false)),
            new DataField(1, "id", DataTypes.INT().withNullable(false)),
            new DataField(2, "name", DataTypes.STRING())));

    static GenericRow row(RowKind kind, String p, int id, String name) {
        GenericRow r = GenericRow.of(Utf8String.fromString(p), id, Utf8String.fromString(name));
        r.setKind(kind);
        return r;
    }

    @Test
    void strataReadsWhatPaimonReadsAndRefusesToWrite() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"),
                    Map.of("bucket", "-2", "file.format", "parquet"));
            // Partition a in 2 buckets, b in 3: the batch writes Flink makes; then an update of a.
            paimon.writePostponeTableIntoBuckets("db", "t", List.of(row(RowKind.INSERT, "a", 1, "one"),
                    row(RowKind.INSERT, "a", 2, "two"), row(RowKind.INSERT, "a", 3, "three")), 2);
            paimon.writePostponeTableIntoBuckets("db", "t", List.of(row(RowKind.INSERT, "b", 1, "uno"),
                    row(RowKind.INSERT, "b", 2, "dos")), 3);
            paimon.writePostponeTableIntoBuckets("db", "t", List.of(row(RowKind.UPDATE_AFTER, "a", 2, "two'")), 2);
            // A streaming write's rows wait in bucket-postpone: Paimon's batch reads do not see them.
            paimon.write("db", "t", List.of(row(RowKind.INSERT, "a", 9, "waiting"), row(RowKind.DELETE, "a", 1, "one")));
            Path postponed = paimon.tablePath("db", "t").resolve("p=a").resolve("bucket-postpone");
            assertThat(postponed).isDirectory();

            Table table = Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(paimon.tablePath("db", "t").toUri()));
            List<String> paimonRows = TestRows.formatAll(paimon.readAll("db", "t"), TYPE);
            assertThat(paimonRows).containsExactly("[a, 1, one]", "[a, 2, two']", "[a, 3, three]", "[b, 1, uno]",
                    "[b, 2, dos]");
            assertThat(TestRows.readAll(table)).isEqualTo(paimonRows);

            long before = table.latestSnapshot().orElseThrow().id();
            assertThatThrownBy(table::newBatchWrite).hasMessageContaining("'bucket' = '-2'")
                    .hasMessageContaining("postpone");
            assertThatThrownBy(() -> table.newCompaction().full().run()).hasMessageContaining("'bucket' = '-2'");
            assertThat(table.latestSnapshot().orElseThrow().id()).isEqualTo(before);
            // Orphan-file removal sees the waiting files as the table's: nothing to delete.
            Thread.sleep(20);
            assertThat(table.removeOrphanFiles().olderThan(java.time.Instant.now().minusMillis(5)).list()).isEmpty();
            try (Stream<Path> files = Files.list(postponed)) {
                assertThat(files.filter(f -> f.getFileName().toString().startsWith("data-")).count()).isPositive();
            }
        }
    }
}
