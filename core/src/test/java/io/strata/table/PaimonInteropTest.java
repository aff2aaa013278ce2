package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.catalog.Tables;
import io.strata.data.CloseableIterator;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.oracle.PaimonOracle;
import io.strata.oracle.RandomRows;
import io.strata.oracle.Rows;
import io.strata.schema.Schema;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Interop both ways with Apache Paimon 1.4.2: tables Paimon writes read identically by Strata; tables
 * Strata writes read identically by Paimon, which can then write on top and compact them.
 */
class PaimonInteropTest {

    @TempDir
    Path warehouse;

    static Stream<Arguments> layouts() {
        List<Arguments> out = new ArrayList<>();
        for (String format : List.of("orc", "parquet")) {
            out.add(Arguments.of(format, true, true, 3));
            out.add(Arguments.of(format, true, false, 1));
            out.add(Arguments.of(format, false, true, -1));
            out.add(Arguments.of(format, false, false, 2));
        }
        return out.stream();
    }

    /** p (partition), k (key), then one column of every atomic type. */
    private static RowType tableType() {
        List<DataField> fields = new ArrayList<>();
        fields.add(new DataField(0, "p", DataTypes.STRING().withNullable(false)));
        fields.add(new DataField(1, "k", DataTypes.INT().withNullable(false)));
        List<AtomicType> types = RandomRows.atomicTypes();
        for (int i = 0; i < types.size(); i++) {
            fields.add(new DataField(i + 2, "c" + i, types.get(i)));
        }
        // Nested types: ids of nested ROW fields are unique across the table, as Paimon requires.
        int next = fields.size();
        fields.add(new DataField(next++, "arr", DataTypes.ARRAY(DataTypes.INT())));
        fields.add(new DataField(next++, "arr_rows", DataTypes.ARRAY(new RowType(List.of(
                new DataField(1000, "x", DataTypes.INT()), new DataField(1001, "y", DataTypes.STRING()))))));
        fields.add(new DataField(next++, "m", DataTypes.MAP(DataTypes.STRING().withNullable(false), DataTypes.BIGINT())));
        fields.add(new DataField(next++, "r", new RowType(List.of(
                new DataField(1002, "a", DataTypes.DECIMAL(20, 2)),
                new DataField(1003, "b", DataTypes.ARRAY(DataTypes.STRING()))))));
        fields.add(new DataField(next, "ms", new io.strata.types.MultisetType(DataTypes.STRING(), true)));
        return new RowType(fields);
    }

    private static Map<String, String> options(String format, boolean primaryKey, int buckets) {
        Map<String, String> options = new HashMap<>();
        options.put("file.format", format);
        options.put("bucket", String.valueOf(buckets));
        if (!primaryKey && buckets > 0) {
            options.put("bucket-key", "k");
        }
        return options;
    }

    /** Commits of inserts, then (primary-key tables) updates with nulls and deletes of earlier keys. */
    private static List<List<GenericRow>> history(RowType type, boolean primaryKey, boolean partitioned, long seed) {
        return history(type, primaryKey, partitioned, seed, 3);
    }

    /** {@code count} commits of 40 rows: inserts, then (primary-key tables) updates and deletes of earlier keys. */
    static List<List<GenericRow>> history(RowType type, boolean primaryKey, boolean partitioned, long seed, int count) {
        RandomRows random = new RandomRows(seed).fileSafe();
        List<List<GenericRow>> commits = new ArrayList<>();
        Map<String, GenericRow> written = new LinkedHashMap<>();
        for (int c = 0; c < count; c++) {
            List<GenericRow> rows = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                GenericRow row = random.row(type);
                int key = random.random().nextInt(primaryKey ? 60 : 1_000_000);
                row.set(0, Utf8String.fromString(partitioned ? "p" + (key % 3) : "all"));
                row.set(1, key);
                String id = key + "";
                if (primaryKey && c > 0 && written.containsKey(id) && random.random().nextInt(4) == 0) {
                    GenericRow delete = GenericRow.copyOf(written.remove(id), type);
                    delete.setKind(RowKind.DELETE);
                    rows.add(delete);
                    continue;
                }
                if (primaryKey && written.containsKey(id)) {
                    row.setKind(RowKind.UPDATE_AFTER);
                }
                written.put(id, row);
                rows.add(row);
            }
            commits.add(rows);
        }
        return commits;
    }

    private static List<String> strataRows(Table table) throws Exception {
        List<GenericRow> rows = new ArrayList<>();
        Plan plan = table.newScan().plan();
        TableRead read = table.newRead(plan);
        for (Split split : plan.splits()) {
            try (CloseableIterator<Row> it = read.open(split)) {
                while (it.hasNext()) {
                    rows.add(GenericRow.copyOf(it.next(), plan.readType()));
                }
            }
        }
        return Rows.sorted(rows, plan.readType());
    }

    @ParameterizedTest(name = "{0} primaryKey={1} partitioned={2} buckets={3}")
    @MethodSource("layouts")
    void paimonWritesStrataReads(String format, boolean primaryKey, boolean partitioned, int buckets) throws Exception {
        RowType type = tableType();
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "t", type, partitioned ? List.of("p") : List.of(),
                    primaryKey ? List.of("p", "k") : List.of(), options(format, primaryKey, buckets));
            for (List<GenericRow> commit : history(type, primaryKey, partitioned, 7)) {
                paimon.write("db", "t", commit);
                Table table = Tables.load(FileIO.local(),
                        new org.apache.hadoop.fs.Path(paimon.tablePath("db", "t").toUri()));
                assertThat(strataRows(table)).isEqualTo(Rows.sorted(paimon.readAll("db", "t"), type));
            }
        }
    }

    @ParameterizedTest(name = "{0} primaryKey={1} partitioned={2} buckets={3}")
    @MethodSource("layouts")
    void strataWritesPaimonReadsWritesAndCompacts(String format, boolean primaryKey, boolean partitioned, int buckets)
            throws Exception {
        RowType type = tableType();
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()));
        catalog.createDatabase("db", true);
        Schema.Builder schema = Schema.newBuilder();
        for (DataField f : type.fields()) {
            schema.column(f.name(), f.type());
        }
        if (partitioned) {
            schema.partitionKeys("p");
        }
        if (primaryKey) {
            schema.primaryKey("p", "k");
        }
        schema.options(options(format, primaryKey, buckets));
        Table table = catalog.createTable(Identifier.of("db", "t"), schema.build(), false);
        List<List<GenericRow>> history = history(type, primaryKey, partitioned, 11);
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            for (List<GenericRow> commit : history.subList(0, 2)) {
                try (BatchWrite w = table.newBatchWrite()) {
                    for (GenericRow r : commit) {
                        w.write(r);
                    }
                    w.commit();
                }
                assertThat(Rows.sorted(paimon.readAll("db", "t"), type)).isEqualTo(strataRows(table));
            }
            // Paimon writes on top of Strata's files, then compacts them; both still agree.
            paimon.write("db", "t", history.get(2));
            assertThat(strataRows(table)).isEqualTo(Rows.sorted(paimon.readAll("db", "t"), type));
            paimon.compact("db", "t");
            assertThat(strataRows(table)).isEqualTo(Rows.sorted(paimon.readAll("db", "t"), type));
            // And Strata compacts what Paimon wrote.
            table.compactFull();
            assertThat(Rows.sorted(paimon.readAll("db", "t"), type)).isEqualTo(strataRows(table));
        }
    }
}
