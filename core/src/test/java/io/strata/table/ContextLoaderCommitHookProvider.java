package io.strata.table;

import io.strata.snapshot.Snapshot;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A provider listed in no META-INF/services of the class path: {@link CommitHookProvidersTest} lists it
 * in a class loader of its own, as Hive does for a jar added to a session, and sets that loader as the
 * thread's context loader. It records the snapshots of tables with {@code test.context-callback=true}.
 */
public class ContextLoaderCommitHookProvider implements CommitHookProvider {

    static final List<Long> SEEN = new CopyOnWriteArrayList<>();

    @Override
    public List<CommitCallback> commitCallbacks(Table table) {
        if (!"true".equals(table.schema().options().get("test.context-callback"))) {
            return List.of();
        }
        return List.of(new CommitCallback() {
            @Override
            public void committed(Table t, Snapshot snapshot) {
                SEEN.add(snapshot.id());
            }
        });
    }
}
