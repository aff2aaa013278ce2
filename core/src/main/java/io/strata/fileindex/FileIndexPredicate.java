package io.strata.fileindex;

import io.strata.predicate.CompoundPredicate;
import io.strata.predicate.LeafFunction;
import io.strata.predicate.LeafPredicate;
import io.strata.predicate.Predicate;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Tests a filter against one data file's index container: false when the indexes prove that no row of the
 * file matches. A bloom filter answers {@code =} and {@code IN} on its column (a value it never saw is
 * absent); every other condition, and columns without an index, may match. AND needs every child to may
 * match, OR one of them, as Paimon's {@code FileIndexPredicate} combines results.
 */
public final class FileIndexPredicate {

    private final byte[] container;
    private final Map<String, Map<String, FileIndexContainer.Slice>> indexes;
    private final Map<String, BloomFilter64> blooms = new HashMap<>();

    private FileIndexPredicate(byte[] container, Map<String, Map<String, FileIndexContainer.Slice>> indexes) {
        this.container = container;
        this.indexes = indexes;
    }

    /** The indexes of a container; fails naming {@code file} when the container is not a valid one. */
    public static FileIndexPredicate of(byte[] container, String file) throws IOException {
        try {
            return new FileIndexPredicate(container, FileIndexContainer.read(container));
        } catch (IOException | RuntimeException e) {
            throw new IOException("The file index of " + file + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** False only when no row of the file can match {@code predicate} (written against the file's column names). */
    public boolean mayMatch(Predicate predicate) {
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
        if (predicate instanceof LeafPredicate leaf
                && (leaf.function() == LeafFunction.EQUAL || leaf.function() == LeafFunction.IN)) {
            BloomFilter64 bloom = bloom(leaf.fieldName());
            if (bloom == null) {
                return true;
            }
            ValueHash hash = ValueHash.of(leaf.type());
            if (hash == null) {
                return true;
            }
            for (Object literal : leaf.literals()) {
                Long h = literal == null ? null : hash.hashLiteral(literal);
                if (h == null || bloom.mightContain(h)) {
                    return true; // a null or unhashable literal proves nothing
                }
            }
            return false;
        }
        return true;
    }

    private BloomFilter64 bloom(String column) {
        if (blooms.containsKey(column)) {
            return blooms.get(column);
        }
        FileIndexContainer.Slice slice = indexes.getOrDefault(column, Map.of()).get("bloom-filter");
        BloomFilter64 bloom = null;
        // An empty slice (an index that saw no row: only Paimon's map-key columns write one) proves nothing here.
        if (slice != null && !slice.empty()) {
            bloom = BloomFilter64.read(container, slice.offset(), slice.length());
        }
        blooms.put(column, bloom);
        return bloom;
    }
}
