package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.Fixtures;
import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.ProjectedRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.predicate.PredicateBuilder;
import io.strata.schema.Schema;
import io.strata.types.DataTypes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Batch reads of splits that need no merge return exactly the rows the merged read returns. */
class SplitBatchesTest {

    @TempDir
    java.nio.file.Path dir;

    private Table create(String name, boolean primaryKey, String format) {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new Path(dir.toUri()));
        catalog.createDatabase("db", true);
        Schema.Builder b = Schema.newBuilder()
                .column("id", DataTypes.INT())
                .column("v", DataTypes.STRING())
                .column("n", DataTypes.BIGINT())
                .option("file.format", format)
                .option("read.batch-size", "100");
        if (primaryKey) {
            b.primaryKey("id").option("bucket", "2");
        } else {
            b.option("bucket", "-1");
        }
        return catalog.createTable(Identifier.of("db", name), b.build(), false);
    }

    /** 1,000 keys; the second commit updates every third key and deletes every seventh. */
    private static void write(Table table) {
        for (int commit = 0; commit < 2; commit++) {
            try (BatchWrite w = table.newBatchWrite()) {
                for (int id = 0; id < 1000; id++) {
                    if (commit == 1 && id % 7 == 0 && !table.schema().primaryKeys().isEmpty()) {
                        w.delete(GenericRow.ofKind(RowKind.DELETE, id, null, null));
                    } else if (commit == 0 || id % 3 == 0) {
                        w.write(GenericRow.of(id, Utf8String.fromString("v" + commit + "-" + id), id * 10L + commit));
                    }
                }
                w.commit();
            }
        }
    }

    /** Every row of every split through {@link TableRead#openBatches}, projected like the plan; null if any split needs a merge. */
    private static List<String> readBatches(Table table, Plan plan) throws IOException {
        List<String> out = new ArrayList<>();
        TableRead read = table.newRead(plan);
        ProjectedRow projected = new ProjectedRow(plan.projection());
        for (Split split : plan.splits()) {
            try (SplitBatches batches = read.openBatches(split)) {
                if (batches == null) {
                    return null;
                }
                while (batches.next()) {
                    assertThat(batches.size()).isPositive().isLessThanOrEqualTo(100);
                    for (int k = 0; k < batches.size(); k++) {
                        out.add(TestRows.format(projected.replace(batches.row(k)), plan.readType()));
                    }
                }
            }
        }
        out.sort(null);
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"orc", "parquet"})
    void compactedPrimaryKeyBucketsReadAsBatches(String format) throws IOException {
        Table table = create("pk", true, format);
        write(table);
        Plan pending = table.newScan().plan();
        assertThat(readBatches(table, pending)).as("two overlapping runs must be merged").isNull();
        table.compactFull();
        Plan plan = table.newScan().plan();
        List<String> merged = TestRows.readAll(table, plan);
        assertThat(merged).hasSize(1000 - 143).contains("[3, v1-3, 31]", "[4, v0-4, 40]").doesNotContain("[7, v0-7, 70]");
        assertThat(readBatches(table, plan)).isEqualTo(merged);
        Plan projected = table.newScan().select("n").filter(new PredicateBuilder(table.schema().rowType()).lessThan("id", 50)).plan();
        assertThat(readBatches(table, projected)).isEqualTo(TestRows.readAll(table, projected)).contains("[31]").hasSize(42);
    }

    @Test
    void appendBucketsReadAsBatchesInCommitOrder() throws IOException {
        Table table = create("events", false, "parquet");
        write(table);
        Plan plan = table.newScan().plan();
        List<String> rows = TestRows.readAll(table, plan);
        // An append table keeps every write: 1,000 rows, then every third key once more.
        assertThat(rows).hasSize(1000 + 334);
        assertThat(readBatches(table, plan)).isEqualTo(rows);
    }

    @Test
    void orcRowGroupsThatCannotMatchTheFilterAreSkipped() throws IOException {
        Table table = create("skips", false, "orc");
        try (BatchWrite w = table.newBatchWrite()) {
            for (int id = 0; id < 60_000; id++) {
                w.write(GenericRow.of(id, Utf8String.fromString("v" + id), (long) id % 1000));
            }
            w.commit();
        }
        PredicateBuilder p = new PredicateBuilder(table.schema().rowType());
        // One key: ORC reads only the 10,000-row group that holds it.
        Plan lookup = table.newScan().filter(p.equal("id", 43_210)).plan();
        assertThat(readBatches(table, lookup)).containsExactly("[43210, v43210, 210]");
        assertThat(rowsDecoded(table, lookup)).isEqualTo(10_000);
        // A disjunction of keys in two groups, and a range within a conjunction with an unpushable part.
        Plan two = table.newScan().filter(PredicateBuilder.or(p.in("id", 5, 59_999), p.equal("id", 31_000))).plan();
        assertThat(readBatches(table, two)).isEqualTo(TestRows.readAll(table, two)).hasSize(3);
        assertThat(rowsDecoded(table, two)).isEqualTo(30_000);
        Plan range = table.newScan().filter(PredicateBuilder.and(p.greaterOrEqual("id", 25_000), p.lessThan("id", 25_100),
                p.equal("v", Utf8String.fromString("v25050")))).plan();
        assertThat(readBatches(table, range)).containsExactly("[25050, v25050, 50]");
        assertThat(rowsDecoded(table, range)).isEqualTo(10_000);
        // Nothing pushable (a string column): every row is decoded.
        Plan strings = table.newScan().filter(p.equal("v", Utf8String.fromString("v7"))).plan();
        assertThat(readBatches(table, strings)).containsExactly("[7, v7, 7]");
        assertThat(rowsDecoded(table, strings)).isEqualTo(60_000);
    }

    /**
     * A read of no field (Hive's {@code count(*)}) decodes nothing: each batch is counted from the file's row
     * count and its deletion vector, and the counts add up to the merged read's rows.
     */
    @ParameterizedTest
    @ValueSource(strings = {"orc", "parquet"})
    void aReadOfNoFieldCountsRowsWithoutDecoding(String format) throws IOException {
        Table pk = create("pk_count", true, format);
        write(pk);
        pk.compactFull();
        assertThat(countWithoutFields(pk)).isEqualTo(1000 - 143);
        assertThat(rowsDecoded(pk, noFields(pk))).isZero();

        Table append = create("append_count", false, format);
        write(append);
        assertThat(countWithoutFields(append)).isEqualTo(1000 + 334);
        assertThat(rowsDecoded(append, noFields(append))).isZero();

        FileIO io = FileIO.local();
        FileSystemCatalog catalog = new FileSystemCatalog(io, new Path(dir.toUri()));
        Table dv = catalog.createTable(Identifier.of("db", "dv_count_" + format), Schema.newBuilder()
                .column("id", DataTypes.INT()).column("v", DataTypes.STRING()).column("n", DataTypes.BIGINT())
                .primaryKey("id").option("bucket", "2").option("file.format", format)
                .option("read.batch-size", "100").option("deletion-vectors.enabled", "true").build(), false);
        write(dv);
        dv.compactFull();
        // A third commit, compacted into vectors: rows of the level-above-0 files are marked deleted, not merged.
        try (BatchWrite w = dv.newBatchWrite()) {
            for (int id = 0; id < 1000; id += 5) {
                w.write(GenericRow.of(id, Utf8String.fromString("again"), 0L));
            }
            w.commit();
        }
        dv.compactFull();
        Plan all = dv.newScan().plan();
        assertThat(countWithoutFields(dv)).isEqualTo(TestRows.readAll(dv, all).size()).isEqualTo(1000 - 143 + 29);
    }

    @Test
    void aReadOfNoFieldCountsPaimonDeletionVectors() throws IOException {
        Table table = Tables.load(FileIO.local(), new Path(Fixtures.paimon142("pk_parquet_dv").toUri()));
        assertThat(countWithoutFields(table)).isEqualTo(TestRows.readAll(table, table.newScan().plan()).size());
    }

    /** The table's latest plan with no field read, as Hive's vectorized reader asks for {@code count(*)}. */
    private static Plan noFields(Table table) {
        Plan plan = table.newScan().plan();
        int[] none = new int[0];
        return new Plan(plan.snapshot(), plan.splits(), none, table.schema().rowType().project(none), null);
    }

    private static long countWithoutFields(Table table) throws IOException {
        Plan plan = noFields(table);
        TableRead read = table.newRead(plan);
        long rows = 0;
        for (Split split : plan.splits()) {
            try (SplitBatches batches = read.openBatches(split)) {
                assertThat(batches).as("a split of a compacted, append or deletion-vector table needs no merge").isNotNull();
                while (batches.next()) {
                    assertThat(batches.size()).isPositive().isLessThanOrEqualTo(batches.batchRows());
                    assertThat(batches.batchRows()).isLessThanOrEqualTo(100);
                    rows += batches.size();
                }
            }
        }
        return rows;
    }

    /**
     * ORC skips row groups of files with a deletion vector too: the rows it returns are placed in the vector by
     * ORC's own row numbers, so a replaced row stays deleted however many groups were skipped before it.
     */
    @Test
    void orcRowGroupsAreSkippedInFilesWithDeletionVectors() throws IOException {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new Path(dir.toUri()));
        catalog.createDatabase("db", true);
        Table table = catalog.createTable(Identifier.of("db", "dv_skips"), Schema.newBuilder()
                .column("id", DataTypes.INT()).column("v", DataTypes.STRING()).column("n", DataTypes.BIGINT())
                .primaryKey("id").option("bucket", "1").option("file.format", "orc")
                .option("deletion-vectors.enabled", "true").build(), false);
        try (BatchWrite w = table.newBatchWrite()) {
            for (int id = 0; id < 60_000; id++) {
                w.write(GenericRow.of(id, Utf8String.fromString("v" + id), (long) id));
            }
            w.commit();
        }
        try (BatchWrite w = table.newBatchWrite()) {
            for (int id : new int[] {5, 43_210, 43_999, 59_999}) {
                w.write(GenericRow.of(id, Utf8String.fromString("new" + id), -1L));
            }
            w.commit();
        }
        Plan all = table.newScan().plan();
        assertThat(all.splits()).hasSize(1);
        assertThat(TestRows.readAll(table, all)).hasSize(60_000).contains("[43210, new43210, -1]")
                .doesNotContain("[43210, v43210, 43210]");
        PredicateBuilder p = new PredicateBuilder(table.schema().rowType());
        Plan lookup = table.newScan().filter(p.equal("id", 43_210)).plan();
        assertThat(readBatches(table, lookup)).containsExactly("[43210, new43210, -1]");
        Plan groups = table.newScan().filter(PredicateBuilder.or(p.in("id", 5, 43_999), p.equal("id", 59_998))).plan();
        assertThat(readBatches(table, groups)).isEqualTo(TestRows.readAll(table, groups))
                .containsExactly("[43999, new43999, -1]", "[5, new5, -1]", "[59998, v59998, 59998]");
        long total = rowsDecoded(table, all);
        assertThat(rowsDecoded(table, lookup)).as("one row group of the big file, and the small file").isLessThan(total / 4);
    }

    /** How many rows the files' batches held, live or not: what the format decoded. */
    private static long rowsDecoded(Table table, Plan plan) throws IOException {
        long rows = 0;
        TableRead read = table.newRead(plan);
        for (Split split : plan.splits()) {
            try (SplitBatches batches = read.openBatches(split)) {
                while (batches.next()) {
                    // Reading on counts every batch the format decoded.
                }
                rows += batches.decodedRows();
            }
        }
        return rows;
    }

    @Test
    void paimonDeletionVectorTableReadsAsBatchesWithItsVectors() throws IOException {
        Table table = Tables.load(FileIO.local(), new Path(Fixtures.paimon142("pk_parquet_dv").toUri()));
        Plan plan = table.newScan().plan();
        assertThat(readBatches(table, plan)).isEqualTo(TestRows.readAll(table, plan)).isNotEmpty();
    }
}
