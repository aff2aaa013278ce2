package io.strata.hive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table the metastore sync registered as PARTITIONED: Hive's input paths are partition directories,
 * its {@code columns} leave out the partition keys, and the partition's location is what the SerDe
 * gets. The InputFormat finds the table above them, plans it once and keeps exactly the asked partitions.
 */
class PartitionDirectoriesTest {

    @TempDir
    java.nio.file.Path dir;

    private Table table;

    @BeforeEach
    void createTable() {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new Path(dir.toUri()));
        catalog.createDatabase("db", true);
        table = catalog.createTable(Identifier.of("db", "t"), Schema.newBuilder()
                .column("dt", DataTypes.STRING())
                .column("hr", DataTypes.INT())
                .column("v", DataTypes.STRING())
                .partitionKeys("dt", "hr")
                .option("bucket", "-1")
                .build(), false);
        try (BatchWrite w = table.newBatchWrite()) {
            for (int i = 0; i < 12; i++) {
                w.write(GenericRow.of(Utf8String.fromString(i % 2 == 0 ? "2024-01-01" : "a:b"), i % 3,
                        Utf8String.fromString("v" + i)));
            }
            w.commit();
        }
    }

    private Path partition(String relative) {
        return new Path(table.location(), relative);
    }

    private JobConf job(Path... inputs) {
        JobConf job = new JobConf(new Configuration());
        FileInputFormat.setInputPaths(job, inputs);
        return job;
    }

    @Test
    void theTableRootIsTheNearestDirectoryWithASchema() throws IOException {
        Path p = partition("dt=2024-01-01/hr=1");
        assertThat(PartitionDirectories.tableRoot(new Configuration(), p)).isEqualTo(table.location());
        assertThat(PartitionDirectories.tableRoot(new Configuration(), table.location())).isEqualTo(table.location());
        assertThat(PartitionDirectories.tableRoot(new Configuration(), p, java.util.Set.of(table.location())))
                .isEqualTo(table.location());
        // Only partition directories (k=v) lead up to a table: another directory inside it does not.
        Path manifests = new Path(table.location(), "manifest");
        assertThat(PartitionDirectories.tableRoot(new Configuration(), manifests)).isEqualTo(manifests);
        assertThat(PartitionDirectories.relative(table.location(), p)).isEqualTo("dt=2024-01-01/hr=1");
        assertThat(PartitionDirectories.relative(table.location(), table.location())).isEmpty();
        assertThatThrownBy(() -> PartitionDirectories.relative(table.location(), new Path(dir.toUri())))
                .hasMessageContaining(table.location().toString());
    }

    @Test
    void escapedDirectoryValuesReadBack() {
        assertThat(io.strata.table.TablePaths.unescape("a%3Ab")).isEqualTo("a:b");
        assertThat(io.strata.table.TablePaths.unescape("100%")).isEqualTo("100%");
        assertThat(io.strata.table.TablePaths.unescape("plain")).isEqualTo("plain");
    }

    @Test
    void partitionDirectoriesAsInputPathsReadExactlyThosePartitions() throws Exception {
        Path a = partition("dt=2024-01-01/hr=0");
        Path b = partition("dt=a%3Ab/hr=2");
        JobConf job = job(a, b);
        InputSplit[] splits = new StrataInputFormat().getSplits(job, 1);
        assertThat(splits).hasSize(2).allSatisfy(s -> {
            StrataInputSplit split = (StrataInputSplit) s;
            assertThat(split.getPath()).isIn(a, b);
            assertThat(split.tableLocation()).isEqualTo(table.location());
        });

        // As Hive configures the SerDe of a partition: its location, the columns without the keys.
        Properties props = new Properties();
        props.setProperty(StrataConf.LOCATION, a.toString());
        props.setProperty(StrataConf.COLUMNS, "v");
        props.setProperty("columns.types", "string");
        props.setProperty("partition_columns", "dt/hr");
        StrataSerDe serDe = new StrataSerDe();
        serDe.initialize(job, props, null);
        StructObjectInspector inspector = (StructObjectInspector) serDe.getObjectInspector();
        List<? extends StructField> fields = inspector.getAllStructFieldRefs();
        assertThat(fields).extracting(StructField::getFieldName).containsExactly("v");

        List<String> rows = new ArrayList<>();
        for (InputSplit s : splits) {
            RecordReader<NullWritable, Writable> reader = new StrataInputFormat().getRecordReader(s, job, Reporter.NULL);
            StrataRowWritable value = (StrataRowWritable) reader.createValue();
            while (reader.next(reader.createKey(), value)) {
                rows.add(((StrataInputSplit) s).getPath().getParent().getName() + " "
                        + inspector.getStructFieldData(serDe.deserialize(value), fields.get(0)));
            }
            reader.close();
        }
        // dt=2024-01-01: even i; hr=0: i % 3 == 0 -> 0, 6. dt=a:b: odd i; hr=2 -> 5, 11.
        assertThat(rows).containsExactlyInAnyOrder("dt=2024-01-01 v0", "dt=2024-01-01 v6", "dt=a%3Ab v5", "dt=a%3Ab v11");
    }

    @Test
    void thePartitionPredicateNarrowsPlanningToTheAskedPartitions() {
        var predicate = PartitionDirectories.predicate(table.schema(), List.of("dt=2024-01-01/hr=0"));
        assertThat(predicate).isNotNull();
        assertThat(table.newScan().filter(predicate).plan().splits())
                .allSatisfy(s -> assertThat(PartitionDirectories.of(table, s)).isEqualTo("dt=2024-01-01/hr=0"));
        // The default partition name stands for null or blank: left open, never a wrong literal.
        assertThat(PartitionDirectories.predicate(table.schema(), List.of("dt=__DEFAULT_PARTITION__/hr=__DEFAULT_PARTITION__")))
                .isNull();
    }

    @Test
    void aDirectoryOutsideAnyTableFailsNamingIt() {
        Path nowhere = new Path(dir.toUri().toString(), "nowhere/dt=1");
        assertThatThrownBy(() -> new StrataInputFormat().getSplits(job(nowhere), 1))
                .isInstanceOf(IOException.class).hasMessageContaining("nowhere/dt=1");
    }
}
