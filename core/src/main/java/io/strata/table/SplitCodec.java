package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.data.BinaryRow;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.IndexFileMeta;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A split in a compact binary form of its own, for engines that ship splits to tasks (Hive's
 * InputSplits): the snapshot id, partition, bucket, and each file's metadata. No Java serialization,
 * no table objects; a version byte leads so that the form can evolve.
 */
@PublicApi
public final class SplitCodec {

    private static final byte VERSION = 1;

    private SplitCodec() {}

    public static byte[] encode(Split split) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256 + 256 * split.files().size());
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(VERSION);
            out.writeLong(split.snapshotId());
            FileMetaCodec.writeRow(out, split.partition());
            out.writeInt(split.bucket());
            out.writeInt(split.totalBuckets());
            out.writeInt(split.files().size());
            for (DataFileMeta f : split.files()) {
                FileMetaCodec.writeFile(out, f);
            }
            out.writeInt(split.deletionIndexFiles().size());
            for (IndexFileMeta m : split.deletionIndexFiles()) {
                FileMetaCodec.writeIndexFile(out, m);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    public static Split decode(byte[] encoded) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(encoded))) {
            byte version = in.readByte();
            if (version != VERSION) {
                throw new IllegalArgumentException("Unknown split encoding version " + version + " (expected " + VERSION + ")");
            }
            long snapshotId = in.readLong();
            BinaryRow partition = FileMetaCodec.readRow(in);
            int bucket = in.readInt();
            int totalBuckets = in.readInt();
            int fileCount = in.readInt();
            List<DataFileMeta> files = new ArrayList<>(fileCount);
            for (int i = 0; i < fileCount; i++) {
                files.add(FileMetaCodec.readFile(in));
            }
            int indexCount = in.readInt();
            List<IndexFileMeta> index = new ArrayList<>(indexCount);
            for (int i = 0; i < indexCount; i++) {
                index.add(FileMetaCodec.readIndexFile(in));
            }
            if (in.available() != 0) {
                throw new IllegalArgumentException("Encoded split has " + in.available() + " trailing bytes");
            }
            return new Split(snapshotId, partition, bucket, totalBuckets, files, index);
        } catch (IOException e) {
            throw new IllegalArgumentException("Corrupt encoded split (" + encoded.length + " bytes): " + e, e);
        }
    }
}
