package io.strata.hive.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.SubStructObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
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

    /**
     * A mixed clause {@code PARTITION (dt='2024-01-01', region, h)}: the path names dt only; region and h come
     * from the row, after the columns Hive shows the SerDe, read through the inspector of the whole row.
     */
    @Test
    void dynamicValuesAreReadFromTheRowAfterTheShownColumns() {
        Map<Integer, Object> named = VALUES.named(new Path("/lake/events/dt=2024-01-01"));
        assertThat(named).containsOnlyKeys(1);
        List<Integer> dynamic = VALUES.dynamic(named);
        assertThat(dynamic).containsExactly(2, 3);

        StructObjectInspector whole = ObjectInspectorFactory.getStandardStructObjectInspector(
                List.of("_col0", "_col1", "_col2"), List.of(PrimitiveObjectInspectorFactory.writableIntObjectInspector,
                        PrimitiveObjectInspectorFactory.writableStringObjectInspector,
                        PrimitiveObjectInspectorFactory.writableIntObjectInspector));
        StructObjectInspector shown = new SubStructObjectInspector(whole, 0, 1);
        Object[] hiveRow = {new IntWritable(5), new Text("eu"), new IntWritable(7)};
        DynamicPartitionValues values = DynamicPartitionValues.of(shown);
        assertThat(values.count()).isEqualTo(2);
        GenericRow row = new GenericRow(4);
        VALUES.fillDynamic(row, dynamic, hiveRow, values);
        assertThat(row.getString(2)).isEqualTo(Utf8String.fromString("eu"));
        assertThat(row.getInt(3)).isEqualTo(7);

        assertThat(DynamicPartitionValues.of(whole)).as("a row shown whole has no hidden values").isNull();
        assertThatThrownBy(() -> VALUES.fillDynamic(new GenericRow(4), dynamic, hiveRow, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("db.events")
                .hasMessageContaining("[region, h]");
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
