package io.strata.hive;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.serde2.SerDeException;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorConverters;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hive's map operator reads a row through the table's inspector only when the partition SerDe's inspector
 * equals it; otherwise it copies every column of every row into a new struct first. Two SerDes of one Strata
 * table must therefore give equal inspectors.
 */
class StrataRowInspectorTest {

    @TempDir
    java.nio.file.Path dir;

    private Table table;

    @BeforeEach
    void createTable() {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new Path(dir.toUri()));
        catalog.createDatabase("db", true);
        table = catalog.createTable(Identifier.of("db", "t"), Schema.newBuilder()
                .column("id", DataTypes.BIGINT().withNullable(false))
                .column("Name", DataTypes.STRING())
                .column("amount", DataTypes.DECIMAL(12, 2))
                .column("ts", DataTypes.TIMESTAMP(3))
                .primaryKey("id")
                .option("bucket", "2")
                .build(), false);
    }

    private ObjectInspector inspector(String declaredColumns, String declaredTypes) throws SerDeException {
        Properties props = new Properties();
        props.setProperty(StrataConf.LOCATION, table.location().toString());
        props.setProperty(StrataConf.COLUMNS, declaredColumns);
        if (declaredTypes != null) {
            props.setProperty("columns.types", declaredTypes);
        }
        StrataSerDe serDe = new StrataSerDe();
        serDe.initialize(new Configuration(), props, null);
        return serDe.getObjectInspector();
    }

    @Test
    void twoSerDesOfOneTableConvertRowsByIdentity() throws SerDeException {
        ObjectInspector partition = inspector("", null);
        ObjectInspector table = inspector("", null);

        assertThat(partition).isNotSameAs(table).isEqualTo(table).hasSameHashCodeAs(table);
        assertThat(ObjectInspectorConverters.getConverter(partition, table))
                .isInstanceOf(ObjectInspectorConverters.IdentityConverter.class);
        // What Hive's MapOperator does first: the table's inspector itself, not a settable copy of it.
        assertThat(ObjectInspectorConverters.getConvertedOI(partition, table, null)).isSameAs(table);
    }

    @Test
    void inspectorsOfOtherColumnsDiffer() throws SerDeException {
        ObjectInspector all = inspector("", null);
        ObjectInspector some = inspector("id,amount", "bigint:decimal(12,2)");
        ObjectInspector reordered = inspector("amount,id", "decimal(12,2):bigint");

        assertThat(all).isNotEqualTo(some);
        assertThat(some).isNotEqualTo(reordered);
        assertThat(some).isEqualTo(inspector("id,amount", "bigint:decimal(12,2)"));
        // Hive would convert each row into a settable struct of the other inspector's shape.
        assertThat(ObjectInspectorConverters.getConvertedOI(all, some, null)).isNotSameAs(some);
    }
}
