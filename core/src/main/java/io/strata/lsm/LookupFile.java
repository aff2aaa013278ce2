package io.strata.lsm;

import io.strata.data.BinaryRow;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.manifest.DataFileMeta;
import io.strata.types.RowType;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The records of one data file copied to local disk for key lookups: in key order (a data file of a
 * primary-key bucket holds each key once, sorted), packed into blocks of about {@link #BLOCK_BYTES}, with the
 * first key of every block kept in memory. A lookup bisects those keys, reads one block and bisects it, so a
 * file of any size costs one disk read per lookup and memory for its block keys only. Each record keeps its
 * sequence number, kind and row position in the data file (deletion vectors mark positions).
 *
 * <p>Block layout: records of {@code sequence number (8 bytes), position (8), row size (4), row bytes} (the
 * row a {@link BufferedRowCodec} stored, with its kind). The file is Strata's own and never leaves the
 * machine: it is rebuilt from the data file whenever it is not cached.
 */
final class LookupFile {

    static final int BLOCK_BYTES = 16 * 1024;

    private final Path path;
    private final String dataFileName;
    private final int level;
    private final RowType rowType;
    private final long[] blockOffsets;
    private final int[] blockLengths;
    private final GenericRow[] firstValues;
    private final long diskBytes;

    private LookupFile(Path path, String dataFileName, int level, RowType rowType, long[] blockOffsets,
            int[] blockLengths, GenericRow[] firstValues, long diskBytes) {
        this.path = path;
        this.dataFileName = dataFileName;
        this.level = level;
        this.rowType = rowType;
        this.blockOffsets = blockOffsets;
        this.blockLengths = blockLengths;
        this.firstValues = firstValues;
        this.diskBytes = diskBytes;
    }

    /** A looked-up record and its 0-based row position in the data file. */
    record Entry(StoredRecord record, long position) {}

    /** One block's records, decoded, in key order. */
    record Block(List<Entry> entries, long bytes) {}

    /**
     * Copies the records of {@code cursor} (the data file {@code file}, read whole) to {@code path}.
     *
     * @param positions the cursor's row positions (a {@link DataFileCursor}), or null to count rows
     */
    static LookupFile build(Path path, DataFileMeta file, RecordCursor cursor, DataFileCursor positions,
            RowType rowType) throws IOException {
        BufferedRowCodec codec = new BufferedRowCodec(rowType);
        List<Long> offsets = new ArrayList<>();
        List<Integer> lengths = new ArrayList<>();
        List<GenericRow> firsts = new ArrayList<>();
        ByteArrayOutputStream block = new ByteArrayOutputStream(BLOCK_BYTES + 1024);
        DataOutputStream out = new DataOutputStream(block);
        long written = 0;
        try (OutputStream disk = Files.newOutputStream(path)) {
            long counter = 0;
            while (cursor.advance()) {
                if (block.size() == 0) {
                    firsts.add(GenericRow.copyOf(cursor.value(), rowType));
                }
                byte[] row = codec.encode(cursor.value(), cursor.kind()).toBytes();
                out.writeLong(cursor.sequenceNumber());
                out.writeLong(positions != null ? positions.position() : counter);
                out.writeInt(row.length);
                out.write(row);
                counter++;
                if (block.size() >= BLOCK_BYTES) {
                    written += flush(block, disk, offsets, lengths, written);
                }
            }
            if (block.size() > 0) {
                written += flush(block, disk, offsets, lengths, written);
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(path);
            throw e;
        }
        return new LookupFile(path, file.fileName(), file.level(), rowType,
                offsets.stream().mapToLong(Long::longValue).toArray(), lengths.stream().mapToInt(Integer::intValue).toArray(),
                firsts.toArray(GenericRow[]::new), written);
    }

    private static int flush(ByteArrayOutputStream block, OutputStream disk, List<Long> offsets, List<Integer> lengths,
            long at) throws IOException {
        int size = block.size();
        offsets.add(at);
        lengths.add(size);
        block.writeTo(disk);
        block.reset();
        return size;
    }

    String dataFileName() {
        return dataFileName;
    }

    long diskBytes() {
        return diskBytes;
    }

    /** Bytes of memory the block keys take, roughly. */
    long indexBytes() {
        return firstValues.length * (64L + 16L * rowType.fieldCount());
    }

    int blockCount() {
        return firstValues.length;
    }

    /**
     * The record with the key of {@code value}, or null.
     *
     * @param blocks where decoded blocks are kept between lookups
     */
    Entry find(Row value, Comparator<Row> keyOrder, LookupBlockCache blocks) throws IOException {
        // The last block whose first key is not after the key holds it, if any block does.
        int lo = 0;
        int hi = firstValues.length - 1;
        int candidate = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (keyOrder.compare(firstValues[mid], value) <= 0) {
                candidate = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (candidate < 0) {
            return null;
        }
        List<Entry> entries = blocks.block(this, candidate).entries();
        lo = 0;
        hi = entries.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = keyOrder.compare(entries.get(mid).record().value(), value);
            if (c < 0) {
                lo = mid + 1;
            } else if (c > 0) {
                hi = mid - 1;
            } else {
                return entries.get(mid);
            }
        }
        return null;
    }

    /** Reads and decodes block {@code index} from disk. */
    Block readBlock(int index) throws IOException {
        byte[] bytes = new byte[blockLengths[index]];
        try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "r")) {
            file.seek(blockOffsets[index]);
            file.readFully(bytes);
        } catch (IOException e) {
            throw new IOException("Cannot read the local lookup copy " + path + " of data file " + dataFileName + ": "
                    + e.getMessage(), e);
        }
        BufferedRowCodec codec = new BufferedRowCodec(rowType);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        List<Entry> entries = new ArrayList<>();
        while (in.hasRemaining()) {
            long sequence = in.getLong();
            long position = in.getLong();
            int size = in.getInt();
            BinaryRow stored = new BinaryRow(rowType.fieldCount(), bytes, in.position(), size);
            in.position(in.position() + size);
            GenericRow row = GenericRow.copyOf(codec.view(stored), rowType);
            entries.add(new Entry(new StoredRecord(row, sequence, stored.kind(), level), position));
        }
        return new Block(entries, bytes.length * 3L + entries.size() * 96L);
    }

    /** Deletes the local copy. */
    void delete() {
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // Best effort: the file is in the lookup directory, which the cache deletes when it closes.
        }
    }
}
