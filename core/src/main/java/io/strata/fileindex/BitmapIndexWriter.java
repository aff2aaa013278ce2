package io.strata.fileindex;

import io.strata.data.Row;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.roaringbitmap.RoaringBitmap;

/**
 * Builds the bitmap index of one column of one data file: for every distinct value the positions of the rows
 * holding it, and the positions of the null rows, serialized as Paimon 1.4's {@code BitmapFileIndex} writes
 * them (docs/file-index.md has the layout). A value held by one row only is stored in the dictionary as
 * {@code -1 - row} instead of a bitmap; the other bitmaps are Roaring bitmaps, run-optimized, in the portable
 * format.
 *
 * <p>The bitmaps follow one another in the iteration order of Paimon's {@code HashMap} of values: this writer
 * keeps its values in a {@code HashMap} of {@link BitmapKey}s (the same hash codes and order) and touches it as
 * Paimon's writer does, so the map grows at the same calls and iterates in the same order.
 */
final class BitmapIndexWriter {

    private final String column;
    private final int position;
    private final BitmapKeyType keyType;
    private final int version;
    private final long indexBlockSize;
    private final BitmapKey probe;
    private final Map<BitmapKey, RoaringBitmap> bitmaps = new HashMap<>();
    private final RoaringBitmap nulls = new RoaringBitmap();
    private int rows;
    /**
     * Paimon calls {@code computeIfAbsent} for every row, and a {@code HashMap} grows at the call after the one
     * that filled it: after a new value, the next lookup goes through {@code computeIfAbsent} too.
     */
    private boolean growthCheckPending;

    BitmapIndexWriter(BitmapColumn spec, int position, BitmapKeyType keyType) {
        this.column = spec.column();
        this.position = position;
        this.keyType = keyType;
        this.version = spec.version();
        this.indexBlockSize = spec.indexBlockSize();
        this.probe = new BitmapKey(keyType.kind());
    }

    void write(Row row) {
        int rowNumber = rows++;
        if (row.isNullAt(position)) {
            nulls.add(rowNumber);
            return;
        }
        keyType.set(probe, row, position);
        RoaringBitmap bitmap = bitmaps.get(probe);
        if (bitmap == null) {
            bitmap = bitmaps.computeIfAbsent(probe.copy(), k -> new RoaringBitmap());
            growthCheckPending = true;
        } else if (growthCheckPending) {
            bitmaps.computeIfAbsent(probe, BitmapIndexWriter::absent);
            growthCheckPending = false;
        }
        bitmap.add(rowNumber);
    }

    /** The index's bytes, in format {@code version} (1 or 2). */
    byte[] serialize() {
        try {
            byte[] nullBytes = portable(nulls);
            int nullCount = nulls.getCardinality();
            List<BitmapEntry> entries = new ArrayList<>(bitmaps.size());
            List<byte[]> bodies = new ArrayList<>();
            // A null bitmap of more than one row comes first in the body.
            int offset = nullCount > 1 ? nullBytes.length : 0;
            for (Map.Entry<BitmapKey, RoaringBitmap> e : bitmaps.entrySet()) {
                RoaringBitmap bitmap = e.getValue();
                if (bitmap.getCardinality() == 1) {
                    entries.add(new BitmapEntry(e.getKey(), -1 - bitmap.first(), -1));
                } else {
                    byte[] bytes = portable(bitmap);
                    entries.add(new BitmapEntry(e.getKey(), offset, bytes.length));
                    bodies.add(bytes);
                    offset += bytes.length;
                }
            }
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(buffer);
            out.writeByte(version);
            out.writeInt(rows);
            out.writeInt(entries.size());
            out.writeBoolean(nullCount > 0);
            if (nullCount > 0) {
                out.writeInt(nullCount == 1 ? -1 - nulls.first() : 0);
                if (version == 2) {
                    out.writeInt(nullBytes.length);
                }
            }
            if (version == 1) {
                for (BitmapEntry entry : entries) {
                    entry.key().write(out);
                    out.writeInt(entry.offset());
                }
            } else {
                writeDictionaryV2(out, entries);
            }
            if (nullCount > 1) {
                out.write(nullBytes);
            }
            for (byte[] body : bodies) {
                out.write(body);
            }
            out.flush();
            return buffer.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in memory: cannot happen
        }
    }

    /**
     * Version 2's dictionary: the entries sorted by value and cut into blocks of at most {@code index-block-size}
     * bytes (an entry count, then value, offset and length per entry); before the blocks, the first value and
     * the offset of each block and the blocks' total size, so a reader finds a value's block by binary search.
     */
    private void writeDictionaryV2(DataOutputStream out, List<BitmapEntry> entries) throws IOException {
        List<BitmapEntry> sorted = new ArrayList<>(entries);
        sorted.sort((a, b) -> a.key().compareTo(b.key()));
        List<List<BitmapEntry>> blocks = new ArrayList<>();
        List<Integer> blockSizes = new ArrayList<>();
        List<BitmapEntry> block = null;
        int blockSize = 0;
        for (BitmapEntry entry : sorted) {
            int entrySize = entry.key().serializedSize() + 8;
            if (block == null || blockSize + entrySize > indexBlockSize) {
                if (4 + entrySize > indexBlockSize) {
                    throw new IllegalArgumentException("The bitmap index of column '" + column + "' cannot hold value '"
                            + entry.key() + "' (" + entrySize + " bytes) in an index block of " + indexBlockSize
                            + " bytes; raise table option 'file-index.bitmap." + column + ".index-block-size'");
                }
                if (block != null) {
                    blockSizes.add(blockSize);
                }
                block = new ArrayList<>();
                blocks.add(block);
                blockSize = 4;
            }
            block.add(entry);
            blockSize += entrySize;
        }
        if (block != null) {
            blockSizes.add(blockSize);
        }
        out.writeInt(blocks.size());
        int blockOffset = 0;
        for (int i = 0; i < blocks.size(); i++) {
            blocks.get(i).get(0).key().write(out);
            out.writeInt(blockOffset);
            blockOffset += blockSizes.get(i);
        }
        out.writeInt(blockOffset);
        for (List<BitmapEntry> b : blocks) {
            out.writeInt(b.size());
            for (BitmapEntry entry : b) {
                entry.key().write(out);
                out.writeInt(entry.offset());
                out.writeInt(entry.length());
            }
        }
    }

    private static RoaringBitmap absent(BitmapKey key) {
        throw new IllegalStateException("bitmap index value " + key + " vanished"); // the probe was found just now
    }

    /** A dictionary entry: the value, its bitmap's offset in the body (or {@code -1 - row}) and length (or -1). */
    private record BitmapEntry(BitmapKey key, int offset, int length) {}

    private static byte[] portable(RoaringBitmap bitmap) {
        bitmap.runOptimize();
        ByteBuffer buffer = ByteBuffer.allocate(bitmap.serializedSizeInBytes());
        bitmap.serialize(buffer);
        return buffer.array();
    }
}
