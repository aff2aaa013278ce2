package io.strata.table.write;

import io.strata.data.BinaryRow;
import io.strata.data.RowValues;
import io.strata.manifest.FileKind;
import io.strata.manifest.IndexManifestEntry;
import io.strata.manifest.ManifestEntry;
import io.strata.snapshot.Snapshot;
import io.strata.table.CommitMessage;
import io.strata.table.CommitMessageFiles;
import io.strata.table.commit.FileStoreCommit;
import io.strata.table.store.TableStore;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which partitions an overwrite replaces, and what replacing them deletes in a given snapshot (Paimon's
 * {@code FileStoreCommitImpl.overwrite}, with its default {@code dynamic-partition-overwrite=true}; a
 * truncate is an overwrite by nothing, as Paimon's {@code truncateTable} and {@code truncatePartitions}). An
 * empty static partition is a dynamic overwrite: the partitions the messages add files to are replaced,
 * or the whole table if it is unpartitioned. A static partition ({@code column -> value}, a subset of the
 * partition columns, values as the partition directory names show them before escaping, the default
 * partition name for null) replaces every partition matching it, and every message must write into it.
 */
final class Overwrite {

    private final TableStore store;
    /** The partitions replaced; null when nothing is (a dynamic overwrite adding no file). */
    private final Predicate<BinaryRow> replaced;

    private Overwrite(TableStore store, Predicate<BinaryRow> replaced) {
        this.store = store;
        this.replaced = replaced;
    }

    /**
     * The overwrite of {@code staticPartition} by the messages.
     *
     * @throws IllegalArgumentException a key of {@code staticPartition} is not a partition column, a value
     *     is null, or a message writes a partition that does not match it
     */
    static Overwrite of(TableStore store, List<CommitMessage> messages, Map<String, String> staticPartition) {
        Objects.requireNonNull(messages, "messages");
        Objects.requireNonNull(staticPartition, "staticPartition");
        RowType partitionType = store.schema().partitionType();
        String defaultName = store.schema().tableOptions().partitionDefaultName();
        if (staticPartition.isEmpty()) {
            if (partitionType.fieldCount() == 0) {
                return new Overwrite(store, p -> true);
            }
            Set<BinaryRow> written = new HashSet<>();
            for (CommitMessage m : messages) {
                if (!CommitMessageFiles.of(m).newFiles().isEmpty()) {
                    written.add(m.partition());
                }
            }
            return new Overwrite(store, written.isEmpty() ? null : written::contains);
        }
        Map<Integer, String> spec = spec(store, staticPartition, "overwrite");
        Predicate<BinaryRow> matches = p -> mismatch(partitionType, defaultName, spec, p) < 0;
        for (CommitMessage m : messages) {
            int column = mismatch(partitionType, defaultName, spec, m.partition());
            if (column >= 0) {
                throw new IllegalArgumentException("Cannot overwrite partition " + staticPartition + " of table "
                        + store.location() + ": a message writes partition "
                        + store.paths().partitionPath(m.partition()) + ", whose column '"
                        + partitionType.field(column).name() + "' is '" + text(partitionType, defaultName, m.partition(),
                        column) + "', not '" + spec.get(column) + "'");
            }
        }
        return new Overwrite(store, matches);
    }

    /** A TRUNCATE TABLE: every live file of the table is replaced by nothing. */
    static Overwrite everything(TableStore store) {
        return new Overwrite(store, p -> true);
    }

    /**
     * A TRUNCATE of partitions: every partition matching one of the specs is replaced by nothing. A spec
     * maps partition columns (all or some) to values as in {@link #of}; an empty spec matches every partition.
     *
     * @throws IllegalArgumentException no spec is given, a key is not a partition column, or a value is null
     */
    static Overwrite partitions(TableStore store, List<Map<String, String>> partitions) {
        Objects.requireNonNull(partitions, "partitions");
        if (partitions.isEmpty()) {
            throw new IllegalArgumentException("Cannot truncate partitions of table " + store.location()
                    + ": no partition given (truncate the whole table instead)");
        }
        RowType partitionType = store.schema().partitionType();
        String defaultName = store.schema().tableOptions().partitionDefaultName();
        List<Map<Integer, String>> specs = new ArrayList<>();
        for (Map<String, String> partition : partitions) {
            specs.add(spec(store, Objects.requireNonNull(partition, "partition"), "truncate"));
        }
        return new Overwrite(store, p -> specs.stream().anyMatch(spec -> mismatch(partitionType, defaultName, spec, p) < 0));
    }

    /**
     * A partition spec by column position.
     *
     * @throws IllegalArgumentException a key is not a partition column or a value is null, naming the table,
     *     the column and what was asked ({@code action}: overwrite, truncate)
     */
    private static Map<Integer, String> spec(TableStore store, Map<String, String> partition, String action) {
        RowType partitionType = store.schema().partitionType();
        Map<Integer, String> spec = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : partition.entrySet()) {
            int index = partitionType.fieldNames().indexOf(e.getKey());
            if (index < 0) {
                throw new IllegalArgumentException("Cannot " + action + " partition " + partition + " of table "
                        + store.location() + ": column '" + e.getKey() + "' is not a partition column (partition "
                        + "columns: " + store.schema().partitionKeys() + ")");
            }
            if (e.getValue() == null) {
                throw new IllegalArgumentException("Cannot " + action + " partition " + partition + " of table "
                        + store.location() + ": column '" + e.getKey() + "' has no value (the default partition is '"
                        + store.schema().tableOptions().partitionDefaultName() + "')");
            }
            spec.put(index, e.getValue());
        }
        return spec;
    }

    /** The first column of the spec whose value {@code partition} does not have, or -1 if it matches. */
    private static int mismatch(RowType type, String defaultName, Map<Integer, String> spec, BinaryRow partition) {
        for (Map.Entry<Integer, String> e : spec.entrySet()) {
            if (!e.getValue().equals(text(type, defaultName, partition, e.getKey()))) {
                return e.getKey();
            }
        }
        return -1;
    }

    /** A partition value as its directory name shows it before escaping (as {@code TablePaths.partitionPath}). */
    private static String text(RowType type, String defaultName, BinaryRow partition, int i) {
        Object v = RowValues.get(partition, i, type.typeAt(i));
        String text = v == null ? null : v.toString();
        return text == null || text.isBlank() ? defaultName : text;
    }

    /**
     * What replacing the partitions deletes in {@code latest}: every live data file of theirs and every index
     * file (deletion vectors, hash indexes) of their buckets, as DELETE entries. Computed again at each attempt.
     */
    FileStoreCommit.Changes replaced(Snapshot latest) throws IOException {
        List<ManifestEntry> files = new ArrayList<>();
        List<IndexManifestEntry> index = new ArrayList<>();
        if (latest != null && replaced != null) {
            for (ManifestEntry e : store.snapshotFiles().liveEntries(latest, null)) {
                if (replaced.test(e.partition())) {
                    files.add(new ManifestEntry(FileKind.DELETE, e.partition(), e.bucket(), e.totalBuckets(), e.file()));
                }
            }
            for (IndexManifestEntry e : store.snapshotFiles().liveIndexEntries(latest)) {
                if (replaced.test(e.partition())) {
                    index.add(new IndexManifestEntry(FileKind.DELETE, e.partition(), e.bucket(), e.indexFile()));
                }
            }
        }
        return new FileStoreCommit.Changes(files, index);
    }
}
