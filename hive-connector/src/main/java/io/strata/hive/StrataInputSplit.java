package io.strata.hive;

import io.strata.table.Split;
import io.strata.table.SplitCodec;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.io.ColumnarSplit;
import org.apache.hadoop.mapred.FileSplit;

/**
 * One or more Strata {@link Split}s shipped to a Hive task, read one after the other. It is a {@link FileSplit}
 * whose path is the input directory Hive gave (the table location, or for a table the metastore sync
 * registered, the partition's directory) because Hive matches every split's path against the query's input
 * directories; the splits themselves travel in {@link SplitCodec}'s compact form, with the snapshot the whole
 * query reads. Several splits share one task only on MapReduce, which does not group a storage handler's splits
 * itself ({@link #combine}).
 *
 * <p>Its length is the bytes of its files; its {@linkplain #getColumnarProjectionSize() projection size}, what
 * Tez weighs when it groups splits into tasks (as it weighs an ORC split by the columns a query reads), is the
 * share of those bytes a task decodes.
 */
public final class StrataInputSplit extends FileSplit implements ColumnarSplit {

    private String tableLocation;
    private long snapshotId;
    private List<byte[]> encodedSplits;
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
        this(inputPath, tableLocation.toString(), split.snapshotId(), List.of(SplitCodec.encode(split)),
                fileBytes(split), projectionSize);
    }

    private StrataInputSplit(Path inputPath, String tableLocation, long snapshotId, List<byte[]> encodedSplits,
            long length, long projectionSize) {
        super(inputPath, 0, length, new String[0]);
        this.tableLocation = tableLocation;
        this.snapshotId = snapshotId;
        this.encodedSplits = encodedSplits;
        this.projectionSize = projectionSize;
    }

    private static long fileBytes(Split split) {
        long n = 0;
        for (var f : split.files()) {
            n += f.fileSize();
        }
        return n;
    }

    /**
     * The splits as few splits of at most {@code maxLength} bytes each (a split larger alone stays alone): splits
     * of one input directory, in their order, are read by one task one after the other. MapReduce runs a map task
     * per split and does not combine a storage handler's splits as it combines small files, so a table of many
     * small buckets would otherwise start a task per bucket.
     */
    static List<StrataInputSplit> combine(List<StrataInputSplit> splits, long maxLength) {
        List<StrataInputSplit> combined = new ArrayList<>();
        StrataInputSplit open = null;
        for (StrataInputSplit split : splits) {
            if (open != null && open.getPath().equals(split.getPath())
                    && open.tableLocation.equals(split.tableLocation) && open.snapshotId == split.snapshotId
                    && open.getLength() + split.getLength() <= maxLength) {
                List<byte[]> parts = new ArrayList<>(open.encodedSplits);
                parts.addAll(split.encodedSplits);
                open = new StrataInputSplit(open.getPath(), open.tableLocation, open.snapshotId, parts,
                        open.getLength() + split.getLength(), open.projectionSize + split.projectionSize);
                combined.set(combined.size() - 1, open);
                continue;
            }
            combined.add(split);
            open = split;
        }
        return combined;
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

    /** The Strata split, of a split that holds one ({@link #parts()} has each of several). */
    public Split split() {
        if (encodedSplits.size() != 1) {
            throw new IllegalStateException(this + " holds " + encodedSplits.size() + " splits: read its parts");
        }
        return SplitCodec.decode(encodedSplits.get(0));
    }

    /** Each Strata split this one holds, as a split of its own on the same input directory, in reading order. */
    List<StrataInputSplit> parts() {
        if (encodedSplits.size() == 1) {
            return List.of(this);
        }
        List<StrataInputSplit> parts = new ArrayList<>(encodedSplits.size());
        for (byte[] encoded : encodedSplits) {
            Split split = SplitCodec.decode(encoded);
            parts.add(new StrataInputSplit(getPath(), tableLocation, snapshotId, List.of(encoded), fileBytes(split),
                    projectionSize / encodedSplits.size()));
        }
        return parts;
    }

    @Override
    public void write(DataOutput out) throws IOException {
        super.write(out);
        out.writeUTF(tableLocation);
        out.writeLong(snapshotId);
        out.writeInt(encodedSplits.size());
        for (byte[] encoded : encodedSplits) {
            out.writeInt(encoded.length);
            out.write(encoded);
        }
        out.writeLong(projectionSize);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        super.readFields(in);
        tableLocation = in.readUTF();
        snapshotId = in.readLong();
        int count = in.readInt();
        if (count < 1) {
            throw new IOException("Corrupt Strata split for " + getPath() + ": " + count + " parts");
        }
        encodedSplits = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int length = in.readInt();
            if (length < 0) {
                throw new IOException("Corrupt Strata split for " + getPath() + ": negative payload length " + length);
            }
            byte[] encoded = new byte[length];
            in.readFully(encoded);
            encodedSplits.add(encoded);
        }
        projectionSize = in.readLong();
    }

    @Override
    public String toString() {
        int bytes = 0;
        for (byte[] encoded : encodedSplits) {
            bytes += encoded.length;
        }
        return "StrataInputSplit[" + getPath() + ", snapshot " + snapshotId
                + (encodedSplits.size() > 1 ? ", " + encodedSplits.size() + " splits" : "") + ", " + bytes + " bytes]";
    }
}
