package io.strata.table.stats;

import io.strata.fs.FileIO;
import io.strata.manifest.DataFileMeta;
import io.strata.predicate.Predicate;
import io.strata.schema.SchemaManager;
import io.strata.schema.TableSchema;
import io.strata.snapshot.ColumnStatistics;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.Statistics;
import io.strata.snapshot.StatisticsText;
import io.strata.table.CommitCallbackException;
import io.strata.table.CommitFailedException;
import io.strata.table.CommitStateUnknownException;
import io.strata.table.Split;
import io.strata.table.Table;
import io.strata.table.TableScan;
import io.strata.table.TableStatistics;
import io.strata.table.commit.CommitHooks;
import io.strata.table.commit.FileStoreCommit;
import io.strata.table.store.FileValueStats;
import io.strata.table.store.TableStore;
import io.strata.types.DataField;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.hadoop.fs.Path;

/**
 * {@link TableStatistics} over a table's {@code statistics/} directory, where Paimon keeps the files of its
 * ANALYZE ({@code stat-<uuid>-<n>}).
 */
public final class StatisticsFiles implements TableStatistics {

    /** The directory under the table's root, as Paimon names it. */
    public static final String DIRECTORY = "statistics";

    private final Table table;
    private final TableStore store;
    private final SchemaManager schemas;

    public StatisticsFiles(Table table) {
        this.table = table;
        this.store = TableStore.of(table);
        this.schemas = new SchemaManager(table.fileIO(), table.location());
    }

    @Override
    public Optional<Statistics> latest() {
        Optional<Snapshot> latest = table.latestSnapshot();
        return latest.isEmpty() ? Optional.empty() : of(latest.get());
    }

    @Override
    public Optional<Statistics> of(Snapshot snapshot) {
        if (snapshot.statistics() == null) {
            return Optional.empty();
        }
        Path file = path(snapshot.statistics());
        try {
            return Optional.of(Statistics.fromJson(store.fileIO().readUtf8(file), file.toString()));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the statistics file " + file + " of snapshot " + snapshot.id()
                    + " of table " + table.location() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public long commit(Statistics statistics) {
        check(statistics);
        FileIO io = store.fileIO();
        String name = "stat-" + UUID.randomUUID() + "-0";
        Path file = path(name);
        try {
            io.writeNew(file, statistics.toJson().getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            io.deleteQuietly(file);
            throw CommitFailedException.because(table.location(), e);
        }
        boolean landed = false;
        try (CommitHooks hooks = CommitHooks.open(table)) {
            long id = new FileStoreCommit(store, UUID.randomUUID().toString(), hooks).commitStatistics(name);
            landed = true;
            return id;
        } catch (CommitStateUnknownException | CommitCallbackException e) {
            landed = true; // it landed, or may have: the snapshot may name the file
            throw e;
        } finally {
            if (!landed) {
                io.deleteQuietly(file);
            }
        }
    }

    /** The snapshot must exist and have the statistics' schema; every column must be one of that schema. */
    private void check(Statistics statistics) {
        Snapshot snapshot;
        try {
            snapshot = store.snapshotManager().snapshot(statistics.snapshotId());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Statistics of table " + table.location() + " name snapshot "
                    + statistics.snapshotId() + ", which cannot be read: " + e.getMessage(), e);
        }
        if (snapshot.schemaId() != statistics.schemaId()) {
            throw new IllegalArgumentException("Statistics of table " + table.location() + " give schema "
                    + statistics.schemaId() + " for snapshot " + snapshot.id() + ", which has schema "
                    + snapshot.schemaId());
        }
        TableSchema schema = schemas.schema(statistics.schemaId());
        for (Map.Entry<String, ColumnStatistics> e : statistics.columns().entrySet()) {
            int index = schema.rowType().indexOf(e.getKey());
            if (index < 0 || schema.fields().get(index).id() != e.getValue().columnId()) {
                throw new IllegalArgumentException("Statistics of table " + table.location() + " name column '"
                        + e.getKey() + "' (id " + e.getValue().columnId() + "), which schema " + schema.id()
                        + " does not have; its columns are " + schema.rowType().fieldNames());
            }
            DataField field = schema.fields().get(index);
            StatisticsText.parse(e.getValue().min(), field.type());
            StatisticsText.parse(e.getValue().max(), field.type());
        }
    }

    @Override
    public Statistics fromDataFiles(Snapshot snapshot) {
        return fromDataFiles(snapshot, null);
    }

    @Override
    public Statistics fromDataFiles(Snapshot snapshot, Predicate filter) {
        TableSchema schema = schemas.schema(snapshot.schemaId());
        Map<Long, TableSchema> fileSchemas = new HashMap<>();
        Map<Integer, ColumnRange> ranges = new LinkedHashMap<>();
        for (DataField field : schema.fields()) {
            ranges.put(field.id(), new ColumnRange(field));
        }
        TableScan scan = table.newScan().asOfSnapshot(snapshot.id());
        if (filter != null) {
            scan = scan.filter(filter);
        }
        for (Split split : scan.plan().splits()) {
            for (DataFileMeta file : split.files()) {
                FileValueStats stats = new FileValueStats(file,
                        fileSchemas.computeIfAbsent(file.schemaId(), schemas::schema));
                for (ColumnRange range : ranges.values()) {
                    range.add(stats, file.rowCount());
                }
            }
        }
        Map<String, ColumnStatistics> columns = new LinkedHashMap<>();
        for (DataField field : schema.fields()) {
            columns.put(field.name(), ranges.get(field.id()).toStatistics());
        }
        return new Statistics(snapshot.id(), schema.id(), null, null, columns);
    }

    private Path path(String fileName) {
        return new Path(new Path(table.location(), DIRECTORY), fileName);
    }
}
