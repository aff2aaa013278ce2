package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * HiveQL over an unpartitioned append table in Parquet, written by Strata's core in two commits, on each mode of
 * {@link ExecutionMode#matrix()}.
 */
class StrataAppendTableIT {

    private static EmbeddedHive hive;
    private static final List<String> written = new ArrayList<>();

    @BeforeAll
    static void writeTable() {
        hive = EmbeddedHive.get();
        java.nio.file.Path warehouse = hive.newDirectory("strata-append");
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new Path(warehouse.toUri()));
        catalog.createDatabase("logs", true);
        Table table = catalog.createTable(Identifier.of("logs", "events"), Schema.newBuilder()
                .column("seq", DataTypes.INT())
                .column("kind", DataTypes.STRING())
                .column("parent", DataTypes.INT())
                .option("file.format", "parquet")
                .build(), false);
        for (int commit = 0; commit < 2; commit++) {
            try (BatchWrite w = table.newBatchWrite()) {
                for (int i = commit * 20; i < commit * 20 + 20; i++) {
                    String kind = i % 3 == 0 ? "click" : "view";
                    Integer parent = i == 0 ? null : i / 2;
                    w.write(GenericRow.of(i, Utf8String.fromString(kind), parent));
                    written.add(i + "\t" + kind + "\t" + (parent == null ? "NULL" : parent));
                }
                w.commit();
            }
        }
        hive.query("CREATE EXTERNAL TABLE strata_it.events STORED BY 'io.strata.hive.StrataStorageHandler' LOCATION '"
                + table.location() + "'");
    }

    @Test
    void selectStarOnAFetchTaskReturnsEveryAppendedRow() {
        assertThat(hive.query("SELECT * FROM strata_it.events")).containsExactlyInAnyOrderElementsOf(written);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void selectStarReturnsEveryAppendedRow(ExecutionMode mode) {
        assertThat(hive.query(mode, "SELECT * FROM strata_it.events")).containsExactlyInAnyOrderElementsOf(written);
        PlanAssert.assertThatPlan(hive.lastPlan()).assertStrataScan(mode);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void selfJoinGroupedAndOrdered(ExecutionMode mode) {
        // Each event with its parent's kind: a self-join, GROUP BY and ORDER BY.
        List<String> rows = hive.query(mode, "SELECT p.kind, count(*) FROM strata_it.events c JOIN strata_it.events p"
                + " ON c.parent = p.seq GROUP BY p.kind ORDER BY p.kind");
        long clicks = 0;
        long views = 0;
        for (int i = 1; i < 40; i++) {
            if ((i / 2) % 3 == 0) {
                clicks++;
            } else {
                views++;
            }
        }
        assertThat(rows).containsExactly("click\t" + clicks, "view\t" + views);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void explainShowsTheSnapshotsRowCountWithoutAScan(Engine engine) throws Exception {
        // The engine's plan: Hive 4.1 on Tez prints no statistics for a plan that is only a fetch task.
        assertThat(hive.run(ExecutionMode.of(engine, true), "EXPLAIN SELECT * FROM strata_it.events"))
                .anyMatch(l -> l.contains("Num rows: 40 "));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void orderByWithLimit(ExecutionMode mode) {
        assertThat(hive.query(mode, "SELECT seq FROM strata_it.events WHERE kind = 'click' ORDER BY seq DESC LIMIT 3"))
                .containsExactly("39", "36", "33");
    }
}
