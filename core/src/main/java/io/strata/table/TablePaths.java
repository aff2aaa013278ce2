package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.data.BinaryRow;
import io.strata.data.RowValues;
import io.strata.manifest.ManifestEntry;
import io.strata.types.RowType;
import java.util.BitSet;
import org.apache.hadoop.fs.Path;

/**
 * Where a table keeps its files (docs/format.md section 1). Partition directories are computed from the
 * partition row, never parsed back: {@code k1=v1/k2=v2}, values escaped as Hive escapes path names,
 * null or blank values as the default partition name.
 */
@PublicApi
public final class TablePaths {

    private static final BitSet ESCAPED = new BitSet(128);

    static {
        for (char c = 0; c < ' '; c++) {
            ESCAPED.set(c);
        }
        for (char c : "\"#%'*/:=?\\\u007F{[]^".toCharArray()) {
            ESCAPED.set(c);
        }
    }

    private final Path root;
    private final RowType partitionType;
    private final String defaultPartitionName;

    public TablePaths(Path root, RowType partitionType, String defaultPartitionName) {
        this.root = root;
        this.partitionType = partitionType;
        this.defaultPartitionName = defaultPartitionName;
    }

    public Path root() {
        return root;
    }

    public Path manifestDirectory() {
        return new Path(root, "manifest");
    }

    public Path indexDirectory() {
        return new Path(root, "index");
    }

    /**
     * Name of {@link #stagingDirectory()} under the table's root. Not part of Paimon's layout: Paimon and
     * Strata readers never look at it.
     */
    public static final String STAGING_DIRECTORY = ".strata-staging";

    /**
     * Where an engine that writes the table from many tasks keeps what each finished task wrote until the
     * job commits once (the Hive connector: {@code <query id>/task-<task>.messages}). A job killed before its
     * commit leaves its files here and its data files in the buckets; {@link RemoveOrphanFiles} removes both
     * once they are old enough.
     */
    public Path stagingDirectory() {
        return new Path(root, STAGING_DIRECTORY);
    }

    /** The relative partition directory, e.g. {@code dt=2024-01-01/hr=3}; empty for an unpartitioned table. */
    public String partitionPath(BinaryRow partition) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < partitionType.fieldCount(); i++) {
            if (i > 0) {
                sb.append('/');
            }
            Object v = RowValues.get(partition, i, partitionType.typeAt(i));
            String text = v == null ? null : v.toString();
            if (text == null || text.isBlank()) {
                text = defaultPartitionName;
            }
            sb.append(escape(partitionType.field(i).name())).append('=').append(escape(text));
        }
        return sb.toString();
    }

    /** The directory of one bucket of one partition. */
    public Path bucketDirectory(BinaryRow partition, int bucket) {
        String partitionPath = partitionPath(partition);
        Path parent = partitionPath.isEmpty() ? root : new Path(root, partitionPath);
        // Paimon's postpone bucket (bucket = -2 tables) keeps its files apart until they are compacted.
        return new Path(parent, bucket == ManifestEntry.POSTPONE_BUCKET ? "bucket-postpone" : "bucket-" + bucket);
    }

    /** Escapes a partition name or value the way Hive and Paimon do ({@code %XX} for special characters). */
    public static String escape(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 128 && ESCAPED.get(c)) {
                if (sb == null) {
                    sb = new StringBuilder(s.length() + 8).append(s, 0, i);
                }
                sb.append('%').append(String.format("%02X", (int) c));
            } else if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? s : sb.toString();
    }

    /**
     * Reverses {@link #escape}: {@code %XX} back to the character; a {@code %} not followed by two hex
     * digits is kept as it is (directories written by other tools).
     */
    public static String unescape(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%' && i + 2 < s.length()) {
                try {
                    sb.append((char) Integer.parseInt(s.substring(i + 1, i + 3), 16));
                    i += 2;
                    continue;
                } catch (NumberFormatException notAnEscape) {
                    // keep the '%'
                }
            }
            sb.append(c);
        }
        return sb.toString();
    }
}
