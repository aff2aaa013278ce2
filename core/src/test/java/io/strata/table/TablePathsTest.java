package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.BinaryRowWriter;
import io.strata.data.Utf8String;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

class TablePathsTest {

    @Test
    void partitionDirectoriesAreEscapedAndNullsGoToTheDefaultPartition() {
        RowType partitionType = RowType.of(new DataField(0, "dt", DataTypes.STRING()), new DataField(1, "h", DataTypes.INT()));
        TablePaths paths = new TablePaths(new Path("file:///w/db.db/t"), partitionType, "__DEFAULT_PARTITION__");
        BinaryRowWriter w = new BinaryRowWriter(2);
        w.writeString(0, Utf8String.fromString("a/b=c:d"));
        w.writeInt(1, 7);
        assertThat(paths.bucketDirectory(w.complete(), 3).toString()).isEqualTo("file:/w/db.db/t/dt=a%2Fb%3Dc%3Ad/h=7/bucket-3");
        w.reset();
        w.setNullAt(0);
        w.writeInt(1, 0);
        assertThat(paths.partitionPath(w.complete())).isEqualTo("dt=__DEFAULT_PARTITION__/h=0");
        w.reset();
        w.writeString(0, Utf8String.fromString("  "));
        w.setNullAt(1);
        assertThat(paths.partitionPath(w.complete())).isEqualTo("dt=__DEFAULT_PARTITION__/h=__DEFAULT_PARTITION__");
    }
}
