package io.strata.hive;

import io.strata.table.Split;
import io.strata.table.SplitCodec;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.io.ColumnarSplit;
import org.apache.hadoop.mapred.FileSplit;

/**
 * One Strata {@link Split} shipped to a Hive task. It is a {@link FileSplit} whose path is the input
 * directory Hive gave (the table location, or for a table the metastore sync registered, the partition's
 * directory) because Hive matches every split's path against the query's input directories; the split
 * itself travels in {@link SplitCodec}'s compact form, with the snapshot the whole query reads.
 *
 * <p>Its length is the bytes of its files; its {@linkplain #getColumnarProjectionSize() projection size}, what
 * Tez weighs when it groups splits into tasks (as it weighs an ORC split by the columns a query reads), is the
 * share of those bytes a task decodes.
 */
public final class StrataInputSplit extends FileSplit implements ColumnarSplit {

    private String tableLocation;
    private long snapshotId;
    private byte[] encodedSplit;
    private long projectionSize;

    /** For Hadoop's deserialization only. */
    public StrataInputSplit() {
        super((Path) null, 0, 0, (String[]) null);
    }

    /**
     * @param inputPath the input directory Hive gave: the table location, or the metastore partition's
     *     directory the split's partition is in
     * @param tableLocation the Strata table's root
     * @param projectionSize estimated bytes of the files' columns that reading the split decodes
     */
    StrataInputSplit(Path inputPath, Path tableLocation, Split split, long projectionSize) {
        // Length: the bytes of the split's files, so Hive can weigh splits.
        super(inputPath, 0, fileBytes(split), new String[0]);
        this.tableLocation = tableLocation.toString();
        this.snapshotId = split.snapshotId();
        this.encodedSplit = SplitCodec.encode(split);
        this.projectionSize = projectionSize;
    }

    private static long fileBytes(Split split) {
        long n = 0;
        for (var f : split.files()) {
            n += f.fileSize();
        }
        return n;
    }

    /** The Strata table's root (the split's path may be a partition directory under it). */
    public Path tableLocation() {
        return new Path(tableLocation);
    }

    /** The snapshot every split of the query reads. */
    public long snapshotId() {
        return snapshotId;
    }

    @Override
    public long getColumnarProjectionSize() {
        return projectionSize;
    }

    /** The Strata split. */
    public Split split() {
        return SplitCodec.decode(encodedSplit);
    }

    @Override
    public void write(DataOutput out) throws IOException {
        super.write(out);
        out.writeUTF(tableLocation);
        out.writeLong(snapshotId);
        out.writeInt(encodedSplit.length);
        out.write(encodedSplit);
        out.writeLong(projectionSize);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        super.readFields(in);
        tableLocation = in.readUTF();
        snapshotId = in.readLong();
        int length = in.readInt();
        if (length < 0) {
            throw new IOException("Corrupt Strata split for " + getPath() + ": negative payload length " + length);
        }
        encodedSplit = new byte[length];
        in.readFully(encodedSplit);
        projectionSize = in.readLong();
    }

    @Override
    public String toString() {
        return "StrataInputSplit[" + getPath() + ", snapshot " + snapshotId + ", " + encodedSplit.length + " bytes]";
    }
}
