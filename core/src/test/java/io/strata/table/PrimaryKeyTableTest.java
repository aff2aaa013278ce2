package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.manifest.DataFileMeta;
import io.strata.predicate.PredicateBuilder;
import io.strata.schema.Schema;
import io.strata.snapshot.CommitKind;
import io.strata.snapshot.Snapshot;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Writes and merged reads of primary-key tables against a reference model. */
class PrimaryKeyTableTest {

    @TempDir
    Path dir;

    private FileSystemCatalog catalog() {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
        catalog.createDatabase("db", true);
        return catalog;
    }

    private Table create(String format, int buckets, boolean partitioned, String... extraOptions) {
        Schema.Builder b = Schema.newBuilder()
                .column("p", DataTypes.STRING())
                .column("id", DataTypes.INT())
                .column("name", DataTypes.STRING())
                .column("amount", DataTypes.BIGINT())
                .option("bucket", String.valueOf(buckets))
                .option("file.format", format);
        if (partitioned) {
            b.partitionKeys("p").primaryKey("p", "id");
        } else {
            b.primaryKey("p", "id");
        }
        for (int i = 0; i < extraOptions.length; i += 2) {
            b.option(extraOptions[i], extraOptions[i + 1]);
        }
        return catalog().createTable(Identifier.of("db", "t_" + format + buckets + partitioned), b.build(), false);
    }

    private static GenericRow row(RowKind kind, String p, int id, String name, Long amount) {
        return GenericRow.ofKind(kind, Utf8String.fromString(p), id, name == null ? null : Utf8String.fromString(name), amount);
    }

    @ParameterizedTest
    @CsvSource({"orc,1,true", "orc,3,false", "parquet,2,true", "parquet,1,false"})
    void randomUpsertsAndDeletesMatchAReferenceModel(String format, int buckets, boolean partitioned) throws Exception {
        Table table = create(format, buckets, partitioned);
        RowType type = table.schema().rowType();
        Random random = new Random(42 + buckets);
        Map<String, GenericRow> model = new TreeMap<>();
        List<List<String>> expectedPerSnapshot = new ArrayList<>();
        for (int commit = 0; commit < 6; commit++) {
            try (BatchWrite w = table.newBatchWrite()) {
                for (int i = 0; i < 300; i++) {
                    String p = "p" + random.nextInt(3);
                    int id = random.nextInt(200);
                    String key = p + "/" + id;
                    if (random.nextInt(5) == 0) {
                        GenericRow del = row(RowKind.DELETE, p, id, null, null);
                        w.write(del);
                        model.remove(key);
                    } else {
                        String name = random.nextInt(7) == 0 ? null : "n" + random.nextInt(1000);
                        GenericRow up = row(random.nextBoolean() ? RowKind.INSERT : RowKind.UPDATE_AFTER, p, id, name,
                                random.nextInt(9) == 0 ? null : (long) random.nextInt());
                        w.write(up);
                        model.put(key, row(RowKind.INSERT, p, id, name, up.isNullAt(3) ? null : up.getLong(3)));
                    }
                }
                assertThat(w.commit()).isEqualTo(commit + 1);
            }
            List<String> expected = TestRows.formatAll(new ArrayList<>(model.values()), type);
            expectedPerSnapshot.add(expected);
            assertThat(TestRows.readAll(table)).isEqualTo(expected);
        }
        // Every snapshot still reads as it was (time travel).
        for (int s = 0; s < expectedPerSnapshot.size(); s++) {
            assertThat(TestRows.readAll(table, table.newScan().asOfSnapshot(s + 1).plan()))
                    .as("snapshot %d", s + 1).isEqualTo(expectedPerSnapshot.get(s));
        }
        // Full compaction: same rows, one sorted run at the top level per bucket, a COMPACT snapshot.
        long compacted = table.compactFull();
        Snapshot snapshot = table.snapshots().snapshot(compacted);
        assertThat(snapshot.commitKind()).isEqualTo(CommitKind.COMPACT);
        assertThat(TestRows.readAll(table)).isEqualTo(expectedPerSnapshot.get(5));
        Plan plan = table.newScan().plan();
        for (Split split : plan.splits()) {
            for (DataFileMeta f : split.files()) {
                assertThat(f.level()).isEqualTo(5);
            }
        }
        assertThat(snapshot.totalRecordCount()).isEqualTo(expectedPerSnapshot.get(5).size());
        // Writing after compaction continues the sequence numbers: newer values win over compacted ones.
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(row(RowKind.INSERT, "p0", 1, "after-compaction", 1L));
            w.commit();
        }
        assertThat(TestRows.readAll(table, table.newScan().filter(new PredicateBuilder(type).equal("id", 1))
                        .filter(new PredicateBuilder(type).equal("p", Utf8String.fromString("p0"))).plan()))
                .containsExactly("[p0, 1, after-compaction, 1]");
    }

    @Test
    void projectionFilterAndFileSkipping() throws Exception {
        Table table = create("parquet", 1, true);
        RowType type = table.schema().rowType();
        for (int commit = 0; commit < 4; commit++) {
            try (BatchWrite w = table.newBatchWrite()) {
                for (int id = commit * 100; id < commit * 100 + 100; id++) {
                    w.write(row(RowKind.INSERT, "p" + (id % 2), id, "n" + id, (long) id * 10));
                }
                w.commit();
            }
        }
        PredicateBuilder pb = new PredicateBuilder(type);
        Plan all = table.newScan().plan();
        Plan selective = table.newScan().filter(PredicateBuilder.and(pb.equal("p", Utf8String.fromString("p1")),
                pb.between("id", 120, 130))).select("amount", "id").plan();
        assertThat(files(all)).isEqualTo(8);
        assertThat(files(selective)).as("partition pruning and key-range skipping").isEqualTo(1);
        assertThat(TestRows.readAll(table, selective))
                .containsExactly("[1210, 121]", "[1230, 123]", "[1250, 125]", "[1270, 127]", "[1290, 129]");
    }

    private static int files(Plan plan) {
        return plan.splits().stream().mapToInt(s -> s.files().size()).sum();
    }

    @Test
    void sequenceFieldDecidesTheWinnerOverArrivalOrder() throws Exception {
        Table table = create("orc", 1, false, "sequence.field", "amount");
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(row(RowKind.INSERT, "a", 1, "newest", 30L));
            w.commit();
        }
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(row(RowKind.INSERT, "a", 1, "older-arrives-late", 20L));
            w.write(row(RowKind.INSERT, "a", 2, "x", 5L));
            w.write(row(RowKind.INSERT, "a", 2, "y", 4L));
            w.commit();
        }
        assertThat(TestRows.readAll(table)).containsExactly("[a, 1, newest, 30]", "[a, 2, x, 5]");
    }

    @Test
    void ignoreDeleteKeepsRows() throws Exception {
        Table table = create("parquet", 1, false, "ignore-delete", "true");
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(row(RowKind.INSERT, "a", 1, "kept", 1L));
            w.commit();
        }
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(row(RowKind.DELETE, "a", 1, null, null));
            w.commit();
        }
        assertThat(TestRows.readAll(table)).containsExactly("[a, 1, kept, 1]");
    }

    @Test
    void badRowsAreRejectedNamingTheColumnAndNothingIsCommitted() {
        Table table = create("parquet", 2, true);
        try (BatchWrite w = table.newBatchWrite()) {
            assertThatThrownBy(() -> w.write(GenericRow.of(Utf8String.fromString("a"), null, Utf8String.fromString("x"), 1L)))
                    .hasMessageContaining("'id'");
        }
        assertThat(table.latestSnapshot()).isEmpty();
    }
}
