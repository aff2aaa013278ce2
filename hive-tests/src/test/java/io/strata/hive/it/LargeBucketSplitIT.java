package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.hive.StrataConf;
import io.strata.hive.StrataInputFormat;
import io.strata.hive.StrataInputSplit;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.table.Split;
import io.strata.types.DataTypes;
import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A fully compacted primary-key bucket (one sorted run of several files) and an append bucket of several
 * files are read by several Hive splits; a bucket with overlapping level-0 files stays one split. The
 * splits are counted from StrataInputFormat.getSplits itself, as both engines call it (MapReduce in the
 * client, Tez in its application master); Tez then groups splits into tasks
 * ({@code tez.grouping.*}), so a task count would differ by engine. The queries run on each mode of
 * {@link ExecutionMode#matrix()}.
 */
class LargeBucketSplitIT {

    private static final int ROWS = 6000;
    private static final String TARGET = "16384";

    private static EmbeddedHive hive;
    private static Table keyed;
    private static Table appended;

    @BeforeAll
    static void writeTables() {
        hive = EmbeddedHive.get();
        java.nio.file.Path warehouse = hive.newDirectory("strata-large-bucket");
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new Path(warehouse.toUri()));
        catalog.createDatabase("db", true);
        keyed = catalog.createTable(Identifier.of("db", "keyed"), Schema.newBuilder()
                .column("id", DataTypes.INT())
                .column("payload", DataTypes.STRING())
                .primaryKey("id")
                .option("bucket", "2")
                .option("target-file-size", "16kb")
                .build(), false);
        appended = catalog.createTable(Identifier.of("db", "appended"), Schema.newBuilder()
                .column("id", DataTypes.INT())
                .column("payload", DataTypes.STRING())
                .option("target-file-size", "16kb")
                .build(), false);
        for (int commit = 0; commit < 2; commit++) {
            try (BatchWrite k = keyed.newBatchWrite(); BatchWrite a = appended.newBatchWrite()) {
                for (int i = 0; i < ROWS; i++) {
                    // The second commit overwrites every key: the merged read must return its values only.
                    k.write(GenericRow.of(i, Utf8String.fromString(payload(i, commit))));
                    if (commit == 0 || i % 2 == 0) {
                        a.write(GenericRow.of(i, Utf8String.fromString(payload(i, commit))));
                    }
                }
                k.commit();
                a.commit();
            }
        }
        hive.query("CREATE EXTERNAL TABLE strata_it.large_keyed STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + keyed.location() + "'");
        hive.query("CREATE EXTERNAL TABLE strata_it.large_appended STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + appended.location() + "'");
    }

    private static String payload(int i, int commit) {
        return "v" + commit + "-" + i + "-" + Integer.toHexString(i * 31);
    }

    private static InputSplit[] splits(Table table) throws Exception {
        JobConf job = new JobConf(new Configuration());
        FileInputFormat.setInputPaths(job, new Path(table.location().toString()));
        job.set(StrataConf.SPLIT_TARGET_SIZE, TARGET);
        return new StrataInputFormat().getSplits(job, 1);
    }

    private static Set<Integer> buckets(InputSplit[] splits) {
        Set<Integer> buckets = new HashSet<>();
        for (InputSplit s : splits) {
            Split split = ((StrataInputSplit) s).split();
            buckets.add(split.bucket());
        }
        return buckets;
    }

    private static String expectedSum(boolean append) {
        long sum = 0;
        long count = 0;
        for (int i = 0; i < ROWS; i++) {
            sum += i;
            count++;
            if (append && i % 2 == 0) {
                sum += i;
                count++;
            }
        }
        return count + "\t" + sum;
    }

    @Test
    void overlappingLevelZeroFilesStayOneSplitPerBucketUntilCompacted() throws Exception {
        InputSplit[] before = splits(keyed);
        assertThat(before).hasSize(2);
        assertThat(((StrataInputSplit) before[0]).split().files()).hasSizeGreaterThan(1);

        keyed.compactFull();
        InputSplit[] after = splits(keyed);
        assertThat(buckets(after)).hasSize(2);
        assertThat(after.length).isGreaterThan(2);
        // Every file is in exactly one split.
        long files = 0;
        for (InputSplit s : after) {
            files += ((StrataInputSplit) s).split().files().size();
        }
        long planned = keyed.newScan().plan().splits().stream().mapToLong(s -> s.files().size()).sum();
        assertThat(files).isEqualTo(planned);

        hive.query("SET " + StrataConf.SPLIT_TARGET_SIZE + "=" + TARGET);
        try {
            assertThat(hive.queryOnEachMode("SELECT count(*), sum(id) FROM strata_it.large_keyed")).containsExactly(expectedSum(false));
            assertThat(hive.queryOnEachMode("SELECT count(*) FROM strata_it.large_keyed WHERE payload LIKE 'v1-%'"))
                    .containsExactly(String.valueOf(ROWS));
            assertThat(hive.queryOnEachMode("SELECT payload FROM strata_it.large_keyed WHERE id = 4321")).containsExactly(payload(4321, 1));
        } finally {
            hive.query("SET " + StrataConf.SPLIT_TARGET_SIZE + "=" + StrataConf.DEFAULT_SPLIT_TARGET_SIZE);
        }
    }

    @Test
    void anAppendBucketOfSeveralFilesIsReadBySeveralSplits() throws Exception {
        InputSplit[] splits = splits(appended);
        assertThat(buckets(splits)).hasSize(1);
        assertThat(splits.length).isGreaterThan(1);
        hive.query("SET " + StrataConf.SPLIT_TARGET_SIZE + "=" + TARGET);
        try {
            assertThat(hive.queryOnEachMode("SELECT count(*), sum(id) FROM strata_it.large_appended")).containsExactly(expectedSum(true));
        } finally {
            hive.query("SET " + StrataConf.SPLIT_TARGET_SIZE + "=" + StrataConf.DEFAULT_SPLIT_TARGET_SIZE);
        }
    }
}
