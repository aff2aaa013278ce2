package io.strata.fileindex;

import io.strata.predicate.CompoundPredicate;
import io.strata.predicate.LeafPredicate;
import io.strata.predicate.Predicate;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Tests a filter against one data file's index container: false when the indexes prove that no row of the
 * file matches. {@code =} and {@code IN} are answered by a column's bloom filter (a value it never saw is
 * absent) and its bitmap index (a value not in its dictionary is absent); {@code IS NULL} and
 * {@code IS NOT NULL} by its bitmap index (whether it has null rows, non-null rows). Every other condition,
 * and columns without an index, may match. AND needs every child to may match, OR one of them, as Paimon's
 * {@code FileIndexPredicate} combines results at the level of a file.
 */
public final class FileIndexPredicate {

    private static final String BLOOM_FILTER = "bloom-filter";
    private static final String BITMAP = "bitmap";

    private final byte[] container;
    private final String file;
    private final Map<String, Map<String, FileIndexContainer.Slice>> indexes;
    private final Map<String, BloomFilter64> blooms = new HashMap<>();
    private final Map<String, BitmapIndexReader> bitmaps = new HashMap<>();

    private FileIndexPredicate(byte[] container, String file, Map<String, Map<String, FileIndexContainer.Slice>> indexes) {
        this.container = container;
        this.file = file;
        this.indexes = indexes;
    }

    /** The indexes of a container; fails naming {@code file} when the container is not a valid one. */
    public static FileIndexPredicate of(byte[] container, String file) throws IOException {
        try {
            return new FileIndexPredicate(container, file, FileIndexContainer.read(container));
        } catch (IOException | RuntimeException e) {
            throw new IOException("The file index of " + file + " cannot be read: " + e.getMessage(), e);
        }
    }

    /**
     * False only when no row of the file can match {@code predicate} (written against the file's column names).
     * Fails naming the file when an index the predicate needs is malformed.
     */
    public boolean mayMatch(Predicate predicate) throws IOException {
        if (predicate instanceof CompoundPredicate compound) {
            for (Predicate child : compound.children()) {
                boolean may = mayMatch(child);
                if (compound.isAnd() && !may) {
                    return false;
                }
                if (!compound.isAnd() && may) {
                    return true;
                }
            }
            return compound.isAnd();
        }
        if (!(predicate instanceof LeafPredicate leaf)) {
            return true;
        }
        return switch (leaf.function()) {
            case EQUAL, IN -> {
                for (Object literal : leaf.literals()) {
                    if (mayHold(leaf, literal)) {
                        yield true;
                    }
                }
                yield false;
            }
            case IS_NULL -> {
                BitmapIndexReader bitmap = bitmap(leaf);
                yield bitmap == null || bitmap.hasNull();
            }
            case IS_NOT_NULL -> {
                BitmapIndexReader bitmap = bitmap(leaf);
                yield bitmap == null || bitmap.hasValue();
            }
            case NOT_EQUAL, LESS_THAN, LESS_OR_EQUAL, GREATER_THAN, GREATER_OR_EQUAL, NOT_IN -> true;
        };
    }

    /** Whether some row may hold {@code literal}: no index of the column says it is absent. */
    private boolean mayHold(LeafPredicate leaf, Object literal) throws IOException {
        if (literal == null) {
            return true; // a null literal proves nothing
        }
        BloomFilter64 bloom = bloom(leaf.fieldName());
        if (bloom != null) {
            ValueHash hash = ValueHash.of(leaf.type());
            Long h = hash == null ? null : hash.hashLiteral(literal);
            if (h != null && !bloom.mightContain(h)) {
                return false;
            }
        }
        BitmapIndexReader bitmap = bitmap(leaf);
        if (bitmap != null) {
            BitmapKey key = BitmapKeyType.of(leaf.type()).literal(literal);
            if (key != null && !bitmap.contains(key)) {
                return false;
            }
        }
        return true;
    }

    private BloomFilter64 bloom(String column) throws IOException {
        if (blooms.containsKey(column)) {
            return blooms.get(column);
        }
        FileIndexContainer.Slice slice = slice(column, BLOOM_FILTER);
        BloomFilter64 bloom = null;
        if (slice != null) {
            try {
                bloom = BloomFilter64.read(container, slice.offset(), slice.length());
            } catch (RuntimeException e) {
                throw unreadable(column, BLOOM_FILTER, e);
            }
        }
        blooms.put(column, bloom);
        return bloom;
    }

    /** The column's bitmap index, or null if it has none or its type takes none. */
    private BitmapIndexReader bitmap(LeafPredicate leaf) throws IOException {
        String column = leaf.fieldName();
        if (bitmaps.containsKey(column)) {
            return bitmaps.get(column);
        }
        FileIndexContainer.Slice slice = slice(column, BITMAP);
        BitmapKeyType keyType = BitmapKeyType.of(leaf.type());
        BitmapIndexReader bitmap = null;
        if (slice != null && keyType != null) {
            try {
                bitmap = BitmapIndexReader.read(keyType.kind(), container, slice.offset(), slice.length());
            } catch (RuntimeException e) {
                throw unreadable(column, BITMAP, e);
            }
        }
        bitmaps.put(column, bitmap);
        return bitmap;
    }

    /** Where an index is; null when there is none, or it saw no row (only Paimon's map-key columns write those). */
    private FileIndexContainer.Slice slice(String column, String type) {
        FileIndexContainer.Slice slice = indexes.getOrDefault(column, Map.of()).get(type);
        return slice == null || slice.empty() ? null : slice;
    }

    private IOException unreadable(String column, String type, RuntimeException e) {
        String reason = e.getMessage() != null ? e.getMessage() : "truncated (" + e.getClass().getSimpleName() + ")";
        return new IOException("The file index of " + file + " cannot be read: the " + type + " index of column '"
                + column + "' is malformed: " + reason, e);
    }
}
