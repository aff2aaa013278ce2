package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.data.BinaryRow;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.IndexFileMeta;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Bytes for shipping {@link CommitMessage}s between processes: a task writes them to a file, the job's
 * commit reads them back. A version byte leads (so the form can evolve), then the messages, each with
 * its files in the form {@link SplitCodec} uses for a split's files. No Java serialization.
 */
@PublicApi
public final class CommitMessageCodec {

    private static final byte VERSION = 1;

    private CommitMessageCodec() {}

    /** The messages as bytes. */
    public static byte[] encode(List<CommitMessage> messages) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + 512 * messages.size());
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(VERSION);
            out.writeInt(messages.size());
            for (CommitMessage message : messages) {
                FileMetaCodec.writeRow(out, message.partition());
                out.writeInt(message.bucket());
                out.writeInt(message.totalBuckets());
                CommitMessageFiles m = message.files();
                writeFiles(out, m.newFiles());
                writeFiles(out, m.changelogFiles());
                writeFiles(out, m.compactBefore());
                writeFiles(out, m.compactAfter());
                writeFiles(out, m.compactChangelog());
                writeIndexFiles(out, m.newIndexFiles());
                writeIndexFiles(out, m.deletedIndexFiles());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /**
     * The messages of {@link #encode(List)}'s bytes.
     *
     * @throws IllegalArgumentException the bytes are not commit messages of a known version: truncated,
     *     with trailing bytes, or corrupt (the message says which)
     */
    public static List<CommitMessage> decode(byte[] bytes) {
        if (bytes == null || bytes.length == 0) {
            throw new IllegalArgumentException("Encoded commit messages are empty (no version byte)");
        }
        if (bytes[0] != VERSION) {
            throw new IllegalArgumentException("Unknown commit message encoding version " + bytes[0] + " (expected "
                    + VERSION + "): not commit messages, or written by a newer Strata");
        }
        int message = -1;
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            in.readByte();
            int count = in.readInt();
            if (count < 0) {
                throw new IOException("negative message count " + count);
            }
            FileMetaCodec.checkLength(in, count);
            List<CommitMessage> messages = new ArrayList<>(count);
            for (message = 0; message < count; message++) {
                BinaryRow partition = FileMetaCodec.readRow(in);
                if (partition == null) {
                    throw new IOException("no partition");
                }
                int bucket = in.readInt();
                int totalBuckets = in.readInt();
                CommitMessageFiles files = new CommitMessageFiles(readFiles(in), readFiles(in), readFiles(in),
                        readFiles(in), readFiles(in), readIndexFiles(in), readIndexFiles(in));
                messages.add(files.toMessage(partition, bucket, totalBuckets));
            }
            message = -1;
            if (in.available() != 0) {
                throw new IOException(in.available() + " trailing bytes after " + count + " messages");
            }
            return messages;
        } catch (EOFException e) {
            throw new IllegalArgumentException("Encoded commit messages are truncated (" + bytes.length + " bytes"
                    + where(message) + ")" + (e.getMessage() == null ? "" : ": " + e.getMessage()), e);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("Encoded commit messages are corrupt (" + bytes.length + " bytes"
                    + where(message) + "): " + e.getMessage(), e);
        }
    }

    private static String where(int message) {
        return message < 0 ? "" : ", in message " + message;
    }

    private static void writeFiles(DataOutputStream out, List<DataFileMeta> files) throws IOException {
        out.writeInt(files.size());
        for (DataFileMeta f : files) {
            FileMetaCodec.writeFile(out, f);
        }
    }

    private static List<DataFileMeta> readFiles(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            throw new IOException("negative file count " + n);
        }
        FileMetaCodec.checkLength(in, n);
        List<DataFileMeta> files = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            files.add(FileMetaCodec.readFile(in));
        }
        return files;
    }

    private static void writeIndexFiles(DataOutputStream out, List<IndexFileMeta> files) throws IOException {
        out.writeInt(files.size());
        for (IndexFileMeta f : files) {
            FileMetaCodec.writeIndexFile(out, f);
        }
    }

    private static List<IndexFileMeta> readIndexFiles(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            throw new IOException("negative index file count " + n);
        }
        FileMetaCodec.checkLength(in, n);
        List<IndexFileMeta> files = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            files.add(FileMetaCodec.readIndexFile(in));
        }
        return files;
    }
}
