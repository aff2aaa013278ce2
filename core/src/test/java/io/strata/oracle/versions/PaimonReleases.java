package io.strata.oracle.versions;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The Paimon releases the oracle runs against besides the test class path's: each bundle jar (copied by the
 * build into {@code strata.paimon.versions.dir}) in a {@link ReleaseClassLoader} of its own, kept for the
 * JVM's life (a release's loader costs ~40 MB of metaspace and seconds of first use; dropping it would need
 * Hadoop's static caches cleared). The releases to test are {@code strata.paimon.matrix}, comma-separated.
 */
public final class PaimonReleases {

    private static final Map<String, ClassLoader> LOADERS = new ConcurrentHashMap<>();

    static {
        // Hadoop's Shell and Text keep, in statics, what first initialized them: do it from the parent, or a
        // release's loader would be referenced for ever.
        try {
            for (String c : new String[] {"org.apache.hadoop.util.Shell", "org.apache.hadoop.io.Text"}) {
                Class.forName(c, true, PaimonReleases.class.getClassLoader());
            }
        } catch (ClassNotFoundException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private PaimonReleases() {}

    /** The releases {@code strata.paimon.matrix} names (default 1.2.0, the oldest Strata reads). */
    public static List<String> matrix() {
        List<String> versions = new ArrayList<>();
        for (String v : System.getProperty("strata.paimon.matrix", "1.2.0").split(",")) {
            if (!v.isBlank()) {
                versions.add(v.trim());
            }
        }
        return versions;
    }

    /** The oracle of {@code version} over {@code warehouse}; each call runs in the release's loader. */
    public static OracleEngine open(String version, Path warehouse) throws Exception {
        ClassLoader loader = LOADERS.computeIfAbsent(version, PaimonReleases::loader);
        Object target = inLoader(loader, () -> Class.forName("io.strata.oracle.PaimonOracleAdapter", true, loader)
                .getConstructor(Path.class).newInstance(warehouse));
        return (OracleEngine) Proxy.newProxyInstance(OracleEngine.class.getClassLoader(),
                new Class<?>[] {OracleEngine.class}, (proxy, method, args) -> inLoader(loader, () -> {
                    try {
                        return method.invoke(target, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause() instanceof Exception ex ? ex : new IllegalStateException(e.getCause());
                    }
                }));
    }

    private interface Call {
        Object run() throws Exception;
    }

    /** Paimon's thread pools, ORC and its file I/O look classes up through the context loader: set it. */
    private static Object inLoader(ClassLoader loader, Call call) throws Exception {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            return call.run();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private static ClassLoader loader(String version) {
        String dir = System.getProperty("strata.paimon.versions.dir", "target/paimon-versions");
        Path jar = Path.of(dir, "paimon-bundle-" + version + ".jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("No Paimon " + version + " bundle at " + jar.toAbsolutePath()
                    + ": core's build copies the releases of the matrix there (maven-dependency-plugin, execution "
                    + "paimon-versions); add the version there to test it");
        }
        try {
            // The oracle classes come from the test classes' own location, loaded again by the release's loader.
            URL oracle = PaimonReleases.class.getProtectionDomain().getCodeSource().getLocation();
            return new ReleaseClassLoader("paimon-" + version, new URL[] {jar.toUri().toURL(), oracle},
                    PaimonReleases.class.getClassLoader());
        } catch (java.net.MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }
}
