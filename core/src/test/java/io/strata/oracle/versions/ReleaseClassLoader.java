package io.strata.oracle.versions;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * Loads one Paimon release (its bundle jar) and the oracle classes compiled against Paimon
 * ({@code io.strata.oracle.Paimon*}) child-first, so that they link to that release; everything of Strata, the
 * JDK and the libraries both sides share (Hadoop, SLF4J, the compression codecs with native parts) comes from
 * the parent, and the parent's Paimon ({@code paimon.version} on the test class path) never leaks in.
 */
final class ReleaseClassLoader extends URLClassLoader {

    static {
        ClassLoader.registerAsParallelCapable();
    }

    private static final String ORACLE = "io.strata.oracle.Paimon";
    private static final List<String> PARENT_FIRST = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.",
            "org.w3c.", "org.xml.", "org.apache.hadoop.", "org.slf4j.",
            // Their native libraries load once per JVM.
            "com.github.luben.", "org.xerial.snappy.", "net.jpountz.");

    ReleaseClassLoader(String name, URL[] urls, ClassLoader parent) {
        super(name, urls, parent);
    }

    private static boolean parentFirst(String name) {
        if (name.startsWith(ORACLE)) {
            return false;
        }
        if (name.startsWith("io.strata.")) {
            return true;
        }
        for (String prefix : PARENT_FIRST) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                if (parentFirst(name)) {
                    c = getParent().loadClass(name);
                } else {
                    try {
                        c = findClass(name);
                    } catch (ClassNotFoundException e) {
                        if (name.startsWith("org.apache.paimon.") || name.startsWith(ORACLE)) {
                            throw e; // never the parent's Paimon
                        }
                        c = getParent().loadClass(name);
                    }
                }
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    @Override
    public URL getResource(String name) {
        URL url = findResource(name);
        return url != null ? url : getParent().getResource(name);
    }

    /** The release's resources hide the parent's; Paimon's service files and code-generator jars never come from there. */
    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        Enumeration<URL> own = findResources(name);
        if (own.hasMoreElements()) {
            return own;
        }
        if (name.startsWith("META-INF/services/org.apache.paimon") || name.startsWith("paimon-")) {
            return Collections.emptyEnumeration();
        }
        return getParent().getResources(name);
    }
}
