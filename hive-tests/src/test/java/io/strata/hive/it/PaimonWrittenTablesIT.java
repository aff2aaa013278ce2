package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.table.FileStoreTable;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Tables written by Apache Paimon 1.4.2 itself (primary key in ORC, primary key in Parquet with
 * deletion vectors, append in ORC), queried through HiveQL: Hive returns what core reads, which the
 * core's own tests compare with Paimon's read.
 */
class PaimonWrittenTablesIT {

    private static final EmbeddedHive hive = EmbeddedHive.get();

    @ParameterizedTest
    @CsvSource({"pk_orc, 8", "pk_parquet_dv, 7", "append_orc, 4"})
    void hiveReadsWhatPaimonWrote(String fixture, int expectedRows) throws IOException {
        FileStoreTable table = FixtureTables.copy(fixture, hive.newDirectory("paimon-"));
        hive.query("CREATE EXTERNAL TABLE strata_it.paimon_" + fixture
                + " STORED BY 'io.strata.hive.StrataStorageHandler' LOCATION '" + table.location() + "'");

        List<String> core = HiveText.lines(table);
        assertThat(core).hasSize(expectedRows);
        assertThat(hive.query("SELECT * FROM strata_it.paimon_" + fixture)).containsExactlyInAnyOrderElementsOf(core);
        assertThat(hive.query("SELECT count(*) FROM strata_it.paimon_" + fixture)).containsExactly(String.valueOf(expectedRows));
    }
}
