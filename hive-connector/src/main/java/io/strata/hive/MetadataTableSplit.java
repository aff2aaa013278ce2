package io.strata.hive;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.FileSplit;

/**
 * The one split of a query over a metadata table ({@code db.t.snapshots}, {@link io.strata.table.metadata}): the
 * table, the metadata table's name and the snapshot the query reads (resolved once at planning, as for data
 * reads). A {@link FileSplit} on the table's location, because Hive matches every split's path against the
 * query's input directories.
 */
public final class MetadataTableSplit extends FileSplit {

    private String tableLocation;
    private String name;
    /** The snapshot to describe, or {@code -1}: none (the latest, or the table has none). */
    private long snapshotId;
    /** Paimon's read options for the metadata table ({@code incremental-between} for {@code audit_log}). */
    private Map<String, String> readOptions = Map.of();

    /** For Hadoop's deserialization only. */
    public MetadataTableSplit() {
        super((Path) null, 0, 0, (String[]) null);
    }

    MetadataTableSplit(Path inputPath, Path tableLocation, String name, OptionalLong snapshotId,
            Map<String, String> readOptions) {
        super(inputPath, 0, 1, new String[0]);
        this.tableLocation = tableLocation.toString();
        this.name = name;
        this.snapshotId = snapshotId.orElse(-1);
        this.readOptions = new TreeMap<>(readOptions);
    }

    Path tableLocation() {
        return new Path(tableLocation);
    }

    /** The metadata table's name ({@code snapshots}, ...). */
    String name() {
        return name;
    }

    OptionalLong snapshotId() {
        return snapshotId < 0 ? OptionalLong.empty() : OptionalLong.of(snapshotId);
    }

    Map<String, String> readOptions() {
        return readOptions;
    }

    @Override
    public void write(DataOutput out) throws IOException {
        super.write(out);
        out.writeUTF(tableLocation);
        out.writeUTF(name);
        out.writeLong(snapshotId);
        out.writeInt(readOptions.size());
        for (Map.Entry<String, String> e : readOptions.entrySet()) {
            out.writeUTF(e.getKey());
            out.writeUTF(e.getValue());
        }
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        super.readFields(in);
        tableLocation = in.readUTF();
        name = in.readUTF();
        snapshotId = in.readLong();
        int options = in.readInt();
        Map<String, String> read = new TreeMap<>();
        for (int i = 0; i < options; i++) {
            read.put(in.readUTF(), in.readUTF());
        }
        readOptions = read;
    }

    @Override
    public String toString() {
        return "MetadataTableSplit[" + tableLocation + "." + name + (snapshotId < 0 ? "" : ", snapshot " + snapshotId)
                + (readOptions.isEmpty() ? "" : ", " + readOptions) + "]";
    }
}
