package io.strata.table.lifecycle;

import io.strata.table.OrphanFileSearch;
import io.strata.table.RemoveOrphanFiles;
import io.strata.table.store.TableStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.Path;

/** The implementation of {@link RemoveOrphanFiles}: the steps of {@link OrphanFileScan}, in one process. */
public final class OrphanFileRemoval implements RemoveOrphanFiles {

    private final TableStore store;
    private final Instant olderThan;

    /** Files older than a day by the table's {@link TableStore#clock() clock}. */
    public OrphanFileRemoval(TableStore store) {
        this(store, store.clock().instant().minus(Duration.ofDays(1)));
    }

    private OrphanFileRemoval(TableStore store, Instant olderThan) {
        this.store = store;
        this.olderThan = olderThan;
    }

    @Override
    public RemoveOrphanFiles olderThan(Instant time) {
        if (!time.isBefore(store.clock().instant())) {
            throw new IllegalArgumentException("Orphan files of table " + store.location() + ": olderThan " + time
                    + " must be in the past, or files being written now would be deleted");
        }
        return new OrphanFileRemoval(store, time);
    }

    @Override
    public OrphanFileSearch search() {
        return new OrphanFileScan(store, olderThan);
    }

    @Override
    public List<Path> list() {
        OrphanFileSearch search = search();
        List<OrphanFileSearch.Candidate> candidates = new ArrayList<>();
        for (Path dir : search.directories()) {
            candidates.addAll(search.candidates(dir));
        }
        // Read what is used only after listing: a file committed meanwhile is then seen as used.
        OrphanFileSearch.References references = search.references();
        Set<String> used = new HashSet<>(references.metadataFiles());
        for (String manifest : references.manifests()) {
            used.addAll(search.dataFiles(manifest));
        }
        List<Path> orphans = new ArrayList<>();
        for (OrphanFileSearch.Candidate c : candidates) {
            if (!c.referencable() || !used.contains(c.path().getName())) {
                orphans.add(c.path());
            }
        }
        orphans.sort(null);
        return orphans;
    }

    @Override
    public List<Path> execute() {
        return search().delete(list());
    }
}
