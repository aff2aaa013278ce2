package io.strata.hive.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.data.Utf8String;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/** The partition values Hive names in the path of a write into a table partitioned in the metastore. */
class PartitionValuesTest {

    private static final RowType TABLE = RowType.of(new DataField(0, "id", DataTypes.INT()),
            new DataField(1, "dt", DataTypes.DATE()), new DataField(2, "region", DataTypes.STRING()),
            new DataField(3, "h", DataTypes.INT()));
    private static final PartitionValues VALUES = new PartitionValues(TABLE, List.of("dt", "region", "h"),
            "__HIVE_DEFAULT_PARTITION__", "db.events");

    @Test
    void valuesAreReadFromThePathAsTheColumnsTypes() {
        // A static partition's directory under the table, and a dynamic one under Hive's staging directory.
        Path path = new Path("hdfs://nn/lake/events/dt=2024-02-29/.hive-staging_1/-ext-10000/region=eu%2Fwest/h=07/000000_0");
        Map<Integer, Object> values = VALUES.of(path);
        assertThat(values).containsEntry(1, (int) LocalDate.of(2024, 2, 29).toEpochDay())
                .containsEntry(2, Utf8String.fromString("eu/west")).containsEntry(3, 7);
    }

    @Test
    void theDefaultPartitionIsNullAndTheLastDirectoryOfAColumnWins() {
        Path path = new Path("/lake/events/h=1/tmp/dt=2024-01-01/region=__HIVE_DEFAULT_PARTITION__/h=2/000000_0");
        assertThat(VALUES.of(path)).containsEntry(2, null).containsEntry(3, 2);
    }

    @Test
    void aMissingColumnOrAValueOfAnotherTypeFailsNamingTableAndColumn() {
        assertThatThrownBy(() -> VALUES.of(new Path("/lake/events/dt=2024-01-01/h=3/000000_0")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("db.events")
                .hasMessageContaining("'region'");
        assertThatThrownBy(() -> VALUES.of(new Path("/lake/events/dt=2024-01-01/region=eu/h=seven/000000_0")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("db.events")
                .hasMessageContaining("'seven' is not a value of partition column 'h'");
    }
}
