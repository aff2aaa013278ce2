package io.strata.table.lifecycle;

import io.strata.data.BinaryRow;
import io.strata.data.RowValues;
import io.strata.manifest.ManifestEntry;
import io.strata.schema.PartitionExpirationOptions;
import io.strata.schema.TableOptions;
import io.strata.schema.TableSchema;
import io.strata.snapshot.Snapshot;
import io.strata.table.ExpirePartitions;
import io.strata.table.Table;
import io.strata.table.TableCommit;
import io.strata.table.store.TableStore;
import io.strata.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Partition expiration ({@code partition.expiration-time}, docs/snapshot-lifecycle.md), as Paimon 1.4 expires
 * partitions: a partition whose time, by its values ({@code values-time}) or its newest file's creation
 * ({@code update-time}), is older than now minus the expiration time is dropped with an OVERWRITE snapshot
 * that deletes its files ({@link TableCommit#truncatePartitions}, so commit callbacks, the metastore sync
 * among them, see it like any partition drop). At most {@code partition.expiration-max-num} partitions per
 * run, the earliest by their values as text, in snapshots of {@code partition.expiration-batch-size}.
 * Partitions whose values give no time (or hold a null) are kept, with a warning.
 *
 * <p>After a commit it runs when {@code partition.expiration-check-interval} has passed since this process
 * last checked the table (the first check of a process waits a random part of the interval, as Paimon's writers
 * do, so that many writers do not check at once); {@link #commit} runs it now.
 */
public final class PartitionExpiration implements ExpirePartitions {

    private static final Logger LOG = LoggerFactory.getLogger(PartitionExpiration.class);

    /** When this process last checked each table, as Paimon's writer keeps it. */
    private static final Map<Path, LocalDateTime> LAST_CHECK = new ConcurrentHashMap<>();
    /** The drop's own commit runs the maintenance again: it must not expire again inside. */
    private static final ThreadLocal<Boolean> RUNNING = ThreadLocal.withInitial(() -> false);

    private final Table table;

    public PartitionExpiration(Table table) {
        this.table = table;
    }

    @Override
    public List<Map<String, String>> plan() {
        return expiredSpecs(TableStore.of(table).reloaded());
    }

    @Override
    public List<Map<String, String>> commit() {
        return run(table, TableStore.of(table).reloaded());
    }

    /** After a landed commit: expires when configured and due. Failures are the caller's to log. */
    static void afterCommit(Table table, TableStore store) {
        Map<String, String> options = store.schema().options();
        if (!PartitionExpirationOptions.enabled(options) || store.schema().partitionKeys().isEmpty() || RUNNING.get()) {
            return;
        }
        Duration interval = PartitionExpirationOptions.CHECK_INTERVAL.get(options);
        LocalDateTime now = LocalDateTime.now(store.clock());
        LocalDateTime last = LAST_CHECK.computeIfAbsent(store.location(), k -> now.minusSeconds(
                interval.getSeconds() > 0 ? ThreadLocalRandom.current().nextLong(interval.getSeconds()) : 0));
        if (!interval.isZero() && !now.isAfter(last.plus(interval))) {
            return;
        }
        LAST_CHECK.put(store.location(), now);
        run(table, store);
    }

    private static List<Map<String, String>> run(Table table, TableStore store) {
        List<Map<String, String>> specs = expiredSpecs(store);
        if (specs.isEmpty()) {
            return specs;
        }
        Integer batch = PartitionExpirationOptions.BATCH_SIZE.get(store.schema().options());
        int size = batch == null ? specs.size() : batch;
        LOG.info("Expiring partitions of {}: {}", store.location(), specs);
        RUNNING.set(true);
        try {
            for (int from = 0; from < specs.size(); from += size) {
                // A commit user per batch: a second commit of one user and identifier would count as landed.
                try (TableCommit commit = table.newCommit("partition-expire-" + UUID.randomUUID())) {
                    commit.truncatePartitions(specs.subList(from, Math.min(specs.size(), from + size)));
                }
            }
        } catch (Exception e) {
            throw e instanceof RuntimeException r ? r : new IllegalStateException(e);
        } finally {
            RUNNING.set(false);
        }
        return specs;
    }

    /** The expired partitions as specs, earliest first, at most {@code partition.expiration-max-num}. */
    private static List<Map<String, String>> expiredSpecs(TableStore store) {
        TableSchema schema = store.schema();
        Map<String, String> options = schema.options();
        Duration expiration = PartitionExpirationOptions.EXPIRATION_TIME.get(options);
        if (expiration == null || schema.partitionKeys().isEmpty()) {
            return List.of();
        }
        Snapshot latest = store.snapshotManager().latestSnapshot().orElse(null);
        if (latest == null) {
            return List.of();
        }
        LocalDateTime cutoff = LocalDateTime.now(store.clock()).minus(expiration);
        List<List<String>> expired = expired(store, latest, cutoff, options);
        expired.sort(Comparator.comparing(values -> String.join(",", values)));
        int max = PartitionExpirationOptions.MAX_NUM.get(options);
        List<Map<String, String>> specs = new ArrayList<>();
        for (List<String> values : expired.subList(0, Math.min(max, expired.size()))) {
            Map<String, String> spec = new LinkedHashMap<>();
            for (int i = 0; i < values.size(); i++) {
                spec.put(schema.partitionKeys().get(i), values.get(i));
            }
            specs.add(spec);
        }
        return specs;
    }

    /** The values (directory text, the default name for null) of each partition past the cutoff. */
    private static List<List<String>> expired(TableStore store, Snapshot latest, LocalDateTime cutoff,
            Map<String, String> options) {
        TableSchema schema = store.schema();
        RowType partitionType = schema.partitionType();
        String defaultName = new TableOptions(options).partitionDefaultName();
        boolean byValues = PartitionExpirationOptions.STRATEGY.get(options) == PartitionExpirationOptions.Strategy.VALUES_TIME;
        PartitionTimeExtractor extractor = new PartitionTimeExtractor(
                PartitionExpirationOptions.TIMESTAMP_PATTERN.get(options),
                PartitionExpirationOptions.TIMESTAMP_FORMATTER.get(options));
        Map<BinaryRow, LocalDateTime> newestFile = new LinkedHashMap<>();
        try {
            for (ManifestEntry e : store.snapshotFiles().liveEntries(latest, null)) {
                LocalDateTime created = e.file().creationTime() == null ? LocalDateTime.MAX
                        : e.file().creationTime().toLocalDateTime();
                newestFile.merge(e.partition(), created, (a, b) -> a.isAfter(b) ? a : b);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the files of snapshot " + latest.id() + " of table "
                    + store.location() + ": " + e.getMessage(), e);
        }
        List<List<String>> out = new ArrayList<>();
        for (Map.Entry<BinaryRow, LocalDateTime> p : newestFile.entrySet()) {
            List<String> values = new ArrayList<>();
            boolean hasNull = false;
            for (int i = 0; i < partitionType.fieldCount(); i++) {
                Object v = RowValues.get(p.getKey(), i, partitionType.typeAt(i));
                hasNull |= v == null;
                values.add(v == null ? null : v.toString());
            }
            boolean expired;
            if (byValues) {
                try {
                    expired = cutoff.isAfter(extractor.extract(schema.partitionKeys(), values));
                } catch (DateTimeParseException | NullPointerException e) {
                    LOG.warn("Partition {} of {} gives no time with 'partition.timestamp-pattern' and "
                            + "'partition.timestamp-formatter' ({}): it is not expired; drop it by hand or use "
                            + "'partition.expiration-strategy' = 'update-time'", values, store.location(),
                            hasNull ? "a null value" : e.getMessage());
                    expired = false;
                }
            } else {
                expired = cutoff.isAfter(p.getValue());
            }
            if (expired) {
                values.replaceAll(v -> v == null ? defaultName : v);
                out.add(values);
            }
        }
        return out;
    }
}
