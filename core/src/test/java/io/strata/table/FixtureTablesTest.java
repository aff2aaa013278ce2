package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.Fixtures;
import io.strata.catalog.Tables;
import io.strata.fs.FileIO;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The tables Apache Paimon 1.4.2 wrote read exactly as Paimon read them back (expected.txt). */
class FixtureTablesTest {

    /** The rows of expected.txt per table, as {@code [a, b, ...]}. */
    private static Map<String, List<String>> expected() throws Exception {
        Map<String, List<String>> out = new LinkedHashMap<>();
        List<String> current = null;
        for (String line : Files.readAllLines(Fixtures.paimon142("expected.txt"))) {
            if (line.startsWith("=== READ BACK ")) {
                current = new ArrayList<>();
                out.put(line.substring("=== READ BACK ".length()).split(" ")[0], current);
            } else if (line.startsWith("+I ") && current != null) {
                current.add("[" + line.substring(3) + "]");
            }
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"pk_orc", "pk_parquet_dv", "append_orc"})
    void readsAsPaimonDid(String name) throws Exception {
        Table table = Tables.load(FileIO.local(), new Path(Fixtures.paimon142(name).toUri()));
        List<String> want = new ArrayList<>(expected().get(name));
        want.sort(null);
        assertThat(TestRows.readAll(table)).isEqualTo(want);
    }
}
