package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.Fixtures;
import io.strata.catalog.Tables;
import io.strata.data.CloseableIterator;
import io.strata.data.Row;
import io.strata.fs.FileIO;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SplitCodecTest {

    @ParameterizedTest
    @ValueSource(strings = {"pk_orc", "pk_parquet_dv", "append_orc"})
    void splitsRoundTripAndReadTheSameRows(String name) throws Exception {
        Table table = Tables.load(FileIO.local(), new Path(Fixtures.paimon142(name).toUri()));
        Plan plan = table.newScan().plan();
        List<String> direct = TestRows.readAll(table, plan);
        List<String> viaCodec = new ArrayList<>();
        TableRead read = table.newRead(plan);
        for (Split split : plan.splits()) {
            byte[] bytes = SplitCodec.encode(split);
            Split decoded = SplitCodec.decode(bytes);
            assertThat(decoded).isEqualTo(split);
            // A few hundred bytes a file: small enough to ship in every task's configuration.
            assertThat(bytes.length).isLessThan(600 * split.files().size() + 200);
            try (CloseableIterator<Row> rows = read.open(decoded)) {
                while (rows.hasNext()) {
                    viaCodec.add(TestRows.format(rows.next(), plan.readType()));
                }
            }
        }
        viaCodec.sort(null);
        assertThat(viaCodec).isEqualTo(direct);
        if (name.equals("pk_parquet_dv")) {
            assertThat(plan.splits()).anyMatch(s -> !s.deletionIndexFiles().isEmpty());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 5, 40})
    void corruptBytesFailClearly(int cut) throws Exception {
        Table table = Tables.load(FileIO.local(), new Path(Fixtures.paimon142("pk_orc").toUri()));
        byte[] bytes = SplitCodec.encode(table.newScan().plan().splits().get(0));
        byte[] truncated = Arrays.copyOf(bytes, cut);
        assertThatThrownBy(() -> SplitCodec.decode(truncated)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("split");
    }
}
