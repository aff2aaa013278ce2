package io.strata.lsm.mergeengine;

import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.INT;
import static io.strata.types.DataTypes.STRING;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The first-row merge engine: the first record of a key wins. Batch reads skip level 0 (Paimon's rule),
 * so Strata equals Paimon after every commit, and both equal the model once everything is compacted.
 * With {@code ignore-delete}, deletes are written and ignored.
 */
class FirstRowMergeEngineTest {

    @TempDir
    Path warehouse;

    static final RowType TYPE = new RowType(List.of(
            FIELD(0, "k", INT().withNullable(false)), FIELD(1, "v", STRING()), FIELD(2, "n", INT())));

    @ParameterizedTest(name = "{0} ignoreDelete={1}")
    @CsvSource({"orc,false", "parquet,false", "orc,true", "parquet,true"})
    void strataReadsLikePaimonAndTheModel(String format, boolean ignoreDelete) throws Exception {
        Map<String, String> options = new HashMap<>();
        options.put("merge-engine", "first-row");
        options.put("bucket", "2");
        options.put("file.format", format);
        if (ignoreDelete) {
            options.put("ignore-delete", "true");
        }
        // Model: the first record of each key, as one +I; deletes change nothing.
        MergeEngineHarness.Model model = records -> {
            for (GenericRow r : records) {
                if (r.kind().isAdd()) {
                    return r;
                }
            }
            return null;
        };
        Random random = new Random(format.hashCode() + (ignoreDelete ? 1 : 0));
        try (MergeEngineHarness h = new MergeEngineHarness(warehouse, "fr", TYPE, 0, options, model)) {
            for (int c = 0; c < 8; c++) {
                List<GenericRow> rows = new ArrayList<>();
                for (int k = 0; k < 40; k++) {
                    if (random.nextInt(3) == 0) {
                        continue;
                    }
                    GenericRow row = GenericRow.of(k, random.nextInt(5) == 0 ? null : Utf8String.fromString("v" + c),
                            random.nextInt(5) == 0 ? null : random.nextInt(100));
                    if (ignoreDelete && random.nextInt(4) == 0) {
                        row.setKind(RowKind.DELETE);
                    }
                    rows.add(row);
                }
                h.write(rows);
                assertThat(h.strataRows()).as("after commit %s", c).isEqualTo(h.paimonRows());
            }
            h.compact();
            assertThat(h.paimonRows()).isEqualTo(h.expected());
            assertThat(h.strataRows()).isEqualTo(h.expected());
            assertThat(h.expected()).hasSizeGreaterThan(30);
        }
    }
}
