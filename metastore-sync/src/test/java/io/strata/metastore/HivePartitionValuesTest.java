package io.strata.metastore;

import static io.strata.types.DataTypes.FIELD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Legacy-named directory values to the text Hive keeps in a partition spec. */
class HivePartitionValuesTest {

    private static final String DEFAULT = "__DEFAULT_PARTITION__";

    private static HivePartitionValues of(io.strata.types.DataType... types) {
        io.strata.types.DataField[] fields = new io.strata.types.DataField[types.length];
        for (int i = 0; i < types.length; i++) {
            fields[i] = FIELD(i, "k" + i, types[i]);
        }
        return new HivePartitionValues(RowType.of(fields), DEFAULT);
    }

    @Test
    void aDateDirectoryHoldsTheDayNumberAndHiveGetsTheDate() {
        int day = (int) LocalDate.of(2024, 1, 1).toEpochDay();
        assertThat(day).isEqualTo(19723);
        assertThat(of(DataTypes.DATE()).of(List.of("19723"))).containsExactly("2024-01-01");
        assertThat(of(DataTypes.DATE()).of(List.of("-1"))).containsExactly("1969-12-31");
        assertThat(of(DataTypes.DATE()).ofPath("dt=19723")).containsExactly("2024-01-01");
    }

    @Test
    void timestampsGetHivesTextWithSecondsAndATrimmedFraction() {
        HivePartitionValues ts = of(DataTypes.TIMESTAMP(6));
        assertThat(ts.of(List.of("2024-01-01T10:00"))).containsExactly("2024-01-01 10:00:00");
        assertThat(ts.of(List.of("2024-01-01T10:00:05.120"))).containsExactly("2024-01-01 10:00:05.12");
        assertThat(ts.of(List.of("2024-01-01T00:00:00.000001"))).containsExactly("2024-01-01 00:00:00.000001");
        // The directory escapes ':' (%3A) as Hive does.
        assertThat(ts.ofPath("ts=2024-01-01T10%3A00%3A05")).containsExactly("2024-01-01 10:00:05");
        assertThat(of(DataTypes.TIMESTAMP_LTZ(3)).of(List.of("2024-01-01T10:00"))).containsExactly("2024-01-01 10:00:00");
    }

    @Test
    void otherTypesKeepTheirTextOrHivesCanonicalForm() {
        HivePartitionValues mixed = of(DataTypes.BOOLEAN(), DataTypes.DECIMAL(10, 2), DataTypes.DECIMAL(10, 2),
                DataTypes.INT(), DataTypes.STRING(), DataTypes.TIME(3), DataTypes.DOUBLE());
        assertThat(mixed.of(List.of("true", "1.50", "100.00", "-7", "a b", "36000000", "1.5")))
                .containsExactly("true", "1.5", "100", "-7", "a b", "10:00", "1.5");
    }

    @Test
    void nullAndBlankAreTheDefaultPartitionName() {
        HivePartitionValues values = of(DataTypes.DATE(), DataTypes.STRING());
        assertThat(values.of(Arrays.asList(DEFAULT, DEFAULT))).containsExactly(DEFAULT, DEFAULT);
        assertThat(values.of(Arrays.asList(null, " "))).containsExactly(DEFAULT, DEFAULT);
        assertThat(values.ofPath("dt=__DEFAULT_PARTITION__/s=x%2Fy")).containsExactly(DEFAULT, "x/y");
    }

    @Test
    void aDirectoryValueThatIsNotOfTheKeysTypeIsNamed() {
        assertThatThrownBy(() -> of(DataTypes.DATE()).ofPath("k0=2024-01-01"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("k0").hasMessageContaining("'2024-01-01'").hasMessageContaining("DATE");
        assertThatThrownBy(() -> of(DataTypes.DATE(), DataTypes.INT()).ofPath("k0=1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[k0, k1]");
    }
}
