package io.strata.jobs;

import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.oracle.PaimonOracle;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;

/** The tables and Hadoop settings the maintenance job tests share. */
final class JobTables {

    private static final RowType TYPE = new RowType(List.of(
            new DataField(0, "p", DataTypes.STRING().withNullable(false)),
            new DataField(1, "id", DataTypes.INT().withNullable(false)),
            new DataField(2, "amount", DataTypes.BIGINT())));

    private JobTables() {}

    /**
     * Table {@code db.t} that Paimon created (primary key (p, id), partitions a and b, Parquet, {@code buckets}
     * per partition, {@code extra} options), with three batch writes of Strata of ids 0 to {@code ids - 1}.
     */
    static Table written(PaimonOracle paimon, int buckets, int ids, Map<String, String> extra) {
        Map<String, String> options = new TreeMap<>(Map.of("bucket", String.valueOf(buckets), "file.format", "parquet"));
        options.putAll(extra);
        paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"), options);
        Table table = Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(paimon.tablePath("db", "t").toUri()));
        for (int c = 0; c < 3; c++) {
            try (BatchWrite w = table.newBatchWrite()) {
                for (int id = 0; id < ids; id++) {
                    w.write(GenericRow.ofKind(RowKind.INSERT, Utf8String.fromString(id % 3 == 0 ? "b" : "a"), id,
                            c * 1000L + id));
                }
                w.commit();
            }
        }
        return table;
    }

    /** The rows Paimon reads from {@code db.t}, as sorted text. */
    static List<String> rows(PaimonOracle paimon) {
        return paimon.readAll("db", "t").stream().map(JobTables::text).sorted().toList();
    }

    private static String text(Row row) {
        return row.getString(0) + "," + row.getInt(1) + "," + (row.isNullAt(2) ? "null" : row.getLong(2));
    }

    /** Hadoop's local job runner, two map tasks at a time, its directories under {@code dir}. */
    static Configuration localRunner(Path dir) {
        Configuration conf = new Configuration();
        conf.set("mapreduce.framework.name", "local");
        conf.set("fs.defaultFS", "file:///");
        conf.set("hadoop.tmp.dir", dir.resolve("hadoop-tmp").toString());
        conf.set("mapreduce.jobtracker.staging.root.dir", dir.resolve("staging").toString());
        conf.set("mapreduce.cluster.local.dir", dir.resolve("local").toString());
        conf.setInt("mapreduce.local.map.tasks.maximum", 2);
        return conf;
    }
}
