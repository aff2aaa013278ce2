package io.strata.metastore;

import io.strata.table.CommitCallback;
import io.strata.table.CommitHookProvider;
import io.strata.table.Table;
import java.util.List;
import java.util.Map;

/**
 * Registers the metastore sync with core's commits (found through {@link java.util.ServiceLoader}): a
 * table whose options hold {@code metastore.sync.uri} syncs after every commit.
 */
public final class MetastoreSyncHooks implements CommitHookProvider {

    @Override
    public List<CommitCallback> commitCallbacks(Table table) {
        Map<String, String> options = table.schema().options();
        if (!MetastoreSyncOptions.enabled(options)) {
            return List.of();
        }
        return List.of(new MetastoreSyncCallback(options));
    }
}
