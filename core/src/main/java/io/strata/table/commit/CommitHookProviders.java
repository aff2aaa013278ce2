package io.strata.table.commit;

import io.strata.table.CommitHookProvider;
import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.WeakHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link CommitHookProvider}s visible to a commit, found with {@link ServiceLoader} once per class
 * loader and cached, so that a table without hooks pays one map lookup per writer.
 *
 * <p>Two loaders are searched: the thread's context class loader, because Hive and similar hosts load
 * jars added at run time (ADD JAR, aux jars) in a session loader that core's own loader cannot see; and
 * core's loader, because in a bundle or plugin loader the context loader may be a parent that cannot
 * see the providers packaged beside core. A provider class found by both counts once.
 */
public final class CommitHookProviders {

    private static final Logger LOG = LoggerFactory.getLogger(CommitHookProviders.class);

    /** A broken META-INF/services entry makes ServiceLoader fail again and again: stop after this many. */
    private static final int MAX_LOAD_ERRORS = 16;

    /**
     * Weak keys so that a dropped session loader can be collected; soft values because the providers'
     * classes reference their loader, and a strong value would keep the key alive for ever.
     */
    private static final Map<ClassLoader, SoftReference<List<CommitHookProvider>>> CACHE = new WeakHashMap<>();

    private CommitHookProviders() {
    }

    /** The providers, ordered by class name so that every writer nests several locks in the same order. */
    public static List<CommitHookProvider> find() {
        ClassLoader own = CommitHookProvider.class.getClassLoader();
        if (own == null) {
            own = ClassLoader.getSystemClassLoader();
        }
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        Map<String, CommitHookProvider> byClass = new LinkedHashMap<>();
        if (context != null && context != own) {
            for (CommitHookProvider p : cached(context)) {
                byClass.putIfAbsent(p.getClass().getName(), p);
            }
        }
        for (CommitHookProvider p : cached(own)) {
            byClass.putIfAbsent(p.getClass().getName(), p);
        }
        if (byClass.isEmpty()) {
            return List.of();
        }
        List<CommitHookProvider> providers = new ArrayList<>(byClass.values());
        providers.sort(Comparator.comparing(p -> p.getClass().getName()));
        return providers;
    }

    private static List<CommitHookProvider> cached(ClassLoader loader) {
        synchronized (CACHE) {
            SoftReference<List<CommitHookProvider>> ref = CACHE.get(loader);
            List<CommitHookProvider> providers = ref == null ? null : ref.get();
            if (providers == null) {
                providers = load(loader);
                CACHE.put(loader, new SoftReference<>(providers));
            }
            return providers;
        }
    }

    private static List<CommitHookProvider> load(ClassLoader loader) {
        List<CommitHookProvider> found = new ArrayList<>();
        Iterator<CommitHookProvider> it = ServiceLoader.load(CommitHookProvider.class, loader).iterator();
        int errors = 0;
        while (errors < MAX_LOAD_ERRORS) {
            try {
                if (!it.hasNext()) {
                    break;
                }
                found.add(it.next());
            } catch (ServiceConfigurationError e) {
                // One broken provider (say, a jar whose dependencies are missing here) must not take the
                // others down. Skipping is safe for locks: without one, object-store commits are refused
                // (commit.require-lock-on-object-store) or warned about.
                errors++;
                LOG.warn("Skipping a commit hook provider that cannot be loaded: {}", e.toString());
            }
        }
        return List.copyOf(found);
    }
}
