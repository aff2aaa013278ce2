package io.strata.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.format.FileFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.paimon.CoreOptions;
import org.apache.paimon.statistics.CountsSimpleColStatsCollector;
import org.apache.paimon.statistics.FullSimpleColStatsCollector;
import org.apache.paimon.statistics.NoneSimpleColStatsCollector;
import org.apache.paimon.statistics.SimpleColStatsCollector;
import org.apache.paimon.statistics.TruncateSimpleColStatsCollector;
import org.apache.paimon.utils.StatsCollectorFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The stats mode of every column of a file, and the parsing of modes, against Paimon 1.4.2's own code. */
class StatsOptionsTest {

    /** A primary-key file's columns (as Paimon names them) and an append file's. */
    private static final List<String> PRIMARY_KEY_FILE = List.of(
            "_KEY_id", "_KEY_name", "_SEQUENCE_NUMBER", "_VALUE_KIND", "id", "name", "price", "note", "tags");
    private static final List<String> APPEND_FILE = List.of("id", "name", "price", "rowkind", "note", "tags");

    private static final List<Map<String, String>> OPTION_SETS = List.of(
            Map.of(),
            Map.of("metadata.stats-mode", "none"),
            Map.of("metadata.stats-mode", "COUNTS", "fields.note.stats-mode", "truncate(3)"),
            Map.of("metadata.stats-mode", "full", "metadata.stats-keep-first-n-columns", "2"),
            Map.of("metadata.stats-keep-first-n-columns", "0", "fields.price.stats-mode", "full"),
            Map.of("metadata.stats-keep-first-n-columns", "1", "fields.id.stats-mode", "none",
                    "fields._KEY_name.stats-mode", "counts", "fields._SEQUENCE_NUMBER.stats-mode", "none"),
            Map.of("metadata.stats-keep-first-n-columns", "3", "fields.tags.stats-mode", "Truncate(7)",
                    "metadata.stats-mode", "truncate(5)"),
            Map.of("metadata.stats-keep-first-n-columns", "-4", "metadata.stats-mode", "none",
                    "fields.name.stats-mode", "full"));

    @Test
    void columnModesArePaimons() {
        for (Map<String, String> options : OPTION_SETS) {
            StatsOptions strata = new StatsOptions(options);
            CoreOptions paimon = new CoreOptions(options);
            for (List<String> columns : List.of(PRIMARY_KEY_FILE, APPEND_FILE)) {
                for (String fileMode : List.of(paimon.statsMode(), "counts", "truncate(2)")) {
                    assertThat(strata.columnModes(columns, StatsMode.parse(fileMode), FileFormat.ORC))
                            .as(options + " " + columns + " " + fileMode)
                            .containsExactly(modes(StatsCollectorFactories.createStatsFactories(fileMode, paimon, columns)));
                    assertThat(strata.columnModes(columns, StatsMode.parse(fileMode), FileFormat.PARQUET))
                            .containsExactly(strata.columnModes(columns, StatsMode.parse(fileMode), FileFormat.ORC));
                    assertThat(strata.columnModes(columns, StatsMode.parse(fileMode), FileFormat.AVRO))
                            .as("avro " + options + " " + columns + " " + fileMode)
                            .containsExactly(modes(StatsCollectorFactories.createStatsFactoriesForAvro(fileMode, paimon,
                                    columns)));
                }
            }
        }
    }

    @Test
    void theModeOfAFileDependsOnTableLevelAndChangelog() {
        StatsOptions options = new StatsOptions(Map.of("metadata.stats-mode", "counts",
                "metadata.stats-mode.per.level", "0:none,5:full", "changelog-file.stats-mode", "truncate(3)"));
        assertThat(options.fileMode(false, 0, false)).isEqualTo(StatsMode.COUNTS);
        assertThat(options.fileMode(true, 0, false)).isEqualTo(StatsMode.NONE);
        assertThat(options.fileMode(true, 3, false)).isEqualTo(StatsMode.COUNTS);
        assertThat(options.fileMode(true, 5, false)).isEqualTo(StatsMode.FULL);
        assertThat(options.fileMode(true, 0, true)).isEqualTo(StatsMode.truncate(3));
        assertThat(options.fileMode(true, 5, true)).isEqualTo(StatsMode.truncate(3));
        // Paimon's other map syntax, and no changelog mode: a changelog file takes its level's.
        StatsOptions perKey = new StatsOptions(Map.of("metadata.stats-mode.per.level.5", "full"));
        assertThat(perKey.fileMode(true, 5, true)).isEqualTo(StatsMode.FULL);
        assertThat(perKey.fileMode(true, 4, true)).isEqualTo(StatsMode.truncate(16));
        assertThat(StatsOptions.defaults().denseStore()).isTrue();
        assertThat(StatsOptions.defaults().keepFirstNColumns()).isEqualTo(-1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "NONE", "Counts", "full", "truncate(4)", "TRUNCATE(16)", "truncate(0)",
            "truncate(-1)", "truncate(x)", "truncate( 4)", " full", "fast", "truncate(99999999999)", "truncate(007)", ""})
    void modesParseAsPaimonParsesThem(String text) {
        StatsMode paimon;
        try {
            paimon = mode(SimpleColStatsCollector.from(text).create());
        } catch (IllegalArgumentException e) {
            paimon = null;
        }
        if (paimon == null) {
            assertThatThrownBy(() -> StatsMode.parse(text)).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> TableOptions.validateForRead(Map.of("metadata.stats-mode", text)))
                    .hasMessageContaining("'metadata.stats-mode'").hasMessageContaining("'" + text + "'");
            assertThatThrownBy(() -> TableOptions.validateForRead(Map.of("fields.v.stats-mode", text)))
                    .hasMessageContaining("'fields.v.stats-mode'").hasMessageContaining("'" + text + "'");
        } else {
            assertThat(StatsMode.parse(text)).isEqualTo(paimon);
            assertThat(StatsMode.parse(StatsMode.parse(text).toString())).isEqualTo(paimon);
        }
    }

    private static StatsMode[] modes(SimpleColStatsCollector.Factory[] factories) {
        List<StatsMode> out = new ArrayList<>();
        for (SimpleColStatsCollector.Factory f : factories) {
            out.add(mode(f.create()));
        }
        return out.toArray(StatsMode[]::new);
    }

    private static StatsMode mode(SimpleColStatsCollector collector) {
        if (collector instanceof NoneSimpleColStatsCollector) {
            return StatsMode.NONE;
        }
        if (collector instanceof CountsSimpleColStatsCollector) {
            return StatsMode.COUNTS;
        }
        if (collector instanceof FullSimpleColStatsCollector) {
            return StatsMode.FULL;
        }
        return StatsMode.truncate(((TruncateSimpleColStatsCollector) collector).getLength());
    }
}
