package io.strata.hive;

import io.strata.data.Decimal;
import io.strata.data.Timestamp;
import io.strata.schema.TableSchema;
import io.strata.snapshot.ColumnStatistics;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.Statistics;
import io.strata.snapshot.StatisticsText;
import io.strata.table.Table;
import io.strata.table.TableRead;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.data.CloseableIterator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.api.BooleanColumnStatsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.Date;
import org.apache.hadoop.hive.metastore.api.DateColumnStatsData;
import org.apache.hadoop.hive.metastore.api.DecimalColumnStatsData;
import org.apache.hadoop.hive.metastore.api.DoubleColumnStatsData;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.LongColumnStatsData;
import org.apache.hadoop.hive.metastore.api.StringColumnStatsData;
import org.apache.hadoop.hive.metastore.api.TimestampColumnStatsData;

/**
 * Column statistics between Hive's optimizer and a Strata table. For planning: what the snapshot's data files
 * record (minimum, maximum, null count) with what Paimon's statistics file adds where the table has one for the
 * snapshot's schema (distinct counts, lengths: Spark's, Flink's or Hive's own ANALYZE); distinct counts the
 * table does not know are estimated (the row count for the primary key, the range for whole numbers and dates,
 * else the non-null rows), so run {@code ANALYZE TABLE ... COMPUTE STATISTICS FOR COLUMNS} where they matter.
 * From {@code ANALYZE}: Hive's figures go into a new statistics file and an ANALYZE snapshot, as Paimon's
 * engines write and read them.
 */
final class HiveColumnStatistics {

    private HiveColumnStatistics() {
    }

    /** Whether Hive asks the handler (true) or the metastore (false) for a table's column statistics. */
    static boolean handledByStrata(org.apache.hadoop.hive.ql.metadata.Table hiveTable) {
        // Tables with metastore partitions keep partition-level statistics in the metastore, Hive's own way;
        // a metadata table has no statistics of its own.
        return hiveTable.getMetaTable() == null && hiveTable.getPartCols().isEmpty();
    }

    /**
     * The statistics of the columns Hive asks for ({@code columns}; null: every column it knows) that Strata has
     * figures for, in the snapshot a query reads: of the whole table, or of only the partitions {@code partitions}
     * names (Hive's partition names; null: the whole table). For partitions, the ranges and null counts come from
     * their data files, the rows from their manifests' figures, and distinct counts of a statistics file (kept
     * for the table) are bounded by those rows.
     */
    static List<ColumnStatisticsObj> forPlanning(Configuration conf, org.apache.hadoop.hive.ql.metadata.Table hiveTable,
            List<String> columns, List<String> partitions) {
        Table table = StrataTables.load(conf, hiveTable.getDataLocation().toString(), hiveTable.getFullyQualifiedName());
        QuerySnapshot query = QuerySnapshot.of(conf, hiveTable);
        Snapshot snapshot = query.resolve(table);
        if (snapshot == null || (partitions != null && partitions.isEmpty())) {
            return List.of();
        }
        TableSchema schema = table.schema().id() == snapshot.schemaId() ? table.schema()
                : new io.strata.schema.SchemaManager(table.fileIO(), table.location()).schema(snapshot.schemaId());
        Statistics stored = table.statistics().of(snapshot).filter(s -> s.schemaId() == snapshot.schemaId()).orElse(null);
        long rows = stored != null && stored.mergedRecordCount() != null ? stored.mergedRecordCount()
                : snapshot.totalRecordCount() == null ? 0 : Math.max(0, snapshot.totalRecordCount());
        Statistics files;
        if (partitions == null) {
            files = table.statistics().fromDataFiles(snapshot);
        } else {
            files = table.statistics().fromDataFiles(snapshot, PartitionDirectories.predicate(schema, partitions));
            SnapshotPartitions figures = SnapshotPartitions.of(table, query);
            long partitionRows = 0;
            for (String partition : partitions) {
                partitionRows += figures.partition(partition).rows();
            }
            rows = Math.min(rows, partitionRows);
        }
        List<ColumnStatisticsObj> out = new ArrayList<>();
        for (FieldSchema column : hiveTable.getCols()) {
            int index = indexOf(schema, column.getName());
            if (index < 0 || (columns != null && columns.stream().noneMatch(column.getName()::equalsIgnoreCase))) {
                continue;
            }
            DataField field = schema.fields().get(index);
            ColumnStatistics fromFiles = files.columns().get(field.name());
            ColumnStatistics fromFile = stored == null ? null : stored.columns().get(field.name());
            if (fromFile != null && partitions != null) {
                // The file's null counts and ranges are the table's; its distinct counts and lengths still bound.
                Long distinct = fromFile.distinctCount() == null ? null : Math.min(fromFile.distinctCount(), rows);
                fromFile = new ColumnStatistics(fromFile.columnId(), distinct, null, null, null,
                        fromFile.avgLength(), fromFile.maxLength());
            }
            boolean onlyKey = schema.primaryKeys().size() == 1 && schema.primaryKeys().get(0).equals(field.name());
            ColumnStatisticsData data = data(column.getType(), field.type(), fromFiles, fromFile, rows, onlyKey);
            if (data != null) {
                out.add(new ColumnStatisticsObj(column.getName().toLowerCase(Locale.ROOT), column.getType(), data));
            }
        }
        return out;
    }

    private static int indexOf(TableSchema schema, String hiveName) {
        List<String> names = schema.rowType().fieldNames();
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).equalsIgnoreCase(hiveName)) {
                return i;
            }
        }
        return -1;
    }

    private static ColumnStatisticsData data(String hiveType, DataType type, ColumnStatistics fromFiles,
            ColumnStatistics fromFile, long rows, boolean onlyKey) {
        Long fileNulls = fromFile == null ? null : fromFile.nullCount();
        Long nullsOrNull = fileNulls != null ? fileNulls : fromFiles.nullCount();
        long nulls = nullsOrNull == null ? 0 : Math.min(nullsOrNull, rows);
        String minText = fromFile != null && fromFile.min() != null ? fromFile.min() : fromFiles.min();
        String maxText = fromFile != null && fromFile.max() != null ? fromFile.max() : fromFiles.max();
        Object min = StatisticsText.parse(minText, type);
        Object max = StatisticsText.parse(maxText, type);
        Long known = fromFile == null ? null : fromFile.distinctCount();
        long nonNull = Math.max(0, rows - nulls);
        String kind = hiveType.toLowerCase(Locale.ROOT);
        switch (type.root()) {
            case TINYINT, SMALLINT, INT, BIGINT -> {
                LongColumnStatsData d = new LongColumnStatsData(nulls,
                        distinct(known, nonNull, onlyKey, min == null ? null : ((Number) max).longValue() - ((Number) min).longValue() + 1));
                if (min != null) {
                    d.setLowValue(((Number) min).longValue());
                    d.setHighValue(((Number) max).longValue());
                }
                return ColumnStatisticsData.longStats(d);
            }
            case FLOAT, DOUBLE -> {
                DoubleColumnStatsData d = new DoubleColumnStatsData(nulls, distinct(known, nonNull, onlyKey, null));
                if (min != null) {
                    d.setLowValue(((Number) min).doubleValue());
                    d.setHighValue(((Number) max).doubleValue());
                }
                return ColumnStatisticsData.doubleStats(d);
            }
            case DECIMAL -> {
                DecimalColumnStatsData d = new DecimalColumnStatsData(nulls, distinct(known, nonNull, onlyKey, null));
                if (min != null) {
                    d.setLowValue(hiveDecimal(((Decimal) min).toBigDecimal()));
                    d.setHighValue(hiveDecimal(((Decimal) max).toBigDecimal()));
                }
                return ColumnStatisticsData.decimalStats(d);
            }
            case DATE -> {
                DateColumnStatsData d = new DateColumnStatsData(nulls,
                        distinct(known, nonNull, onlyKey, min == null ? null : (long) (Integer) max - (Integer) min + 1));
                if (min != null) {
                    d.setLowValue(new Date((Integer) min));
                    d.setHighValue(new Date((Integer) max));
                }
                return ColumnStatisticsData.dateStats(d);
            }
            case TIMESTAMP -> {
                TimestampColumnStatsData d = new TimestampColumnStatsData(nulls, distinct(known, nonNull, onlyKey, null));
                if (min != null) {
                    d.setLowValue(new org.apache.hadoop.hive.metastore.api.Timestamp(seconds((Timestamp) min)));
                    d.setHighValue(new org.apache.hadoop.hive.metastore.api.Timestamp(seconds((Timestamp) max)));
                }
                return ColumnStatisticsData.timestampStats(d);
            }
            case CHAR, VARCHAR -> {
                Long avg = fromFile == null ? null : fromFile.avgLength();
                Long longest = fromFile == null ? null : fromFile.maxLength();
                if (avg == null || longest == null) {
                    if (minText == null || maxText == null) {
                        return null; // nothing to say about lengths: Hive estimates the column itself
                    }
                    // The range's ends are real values (or their truncated prefixes): a rough length.
                    avg = avg != null ? avg : (long) Math.ceil((minText.length() + maxText.length()) / 2.0);
                    longest = longest != null ? longest : (long) Math.max(minText.length(), maxText.length());
                }
                return ColumnStatisticsData.stringStats(new StringColumnStatsData(longest, avg, nulls,
                        distinct(known, nonNull, onlyKey, null)));
            }
            case BOOLEAN -> {
                // Only the range is known: all true, all false, or (not knowing better) half each.
                long trues = min == null ? nonNull / 2 : (Boolean) min ? nonNull : (Boolean) max ? nonNull / 2 : 0;
                return ColumnStatisticsData.booleanStats(new BooleanColumnStatsData(trues, nonNull - trues, nulls));
            }
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE, TIME, BINARY, VARBINARY, ARRAY, MAP, MULTISET, ROW -> {
                return null;
            }
        }
        throw new IllegalStateException("Unhandled type " + type + " (" + kind + ")");
    }

    /** A known distinct count, else an estimate bounded by the non-null rows. */
    private static long distinct(Long known, long nonNull, boolean onlyKey, Long range) {
        if (known != null) {
            return known;
        }
        if (onlyKey || range == null || range <= 0) {
            return nonNull;
        }
        return Math.min(range, nonNull);
    }

    private static org.apache.hadoop.hive.metastore.api.Decimal hiveDecimal(BigDecimal value) {
        return new org.apache.hadoop.hive.metastore.api.Decimal((short) value.scale(),
                ByteBuffer.wrap(value.unscaledValue().toByteArray()));
    }

    /** Hive keeps a TIMESTAMP's range as the seconds of its local date-time read as UTC. */
    private static long seconds(Timestamp value) {
        return value.toLocalDateTime().toEpochSecond(ZoneOffset.UTC);
    }

    // --- ANALYZE TABLE ... COMPUTE STATISTICS FOR COLUMNS ---

    /**
     * Stores what Hive's ANALYZE computed as Paimon's statistics file of the latest snapshot, with its merged row
     * count (a read of the snapshot's keys), and commits the ANALYZE snapshot. Hive may hand the columns in
     * several calls: columns of a file already written for the same snapshot are kept.
     */
    static void store(Configuration conf, org.apache.hadoop.hive.ql.metadata.Table hiveTable,
            List<org.apache.hadoop.hive.metastore.api.ColumnStatistics> computed) {
        Table table = StrataTables.load(conf, hiveTable.getDataLocation().toString(), hiveTable.getFullyQualifiedName());
        Snapshot snapshot = table.latestSnapshot().orElseThrow(() -> new IllegalArgumentException(
                "Strata table " + table.location() + " (Hive table " + hiveTable.getFullyQualifiedName()
                        + ") has no snapshot to keep statistics for"));
        TableSchema schema = table.schema();
        Map<String, ColumnStatistics> columns = new LinkedHashMap<>();
        Long rows = null;
        Optional<Statistics> previous = table.statistics().of(snapshot);
        if (previous.isPresent() && previous.get().snapshotId() == snapshot.id()
                && previous.get().schemaId() == snapshot.schemaId()) {
            columns.putAll(previous.get().columns());
            rows = previous.get().mergedRecordCount();
        }
        for (org.apache.hadoop.hive.metastore.api.ColumnStatistics statistics : computed) {
            if (!statistics.getStatsDesc().isIsTblLevel()) {
                throw new IllegalArgumentException("Hive table " + hiveTable.getFullyQualifiedName() + " got statistics"
                        + " of partition " + statistics.getStatsDesc().getPartName() + ": a Strata table keeps"
                        + " table-level statistics only");
            }
            for (ColumnStatisticsObj column : statistics.getStatsObj()) {
                int index = indexOf(schema, column.getColName());
                if (index < 0) {
                    throw new IllegalArgumentException("Hive computed statistics of column '" + column.getColName()
                            + "', which Strata table " + table.location() + " does not have");
                }
                DataField field = schema.fields().get(index);
                columns.put(field.name(), fromHive(field, column.getStatsData()));
            }
        }
        if (rows == null) {
            rows = mergedRows(table, snapshot);
        }
        table.statistics().commit(new Statistics(snapshot.id(), snapshot.schemaId(), rows, null, columns));
    }

    private static ColumnStatistics fromHive(DataField field, ColumnStatisticsData data) {
        DataType type = field.type();
        int id = field.id();
        return switch (data.getSetField()) {
            case LONG_STATS -> {
                LongColumnStatsData d = data.getLongStats();
                yield new ColumnStatistics(id, d.getNumDVs(), d.isSetLowValue() ? integral(d.getLowValue(), type) : null,
                        d.isSetHighValue() ? integral(d.getHighValue(), type) : null, d.getNumNulls(), null, null);
            }
            case DOUBLE_STATS -> {
                DoubleColumnStatsData d = data.getDoubleStats();
                yield new ColumnStatistics(id, d.getNumDVs(), d.isSetLowValue() ? floating(d.getLowValue(), type) : null,
                        d.isSetHighValue() ? floating(d.getHighValue(), type) : null, d.getNumNulls(), null, null);
            }
            case DECIMAL_STATS -> {
                DecimalColumnStatsData d = data.getDecimalStats();
                yield new ColumnStatistics(id, d.getNumDVs(), d.isSetLowValue() ? decimal(d.getLowValue(), type) : null,
                        d.isSetHighValue() ? decimal(d.getHighValue(), type) : null, d.getNumNulls(), null, null);
            }
            case DATE_STATS -> {
                DateColumnStatsData d = data.getDateStats();
                yield new ColumnStatistics(id, d.getNumDVs(),
                        d.isSetLowValue() ? Long.toString(d.getLowValue().getDaysSinceEpoch()) : null,
                        d.isSetHighValue() ? Long.toString(d.getHighValue().getDaysSinceEpoch()) : null,
                        d.getNumNulls(), null, null);
            }
            case TIMESTAMP_STATS -> {
                TimestampColumnStatsData d = data.getTimestampStats();
                yield new ColumnStatistics(id, d.getNumDVs(),
                        d.isSetLowValue() ? timestamp(d.getLowValue().getSecondsSinceEpoch(), type) : null,
                        d.isSetHighValue() ? timestamp(d.getHighValue().getSecondsSinceEpoch(), type) : null,
                        d.getNumNulls(), null, null);
            }
            case STRING_STATS -> {
                StringColumnStatsData d = data.getStringStats();
                yield new ColumnStatistics(id, d.getNumDVs(), null, null, d.getNumNulls(),
                        Math.round(d.getAvgColLen()), d.getMaxColLen());
            }
            case BINARY_STATS -> new ColumnStatistics(id, null, null, null, data.getBinaryStats().getNumNulls(),
                    Math.round(data.getBinaryStats().getAvgColLen()), data.getBinaryStats().getMaxColLen());
            case BOOLEAN_STATS -> {
                BooleanColumnStatsData d = data.getBooleanStats();
                long distinct = (d.getNumTrues() > 0 ? 1 : 0) + (d.getNumFalses() > 0 ? 1 : 0);
                yield new ColumnStatistics(id, distinct, distinct == 0 ? null : Boolean.toString(d.getNumFalses() == 0),
                        distinct == 0 ? null : Boolean.toString(d.getNumTrues() > 0), d.getNumNulls(), null, null);
            }
        };
    }

    private static String integral(long value, DataType type) {
        return StatisticsText.format(StatisticsText.parse(Long.toString(value), type), type);
    }

    private static String floating(double value, DataType type) {
        return type.root() == io.strata.types.TypeRoot.FLOAT ? Float.toString((float) value) : Double.toString(value);
    }

    private static String decimal(org.apache.hadoop.hive.metastore.api.Decimal value, DataType type) {
        BigDecimal number = new BigDecimal(new BigInteger(value.getUnscaled()), value.getScale());
        return StatisticsText.format(StatisticsText.parse(number.toPlainString(), type), type);
    }

    private static String timestamp(long seconds, DataType type) {
        return StatisticsText.format(Timestamp.fromLocalDateTime(LocalDateTime.ofEpochSecond(seconds, 0, ZoneOffset.UTC)),
                type);
    }

    /** The rows a read of the snapshot returns (every key once): what Paimon's ANALYZE counts. */
    private static long mergedRows(Table table, Snapshot snapshot) {
        String column = table.schema().rowType().fieldNames().get(0);
        Plan plan = table.newScan().asOfSnapshot(snapshot.id()).select(column).plan();
        TableRead read = table.newRead(plan);
        long rows = 0;
        for (Split split : plan.splits()) {
            try (CloseableIterator<?> it = read.open(split)) {
                while (it.hasNext()) {
                    it.next();
                    rows++;
                }
            } catch (IOException e) {
                throw new UncheckedIOException("Counting the rows of Strata table " + table.location() + ": "
                        + e.getMessage(), e);
            }
        }
        return rows;
    }
}
