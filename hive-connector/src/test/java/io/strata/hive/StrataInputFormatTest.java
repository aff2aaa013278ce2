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
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.serde2.ColumnProjectionUtils;
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
 * The InputFormat and SerDe without Hive's planner: splits pin the snapshot they were planned on,
 * survive Hadoop serialization, and read back merged rows through the SerDe's ObjectInspector.
 */
class StrataInputFormatTest {

    @TempDir
    java.nio.file.Path dir;

    private Table table;

    @BeforeEach
    void createTable() {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new Path(dir.toUri()));
        catalog.createDatabase("db", true);
        table = catalog.createTable(Identifier.of("db", "t"), Schema.newBuilder()
                .column("id", DataTypes.INT())
                .column("Name", DataTypes.STRING())
                .primaryKey("id")
                .option("bucket", "2")
                .build(), false);
    }

    private void commit(int from, int to, String version) {
        try (BatchWrite w = table.newBatchWrite()) {
            for (int i = from; i <= to; i++) {
                w.write(GenericRow.of(i, Utf8String.fromString(version + i)));
            }
            w.commit();
        }
    }

    private JobConf job() {
        JobConf job = new JobConf(new Configuration());
        FileInputFormat.setInputPaths(job, new Path(table.location().toString()));
        return job;
    }

    /** Ships each split as Hive does (write, then readFields into a new instance) and reads all rows through the SerDe. */
    private List<String> read(InputSplit[] splits, JobConf job) throws Exception {
        Properties props = new Properties();
        props.setProperty(StrataConf.LOCATION, table.location().toString());
        props.setProperty(StrataConf.COLUMNS, "");
        StrataSerDe serDe = new StrataSerDe();
        serDe.initialize(job, props, null);
        StructObjectInspector inspector = (StructObjectInspector) serDe.getObjectInspector();
        List<? extends StructField> fields = inspector.getAllStructFieldRefs();
        assertThat(fields).extracting(StructField::getFieldName).containsExactly("id", "name");

        List<String> rows = new ArrayList<>();
        for (InputSplit split : splits) {
            StrataInputSplit shipped = ship((StrataInputSplit) split);
            RecordReader<NullWritable, Writable> reader =
                    new StrataInputFormat().getRecordReader(shipped, job, Reporter.NULL);
            StrataRowWritable value = (StrataRowWritable) reader.createValue();
            while (reader.next(reader.createKey(), value)) {
                Object row = serDe.deserialize(value);
                rows.add(inspector.getStructFieldData(row, fields.get(0)) + "=" + inspector.getStructFieldData(row, fields.get(1)));
            }
            reader.close();
        }
        return rows;
    }

    private static StrataInputSplit ship(StrataInputSplit split) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        split.write(new DataOutputStream(bytes));
        StrataInputSplit copy = new StrataInputSplit();
        copy.readFields(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        assertThat(copy.getPath()).isEqualTo(split.getPath());
        assertThat(copy.snapshotId()).isEqualTo(split.snapshotId());
        assertThat(copy.tableLocation()).isEqualTo(split.tableLocation());
        return copy;
    }

    @Test
    void splitsKeepTheSnapshotTheyWerePlannedOnWhileCommitsLand() throws Exception {
        commit(1, 6, "a");
        JobConf job = job();
        InputSplit[] splits = new StrataInputFormat().getSplits(job, 1);
        assertThat(splits).hasSize(2).allSatisfy(s -> {
            assertThat(((StrataInputSplit) s).snapshotId()).isEqualTo(1L);
            assertThat(((StrataInputSplit) s).getPath().toString()).isEqualTo(table.location().toString());
        });

        commit(1, 8, "b"); // lands between planning and reading

        assertThat(read(splits, job)).containsExactlyInAnyOrder("1=a1", "2=a2", "3=a3", "4=a4", "5=a5", "6=a6");
        assertThat(read(new StrataInputFormat().getSplits(job, 1), job)).hasSize(8).contains("1=b1", "8=b8");
    }

    @Test
    void aSessionCanReadAnOlderSnapshot() throws Exception {
        commit(1, 3, "a");
        commit(1, 3, "b");
        JobConf job = job();
        job.set(StrataConf.SCAN_SNAPSHOT_ID, "1");
        assertThat(read(new StrataInputFormat().getSplits(job, 1), job)).containsExactlyInAnyOrder("1=a1", "2=a2", "3=a3");
    }

    @Test
    void anUnknownSnapshotFailsNamingIt() {
        commit(1, 3, "a");
        JobConf job = job();
        job.set(StrataConf.SCAN_SNAPSHOT_ID, "99");
        assertThatThrownBy(() -> new StrataInputFormat().getSplits(job, 1))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Snapshot 99").hasMessageContaining(table.location().toString());
    }

    @Test
    void onlyTheColumnsHiveAsksForAreRead() throws Exception {
        commit(1, 3, "a");
        JobConf job = job();
        job.set("hive.io.file.readcolumn.names", "name");
        job.set("hive.io.file.readcolumn.ids", "1");
        job.setBoolean("hive.io.file.read.all.columns", false);
        // The id column is not read: Hive sees null for it.
        assertThat(read(new StrataInputFormat().getSplits(job, 1), job)).containsExactlyInAnyOrder("null=a1", "null=a2", "null=a3");
    }

    @Test
    void aMissingDataFileFailsTheReadNamingTheFile() throws Exception {
        commit(1, 6, "a");
        JobConf job = job();
        InputSplit[] splits = new StrataInputFormat().getSplits(job, 1);
        StrataInputSplit first = (StrataInputSplit) splits[0];
        String fileName = first.split().files().get(0).fileName();
        java.nio.file.Path file;
        try (var files = java.nio.file.Files.walk(java.nio.file.Path.of(table.location().toUri()))) {
            file = files.filter(p -> p.getFileName().toString().equals(fileName)).findFirst().orElseThrow();
        }
        java.nio.file.Files.delete(file);
        assertThatThrownBy(() -> {
            RecordReader<NullWritable, Writable> reader = new StrataInputFormat().getRecordReader(first, job, Reporter.NULL);
            StrataRowWritable value = (StrataRowWritable) reader.createValue();
            while (reader.next(reader.createKey(), value)) {
                // drain
            }
        }).isInstanceOf(IOException.class).hasMessageContaining(fileName)
                // Hive's fetch task would swallow a FileNotFoundException root cause: there must be none.
                .satisfies(t -> {
                    for (Throwable c = t; c != null; c = c.getCause()) {
                        assertThat(c).isNotInstanceOf(java.io.FileNotFoundException.class);
                    }
                });
    }

    @Test
    void aTableWithoutSnapshotsHasNoSplits() throws Exception {
        assertThat(new StrataInputFormat().getSplits(job(), 1)).isEmpty();
    }

    /** The projection Hive pushes into a job: column ids and names. */
    private static JobConf reading(JobConf job, String ids, String names) {
        job.setBoolean(ColumnProjectionUtils.READ_ALL_COLUMNS, false);
        job.set(ColumnProjectionUtils.READ_COLUMN_IDS_CONF_STR, ids);
        job.set(ColumnProjectionUtils.READ_COLUMN_NAMES_CONF_STR, names);
        return job;
    }

    /**
     * Tez groups splits by their projection size (the bytes a task decodes), as it groups ORC splits: a split
     * weighs its file bytes in proportion of the columns Hive reads, and keeps the figure when shipped.
     */
    @Test
    void splitsWeighTheColumnsHiveReads() throws Exception {
        commit(1, 500, "a");
        JobConf all = job();
        JobConf one = reading(job(), "1", "name");
        JobConf none = reading(job(), "", "");
        InputSplit[] splits = new StrataInputFormat().getSplits(all, 1);
        InputSplit[] nameOnly = new StrataInputFormat().getSplits(one, 1);
        InputSplit[] counted = new StrataInputFormat().getSplits(none, 1);
        assertThat(splits).hasSize(2);
        for (int i = 0; i < splits.length; i++) {
            StrataInputSplit split = (StrataInputSplit) splits[i];
            long length = split.getLength();
            assertThat(length).isPositive();
            assertThat(split.getColumnarProjectionSize()).isBetween(length - 2, length);
            assertThat(((StrataInputSplit) nameOnly[i]).getColumnarProjectionSize()).isBetween(length / 2 - 1, length / 2);
            // count(*) still opens the files: one column's share.
            assertThat(((StrataInputSplit) counted[i]).getColumnarProjectionSize()).isBetween(length / 2 - 1, length / 2);
            assertThat(ship((StrataInputSplit) nameOnly[i]).getColumnarProjectionSize())
                    .isEqualTo(((StrataInputSplit) nameOnly[i]).getColumnarProjectionSize());
        }
    }

    /**
     * On MapReduce, which starts a map task per split and never combines a storage handler's splits, the buckets
     * of one input directory are combined up to Hive's largest split size and read one after the other; Tez
     * groups splits itself and gets one per bucket.
     */
    @Test
    void mapReduceCombinesSmallBucketsIntoOneSplit() throws Exception {
        commit(1, 40, "a");
        commit(5, 8, "b");
        JobConf mr = job();
        mr.set("hive.execution.engine", "mr");
        InputSplit[] combined = new StrataInputFormat().getSplits(mr, 1);
        assertThat(combined).hasSize(1);
        StrataInputSplit split = (StrataInputSplit) combined[0];
        assertThat(split.parts()).hasSize(2);
        assertThatThrownBy(split::split).hasMessageContaining("holds 2 splits");
        assertThat(ship(split).parts()).hasSize(2);
        List<String> expected = new ArrayList<>();
        for (int i = 1; i <= 40; i++) {
            expected.add(i + "=" + (i >= 5 && i <= 8 ? "b" : "a") + i);
        }
        assertThat(read(combined, mr)).containsExactlyInAnyOrderElementsOf(expected);

        JobConf tez = job();
        tez.set("hive.execution.engine", "tez");
        assertThat(new StrataInputFormat().getSplits(tez, 1)).hasSize(2);
        // A combined split stays within Hive's largest split size.
        mr.setLong("mapreduce.input.fileinputformat.split.maxsize", split.getLength() - 1);
        assertThat(new StrataInputFormat().getSplits(mr, 1)).hasSize(2);
    }
}
