package io.strata.lsm;

import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Decoded blocks of {@link LookupFile}s kept in memory between lookups, the least recently used dropped beyond
 * {@code lookup.cache-max-memory-size} (the block just read always stays). Lookups of keys written together
 * fall into the same blocks, so most lookups read no disk at all.
 */
final class LookupBlockCache {

    private record Key(LookupFile file, int block) {}

    private final long maxBytes;
    private final Map<Key, LookupFile.Block> blocks = new LinkedHashMap<>(16, 0.75f, true);
    private long bytes;

    LookupBlockCache(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    synchronized LookupFile.Block block(LookupFile file, int index) throws IOException {
        Key key = new Key(file, index);
        LookupFile.Block block = blocks.get(key);
        if (block != null) {
            return block;
        }
        block = file.readBlock(index);
        blocks.put(key, block);
        bytes += block.bytes();
        Iterator<Map.Entry<Key, LookupFile.Block>> eldest = blocks.entrySet().iterator();
        while (bytes > maxBytes && blocks.size() > 1) {
            bytes -= eldest.next().getValue().bytes();
            eldest.remove();
        }
        return block;
    }

    /** Forgets the blocks of a file whose local copy went. */
    synchronized void forget(LookupFile file) {
        Iterator<Map.Entry<Key, LookupFile.Block>> it = blocks.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<Key, LookupFile.Block> e = it.next();
            if (e.getKey().file() == file) {
                bytes -= e.getValue().bytes();
                it.remove();
            }
        }
    }

    synchronized long bytes() {
        return bytes;
    }
}
