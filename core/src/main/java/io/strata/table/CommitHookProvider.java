package io.strata.table;

import io.strata.api.PublicApi;
import java.util.List;
import java.util.Optional;

/**
 * How modules above core (the metastore sync) plug into a table's commits without core depending on
 * them: providers are found with {@link java.util.ServiceLoader} (a public no-argument constructor,
 * listed in {@code META-INF/services/io.strata.table.CommitHookProvider}) and asked, once per writer
 * and per compaction, whether the table's options call for their lock or callbacks. A provider that is
 * not asked for by the options returns nothing.
 *
 * <p>One provider instance is cached per class loader and shared by all threads: keep it stateless. An
 * exception it throws fails the creation of the writer, naming the provider and the table.
 */
@PublicApi
public interface CommitHookProvider {

    /**
     * A lock for the table's commits, if its options ask for one (or its file system needs one: see
     * {@link io.strata.fs.FileIO#supportsAtomicWriteIfAbsent}). Without any lock, a commit to a file
     * system without atomic rename-if-absent is refused unless the table option
     * {@code commit.require-lock-on-object-store} is false.
     */
    default Optional<CommitLock> commitLock(Table table) {
        return Optional.empty();
    }

    /** Callbacks to run after each of the table's commits. */
    default List<CommitCallback> commitCallbacks(Table table) {
        return List.of();
    }
}
