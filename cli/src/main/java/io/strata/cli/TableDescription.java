package io.strata.cli;

import io.strata.manifest.DataFileMeta;
import io.strata.schema.TableSchema;
import io.strata.snapshot.Snapshot;
import io.strata.table.Table;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.source.PartitionStatistics;
import io.strata.types.DataField;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@code strata describe} reports about a table: schema, keys, options, latest snapshot and the live
 * files of each (partition, bucket) with their LSM levels. Records, so that {@code --json} is the same
 * data as the text.
 *
 * @param table the name the table was addressed by
 * @param location the table directory
 * @param schemaId the id of the current schema
 * @param comment the table comment, or null
 * @param columns the columns in order
 * @param primaryKey primary-key columns (empty for an append table)
 * @param partitionKeys partition columns
 * @param bucketKeys the columns hashed to pick a bucket
 * @param options the table options as stored
 * @param latestSnapshot the latest snapshot, or null
 * @param buckets the live files per (partition, bucket) of the latest snapshot, sorted
 */
record TableDescription(String table, String location, long schemaId, String comment, List<Column> columns,
        List<String> primaryKey, List<String> partitionKeys, List<String> bucketKeys, Map<String, String> options,
        SnapshotSummary latestSnapshot, List<Bucket> buckets) {

    /** One column: its type without the null marker, and whether it admits null. */
    record Column(String name, String type, boolean nullable, String comment) {}

    /** The latest snapshot, with its time both as epoch millis and as UTC text. */
    record SnapshotSummary(long id, String kind, long timeMillis, String time, long schemaId, Long totalRecords,
            Long deltaRecords) {}

    /** The live data files of one bucket of one partition; {@code filesPerLevel} maps LSM level to file count. */
    record Bucket(String partition, int bucket, int files, long rows, long bytes, Map<Integer, Integer> filesPerLevel) {}

    /** Describes the table as of its latest snapshot. */
    static TableDescription of(Table table, String name) {
        TableSchema schema = table.schema();
        List<Column> columns = new ArrayList<>();
        for (DataField f : schema.fields()) {
            columns.add(new Column(f.name(), f.type().withNullable(true).asSqlString(), f.type().nullable(),
                    f.description()));
        }
        Plan plan = table.newScan().plan();
        Snapshot s = plan.snapshot();
        SnapshotSummary latest = s == null ? null : new SnapshotSummary(s.id(), s.commitKind().name(), s.timeMillis(),
                Formats.time(s.timeMillis()), s.schemaId(), s.totalRecordCount(), s.deltaRecordCount());
        return new TableDescription(name, table.location().toString(), schema.id(), schema.comment(), columns,
                schema.primaryKeys(), schema.partitionKeys(), schema.bucketKeys(), new TreeMap<>(schema.options()),
                latest, buckets(table, plan));
    }

    /** Groups the plan's splits by (partition, bucket): a scan may cut one bucket into several splits. */
    private static List<Bucket> buckets(Table table, Plan plan) {
        Map<String, Map<Integer, List<DataFileMeta>>> byPartition = new TreeMap<>();
        for (Split split : plan.splits()) {
            String partition = PartitionStatistics.path(table, split.partition());
            byPartition.computeIfAbsent(partition, k -> new TreeMap<>())
                    .computeIfAbsent(split.bucket(), k -> new ArrayList<>()).addAll(split.files());
        }
        List<Bucket> out = new ArrayList<>();
        byPartition.forEach((partition, buckets) -> buckets.forEach((bucket, files) -> {
            long rows = 0;
            long bytes = 0;
            Map<Integer, Integer> levels = new TreeMap<>();
            for (DataFileMeta f : files) {
                rows += f.rowCount();
                bytes += f.fileSize();
                levels.merge(f.level(), 1, Integer::sum);
            }
            out.add(new Bucket(partition, bucket, files.size(), rows, bytes, levels));
        }));
        return out;
    }
}
