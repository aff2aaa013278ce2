package io.strata.hive;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.io.sarg.ConvertAstToSearchArg;
import org.apache.hadoop.hive.ql.io.sarg.PredicateLeaf;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgumentFactory;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hive's pushed filter prunes partitions, buckets and files when the splits are planned. */
class SearchArgumentFilterTest {

    @TempDir
    java.nio.file.Path dir;

    private Table table;

    @BeforeEach
    void writeTable() {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new Path(dir.toUri()));
        catalog.createDatabase("db", true);
        table = catalog.createTable(Identifier.of("db", "t"), Schema.newBuilder()
                .column("dt", DataTypes.STRING())
                .column("id", DataTypes.BIGINT())
                .column("v", DataTypes.INT())
                .partitionKeys("dt")
                .primaryKey("dt", "id")
                .option("bucket", "2")
                .build(), false);
        // Two commits with disjoint keys: two files in every (partition, bucket).
        for (int commit = 0; commit < 2; commit++) {
            try (BatchWrite w = table.newBatchWrite()) {
                for (long id = commit * 100; id < commit * 100 + 40; id++) {
                    for (String dt : new String[] {"a", "b"}) {
                        w.write(GenericRow.of(Utf8String.fromString(dt), id, (int) id));
                    }
                }
                w.commit();
            }
        }
    }

    private record Scan(int splits, int files) {}

    private Scan plan(SearchArgument sarg) throws IOException {
        JobConf job = new JobConf(new Configuration());
        FileInputFormat.setInputPaths(job, new Path(table.location().toString()));
        if (sarg != null) {
            job.set(ConvertAstToSearchArg.SARG_PUSHDOWN, ConvertAstToSearchArg.sargToKryo(sarg));
        }
        InputSplit[] splits = new StrataInputFormat().getSplits(job, 1);
        int files = 0;
        for (InputSplit s : splits) {
            files += ((StrataInputSplit) s).split().files().size();
        }
        return new Scan(splits.length, files);
    }

    @Test
    void fullScanOpensEveryFile() throws IOException {
        assertThat(plan(null)).isEqualTo(new Scan(4, 8));
    }

    @Test
    void partitionEqualityPrunesTheOtherPartition() throws IOException {
        SearchArgument sarg = SearchArgumentFactory.newBuilder().startAnd()
                .equals("dt", PredicateLeaf.Type.STRING, "a").end().build();
        assertThat(plan(sarg)).isEqualTo(new Scan(2, 4));
    }

    @Test
    void keyEqualityKeepsOneBucketAndOneFilePerPartition() throws IOException {
        SearchArgument sarg = SearchArgumentFactory.newBuilder().startAnd()
                .equals("id", PredicateLeaf.Type.LONG, 105L).equals("dt", PredicateLeaf.Type.STRING, "b").end().build();
        assertThat(plan(sarg)).isEqualTo(new Scan(1, 1));
    }

    @Test
    void aValueColumnRangeCannotSkipFilesOfAPrimaryKeyTable() throws IOException {
        // Value statistics of older versions say nothing about the merged row: no file may be skipped.
        SearchArgument sarg = SearchArgumentFactory.newBuilder().startAnd()
                .lessThan("v", PredicateLeaf.Type.LONG, 10L).end().build();
        assertThat(plan(sarg)).isEqualTo(new Scan(4, 8));
    }

    @Test
    void anOrWithAnUnconvertibleBranchPrunesNothing() throws IOException {
        SearchArgument sarg = SearchArgumentFactory.newBuilder().startOr()
                .equals("dt", PredicateLeaf.Type.STRING, "a")
                .equals("nosuchcolumn", PredicateLeaf.Type.LONG, 1L).end().build();
        assertThat(plan(sarg)).isEqualTo(new Scan(4, 8));
    }
}
