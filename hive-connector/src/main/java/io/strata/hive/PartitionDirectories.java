package io.strata.hive;

import io.strata.data.Utf8String;
import io.strata.predicate.Predicate;
import io.strata.predicate.PredicateBuilder;
import io.strata.schema.TableOptions;
import io.strata.schema.TableSchema;
import io.strata.table.Table;
import io.strata.table.Split;
import io.strata.table.TablePaths;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Where a Hive input path lies in a Strata table. A Hive table the metastore sync registered is
 * PARTITIONED in the metastore: Hive then hands the partition directories ({@code <table>/dt=2024-01-01})
 * as input paths, and the Strata table is their nearest ancestor holding a {@code schema/schema-N} file.
 * Partition directories are compared as {@link TablePaths#partitionPath} writes them (the sync registers
 * exactly those), never parsed into values except to prune manifests.
 */
final class PartitionDirectories {

    private PartitionDirectories() {}

    /**
     * The Strata table root at or above {@code path}: the path itself, or the nearest ancestor with a
     * {@code schema/} directory holding a {@code schema-N} file, climbing only through partition
     * directories ({@code k=v}); {@code path} itself when there is none, so loading it fails with the
     * usual "no table" message.
     */
    static Path tableRoot(Configuration conf, Path path) throws IOException {
        return tableRoot(conf, path, Set.of());
    }

    /**
     * As {@link #tableRoot(Configuration, Path)}, but an ancestor already in {@code knownRoots} is taken
     * without touching the file system (Hive may pass thousands of partition directories of one table).
     */
    static Path tableRoot(Configuration conf, Path path, Set<Path> knownRoots) throws IOException {
        for (Path p = path; p != null; p = p.getParent()) {
            if (knownRoots.contains(p)) {
                return p;
            }
            if (p.getName().indexOf('=') < 0) {
                break;
            }
        }
        FileSystem fs = path.getFileSystem(conf == null ? new Configuration() : conf);
        for (Path p = path; p != null; p = p.getParent()) {
            if (hasSchema(fs, p)) {
                return p;
            }
            if (p.getName().indexOf('=') < 0) {
                break; // not a partition directory: the table cannot be further up
            }
        }
        return path;
    }

    private static boolean hasSchema(FileSystem fs, Path dir) throws IOException {
        Path schemaDir = new Path(dir, "schema");
        if (!fs.exists(schemaDir)) {
            return false;
        }
        for (FileStatus status : fs.listStatus(schemaDir)) {
            if (status.getPath().getName().startsWith("schema-")) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code path} relative to {@code root} ({@code dt=2024-01-01/hr=3}), empty for the root itself.
     * Compared by path components, so a scheme or authority written differently does not matter.
     *
     * @throws IllegalArgumentException when {@code path} is not under {@code root}
     */
    static String relative(Path root, Path path) {
        String rootPath = Path.getPathWithoutSchemeAndAuthority(root).toString();
        List<String> names = new ArrayList<>();
        for (Path p = Path.getPathWithoutSchemeAndAuthority(path); p != null; p = p.getParent()) {
            if (p.toString().equals(rootPath)) {
                Collections.reverse(names);
                return String.join("/", names);
            }
            names.add(p.getName());
        }
        throw new IllegalArgumentException("Hive input path " + path + " is not inside Strata table " + root);
    }

    /** The directory (relative to the table root) of a split's partition. */
    static String of(Table table, Split split) {
        return paths(table).partitionPath(split.partition());
    }

    static TablePaths paths(Table table) {
        TableSchema schema = table.schema();
        return new TablePaths(table.location(), schema.partitionType(),
                new TableOptions(schema.options()).partitionDefaultName());
    }

    /**
     * A predicate every row of the given partition directories matches (null when it cannot narrow
     * anything), so planning skips the manifests of other partitions. It may match more (a key of a type
     * whose directory text is not parsed here is left open); the caller keeps exactly the asked
     * directories by {@link #of}.
     */
    static Predicate predicate(TableSchema schema, Collection<String> partitionDirectories) {
        RowType rowType = schema.rowType();
        List<String> keys = schema.partitionKeys();
        if (keys.isEmpty() || partitionDirectories.isEmpty()) {
            return null;
        }
        String defaultName = new TableOptions(schema.options()).partitionDefaultName();
        boolean legacyName = new TableOptions(schema.options()).get(TableOptions.PARTITION_LEGACY_NAME);
        PredicateBuilder builder = new PredicateBuilder(rowType);
        List<Predicate> alternatives = new ArrayList<>();
        for (String directory : partitionDirectories) {
            String[] parts = directory.split("/");
            if (parts.length != keys.size()) {
                return null;
            }
            List<Predicate> conjuncts = new ArrayList<>();
            for (int i = 0; i < parts.length; i++) {
                int eq = parts[i].indexOf('=');
                if (eq < 0) {
                    return null;
                }
                String text = TablePaths.unescape(parts[i].substring(eq + 1));
                if (text.equals(defaultName)) {
                    continue; // null or blank: left open
                }
                DataField field = rowType.field(rowType.requireIndexOf(keys.get(i)));
                Object literal = literal(field, text, legacyName);
                if (literal != null) {
                    conjuncts.add(builder.equal(field.name(), literal));
                }
            }
            if (conjuncts.isEmpty()) {
                return null; // this directory matches anything we could express
            }
            alternatives.add(conjuncts.size() == 1 ? conjuncts.get(0)
                    : PredicateBuilder.and(conjuncts.toArray(new Predicate[0])));
        }
        return alternatives.size() == 1 ? alternatives.get(0)
                : PredicateBuilder.or(alternatives.toArray(new Predicate[0]));
    }

    /** The internal value of a directory's text for the common key types, null for the others. */
    private static Object literal(DataField field, String text, boolean legacyName) {
        if (!(field.type() instanceof AtomicType type)) {
            return null;
        }
        try {
            return switch (type.root()) {
                case CHAR, VARCHAR -> Utf8String.fromString(text);
                case TINYINT -> Byte.parseByte(text);
                case SMALLINT -> Short.parseShort(text);
                case INT -> Integer.parseInt(text);
                case BIGINT -> Long.parseLong(text);
                case BOOLEAN -> text.equals("true") ? Boolean.TRUE : text.equals("false") ? Boolean.FALSE : null;
                // A legacy directory name holds the internal day number.
                case DATE -> legacyName ? Integer.parseInt(text) : null;
                default -> null;
            };
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
