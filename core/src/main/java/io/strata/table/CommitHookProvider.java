package io.strata.table;

import java.util.List;
import java.util.Optional;

/**
 * How modules above core (the metastore sync) plug into a table's commits without core depending on
 * them: providers are found with {@link java.util.ServiceLoader} and asked, per writer, whether the
 * table's options call for their lock or callbacks. A provider that is not asked for by the options
 * returns nothing.
 */
public interface CommitHookProvider {

    /** A lock for the table's commits, if its options ask for one (or its file system needs one). */
    default Optional<CommitLock> commitLock(FileStoreTable table) {
        return Optional.empty();
    }

    /** Callbacks to run after each of the table's commits. */
    default List<CommitCallback> commitCallbacks(FileStoreTable table) {
        return List.of();
    }
}
