package io.strata.oracle;

import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.oracle.versions.OracleEngine;
import io.strata.schema.SchemaChange;
import io.strata.snapshot.Statistics;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@link PaimonOracle} behind {@link OracleEngine}, loaded by a Paimon release's class loader with the oracle
 * (so both link to that release) and called from the test's loader through the interface.
 */
public final class PaimonOracleAdapter implements OracleEngine {

    private final PaimonOracle oracle;

    public PaimonOracleAdapter(Path warehouse) {
        this.oracle = new PaimonOracle(warehouse);
    }

    @Override
    public String paimonVersion() {
        return org.apache.paimon.table.Table.class.getPackage().getImplementationVersion();
    }

    @Override
    public void createTable(String db, String table, RowType type, List<String> partitionKeys,
            List<String> primaryKeys, Map<String, String> options) {
        oracle.createTable(db, table, type, partitionKeys, primaryKeys, options);
    }

    @Override
    public void write(String db, String table, List<? extends Row> rows) {
        oracle.write(db, table, rows);
    }

    @Override
    public void compact(String db, String table) {
        oracle.compact(db, table);
    }

    @Override
    public List<GenericRow> readAll(String db, String table) {
        return oracle.readAll(db, table);
    }

    @Override
    public Map<String, List<GenericRow>> readByBucket(String db, String table) {
        return oracle.readByBucket(db, table);
    }

    @Override
    public List<GenericRow> readChanges(String db, String table, Map<String, String> options) {
        return oracle.readChanges(db, table, options);
    }

    @Override
    public void createTag(String db, String table, String tag, long snapshotId) {
        oracle.createTag(db, table, tag, snapshotId);
    }

    @Override
    public List<GenericRow> readStream(String db, String table, Map<String, String> options) {
        return oracle.readStream(db, table, options);
    }

    @Override
    public RowType rowType(String db, String table) {
        return oracle.rowType(db, table);
    }

    @Override
    public void alterTable(String db, String table, List<SchemaChange> changes) {
        oracle.alterTable(db, table, changes);
    }

    @Override
    public int expireSnapshots(String db, String table, Map<String, String> options) {
        return oracle.expireSnapshots(db, table, options);
    }

    @Override
    public void writePostponeTableIntoBuckets(String db, String table, List<? extends Row> rows, int numBuckets) {
        oracle.writePostponeTableIntoBuckets(db, table, rows, numBuckets);
    }

    @Override
    public void commitStatistics(String db, String table, Statistics statistics) {
        oracle.commitStatistics(db, table, statistics);
    }

    @Override
    public Optional<Statistics> statistics(String db, String table) {
        return oracle.statistics(db, table);
    }

    @Override
    public Path tablePath(String db, String table) {
        return oracle.tablePath(db, table);
    }

    @Override
    public void close() {
        oracle.close();
    }
}
