package io.strata.hive;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.Tables;
import io.strata.data.CloseableIterator;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.manifest.DataFileMeta;
import io.strata.oracle.PaimonOracle;
import io.strata.oracle.Rows;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.Table;
import io.strata.table.TableRead;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link SplitGrouping} on the primary-key tables whose reads skip level 0 (deletion vectors, merge-engine
 * first-row), written by Apache Paimon: a large compacted bucket becomes several Hive splits of upper-level
 * files only, each file in exactly one split, every split keeping the bucket's deletion-vector index files;
 * reading all splits through the connector gives exactly core's read of the whole bucket and Paimon's own.
 */
class SkipLevelZeroSplitGroupingTest {

    private static final String DB = "db";
    private static final int ROWS = 8000;
    private static final long TARGET = 16 * 1024;
    private static final RowType TYPE = RowType.of(
            new DataField(0, "id", DataTypes.INT().withNullable(false)),
            new DataField(1, "payload", DataTypes.STRING()));

    @TempDir
    java.nio.file.Path warehouse;

    static Stream<Arguments> tables() {
        return Stream.of(
                Arguments.of("dv", Map.of("bucket", "2", "deletion-vectors.enabled", "true", "target-file-size", "16kb")),
                Arguments.of("first_row", Map.of("bucket", "2", "merge-engine", "first-row", "target-file-size", "16kb")));
    }

    private static GenericRow row(int id, int version, RowKind kind) {
        // Hex digits do not compress much, so 8000 rows make several files of the target size.
        GenericRow r = GenericRow.of(id, Utf8String.fromString("v" + version + "-" + Integer.toHexString(id * 7919 + version)
                + "-" + Long.toHexString((id + 1L) * 0x9E3779B97F4A7C15L)));
        r.setKind(kind);
        return r;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tables")
    void aCompactedBucketSplitsIntoUpperLevelFilesAndReadsLikeCore(String name, Map<String, String> options) throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable(DB, name, TYPE, List.of(), List.of("id"), options);
            List<GenericRow> base = new ArrayList<>();
            for (int i = 0; i < ROWS; i++) {
                base.add(row(i, 0, RowKind.INSERT));
            }
            paimon.write(DB, name, base);
            paimon.compact(DB, name);
            // Updates, deletes and new keys: with deletion vectors Paimon's lookup compaction marks the replaced
            // rows in the upper files; with first-row the first value of a key stays.
            List<GenericRow> changes = new ArrayList<>();
            for (int i = 0; i < ROWS; i += 5) {
                changes.add(row(i, 1, RowKind.UPDATE_AFTER));
            }
            for (int i = 3; i < ROWS; i += 50) {
                changes.add(row(i, 0, RowKind.DELETE));
            }
            for (int i = ROWS; i < ROWS + 200; i++) {
                changes.add(row(i, 1, RowKind.INSERT));
            }
            if (name.equals("first_row")) {
                changes.removeIf(r -> r.kind() == RowKind.DELETE); // first-row accepts no deletes
            }
            paimon.write(DB, name, changes);
            // One more write that stays in level 0 (write-only: Paimon does not compact it up), which batch reads
            // of these tables do not see yet and splits must not carry.
            paimon.catalog().alterTable(org.apache.paimon.catalog.Identifier.create(DB, name),
                    org.apache.paimon.schema.SchemaChange.setOption("write-only", "true"), false);
            paimon.write(DB, name, List.of(row(ROWS + 500, 2, RowKind.INSERT)));

            Table table = Tables.load(FileIO.local(), new Path(paimon.tablePath(DB, name).toUri()));
            Plan plan = table.newScan().plan();
            JobConf job = new JobConf(new Configuration());
            FileInputFormat.setInputPaths(job, new Path(table.location().toString()));
            job.set(StrataConf.SPLIT_TARGET_SIZE, String.valueOf(TARGET));
            InputSplit[] splits = new StrataInputFormat().getSplits(job, 1);

            assertSplitsPartitionTheUpperLevelFiles(plan, splits, options.containsKey("deletion-vectors.enabled"));

            List<String> viaSplits = new ArrayList<>();
            for (InputSplit s : splits) {
                viaSplits.addAll(readThroughConnector(table, ship((StrataInputSplit) s), job));
            }
            List<String> core = coreRead(table, plan);
            assertThat(viaSplits).hasSameSizeAs(core).containsExactlyInAnyOrderElementsOf(core);
            assertThat(core).containsExactlyInAnyOrderElementsOf(
                    paimon.readAll(DB, name).stream().map(r -> Rows.values(r, TYPE)).toList())
                    .doesNotContain(Rows.values(row(ROWS + 500, 2, RowKind.INSERT), TYPE))
                    .contains(Rows.values(row(ROWS + 100, 1, RowKind.INSERT), TYPE));
            if (name.equals("dv")) {
                assertThat(core).doesNotContain(Rows.values(row(3, 0, RowKind.INSERT), TYPE))
                        .contains(Rows.values(row(5, 1, RowKind.INSERT), TYPE));
            } else {
                assertThat(core).contains(Rows.values(row(5, 0, RowKind.INSERT), TYPE));
            }
        }
    }

    private static void assertSplitsPartitionTheUpperLevelFiles(Plan plan, InputSplit[] splits, boolean deletionVectors) {
        Set<Integer> buckets = new HashSet<>();
        Set<String> upper = new HashSet<>();
        boolean someLevelZero = false;
        for (Split split : plan.splits()) {
            buckets.add(split.bucket());
            for (DataFileMeta f : split.files()) {
                if (f.level() > 0) {
                    upper.add(split.bucket() + "/" + f.fileName());
                } else {
                    someLevelZero = true;
                }
            }
            if (deletionVectors) {
                assertThat(split.deletionIndexFiles()).as("deletion vectors of bucket %s", split.bucket()).isNotEmpty();
            }
        }
        System.out.printf("[SkipLevelZeroSplitGroupingTest] %d buckets, %d upper-level files, %d splits%n",
                buckets.size(), upper.size(), splits.length);
        assertThat(someLevelZero).as("the last write stays in level 0").isTrue();
        assertThat(splits.length).as("a compacted bucket of many files is cut into several splits")
                .isGreaterThan(buckets.size());

        List<String> assigned = new ArrayList<>();
        for (InputSplit s : splits) {
            Split part = ((StrataInputSplit) s).split();
            Split whole = plan.splits().stream().filter(p -> p.bucket() == part.bucket()).findFirst().orElseThrow();
            assertThat(part.snapshotId()).isEqualTo(plan.splits().get(0).snapshotId());
            assertThat(part.deletionIndexFiles()).isEqualTo(whole.deletionIndexFiles());
            long size = 0;
            for (DataFileMeta f : part.files()) {
                assertThat(f.level()).as("level-0 files are not read by these tables").isPositive();
                assigned.add(part.bucket() + "/" + f.fileName());
                size += f.fileSize();
            }
            if (part.files().size() > 1) {
                // Only the file that opens a split may exceed the target alone.
                assertThat(size - part.files().get(part.files().size() - 1).fileSize()).isLessThanOrEqualTo(TARGET);
            }
        }
        assertThat(assigned).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(upper);
    }

    private static StrataInputSplit ship(StrataInputSplit split) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        split.write(new DataOutputStream(bytes));
        StrataInputSplit copy = new StrataInputSplit();
        copy.readFields(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        return copy;
    }

    private static List<String> readThroughConnector(Table table, StrataInputSplit split, JobConf job)
            throws Exception {
        List<String> rows = new ArrayList<>();
        RecordReader<NullWritable, Writable> reader = new StrataInputFormat().getRecordReader(split, job, Reporter.NULL);
        try {
            StrataRowWritable value = (StrataRowWritable) reader.createValue();
            while (reader.next(reader.createKey(), value)) {
                rows.add(Rows.values(value.row(), table.schema().rowType()));
            }
        } finally {
            reader.close();
        }
        return rows;
    }

    private static List<String> coreRead(Table table, Plan plan) throws Exception {
        TableRead read = table.newRead(plan);
        List<String> rows = new ArrayList<>();
        for (Split split : plan.splits()) {
            try (CloseableIterator<Row> it = read.open(split)) {
                while (it.hasNext()) {
                    rows.add(Rows.values(it.next(), plan.readType()));
                }
            }
        }
        return rows;
    }
}
