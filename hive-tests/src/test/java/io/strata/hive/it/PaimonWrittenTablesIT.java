package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.table.Table;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Tables written by Apache Paimon 1.4.2 itself (primary key in ORC, primary key in Parquet with
 * deletion vectors, append in ORC), queried through HiveQL on each mode of {@link ExecutionMode#matrix()}: Hive returns
 * what core reads, which the core's own tests compare with Paimon's read.
 */
class PaimonWrittenTablesIT {

    private static final Map<String, Integer> FIXTURES = Map.of("pk_orc", 8, "pk_parquet_dv", 7, "append_orc", 4);

    private static final EmbeddedHive hive = EmbeddedHive.get();
    /** Core's rows per fixture: the tables are registered once for the whole matrix. */
    private static final Map<String, List<String>> coreRows = new HashMap<>();

    @BeforeAll
    static void registerFixtures() throws IOException {
        for (String fixture : FIXTURES.keySet()) {
            Table table = FixtureTables.copy(fixture, hive.newDirectory("paimon-"));
            hive.query("CREATE EXTERNAL TABLE strata_it.paimon_" + fixture
                    + " STORED BY 'io.strata.hive.StrataStorageHandler' LOCATION '" + table.location() + "'");
            coreRows.put(fixture, HiveText.lines(table));
        }
    }

    static Stream<Arguments> fixturesOnEachMode() {
        List<Arguments> cases = new ArrayList<>();
        for (String fixture : List.of("pk_orc", "pk_parquet_dv", "append_orc")) {
            for (ExecutionMode mode : ExecutionMode.matrix()) {
                cases.add(Arguments.of(fixture, mode));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("fixturesOnEachMode")
    void hiveReadsWhatPaimonWrote(String fixture, ExecutionMode mode) {
        int expectedRows = FIXTURES.get(fixture);
        List<String> core = coreRows.get(fixture);
        assertThat(core).hasSize(expectedRows);
        assertThat(hive.query(mode, "SELECT * FROM strata_it.paimon_" + fixture)).containsExactlyInAnyOrderElementsOf(core);
        PlanAssert.assertThatPlan(hive.lastPlan()).assertStrataScan(mode);
        assertThat(hive.query(mode, "SELECT count(*) FROM strata_it.paimon_" + fixture)).containsExactly(String.valueOf(expectedRows));
    }
}
