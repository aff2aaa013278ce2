package io.strata.oracle.versions;

import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.schema.SchemaChange;
import io.strata.snapshot.Statistics;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Paimon oracle of one Paimon release, as tests see it from outside the release's class loader: only
 * Strata and JDK types cross (the methods are {@link io.strata.oracle.PaimonOracle}'s of the same names).
 */
public interface OracleEngine extends AutoCloseable {

    /** The release that runs (its jar's Implementation-Version). */
    String paimonVersion();

    void createTable(String db, String table, RowType type, List<String> partitionKeys, List<String> primaryKeys,
            Map<String, String> options);

    void write(String db, String table, List<? extends Row> rows);

    void compact(String db, String table);

    List<GenericRow> readAll(String db, String table);

    Map<String, List<GenericRow>> readByBucket(String db, String table);

    List<GenericRow> readChanges(String db, String table, Map<String, String> options);

    void createTag(String db, String table, String tag, long snapshotId);

    List<GenericRow> readStream(String db, String table, Map<String, String> options);

    RowType rowType(String db, String table);

    void alterTable(String db, String table, List<SchemaChange> changes);

    int expireSnapshots(String db, String table, Map<String, String> options);

    void writePostponeTableIntoBuckets(String db, String table, List<? extends Row> rows, int numBuckets);

    void commitStatistics(String db, String table, Statistics statistics);

    Optional<Statistics> statistics(String db, String table);

    Path tablePath(String db, String table);

    @Override
    void close();
}
