package io.strata.testing;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The package dependency graph of a module's main classes, as the layering tests print it: one line per
 * edge {@code from -> to} between two Strata packages (names relative to {@code io.strata}), the targets
 * in other modules included. A dependency is any use the class files show (a type in a signature, a
 * field, a call, an annotation), so it also counts what a Javadoc link would not.
 */
public final class PackageGraph {

    private static final String ROOT = "io.strata.";

    private final SortedMap<String, SortedSet<String>> edges;

    private PackageGraph(SortedMap<String, SortedSet<String>> edges) {
        this.edges = edges;
    }

    /** The edges from the packages of {@code classes} to every Strata package they use. */
    public static PackageGraph of(JavaClasses classes) {
        SortedMap<String, SortedSet<String>> edges = new TreeMap<>();
        for (JavaClass origin : classes) {
            String from = origin.getPackageName();
            edges.computeIfAbsent(relative(from), p -> new TreeSet<>());
            for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
                String to = dependency.getTargetClass().getBaseComponentType().getPackageName();
                if (to.startsWith(ROOT) && !to.equals(from)) {
                    edges.get(relative(from)).add(relative(to));
                }
            }
        }
        return new PackageGraph(edges);
    }

    private static String relative(String packageName) {
        return packageName.startsWith(ROOT) ? packageName.substring(ROOT.length()) : packageName;
    }

    /** Each package with the packages it uses; a package that uses none maps to an empty set. */
    public SortedMap<String, SortedSet<String>> edges() {
        return edges;
    }

    /** The graph as text: a title line, then one {@code from -> to} line per edge, sorted. */
    public String render(String title) {
        StringBuilder text = new StringBuilder(title).append('\n');
        for (Map.Entry<String, SortedSet<String>> e : edges.entrySet()) {
            if (e.getValue().isEmpty()) {
                text.append("  ").append(e.getKey()).append(" (uses no other Strata package)\n");
            }
            for (String to : e.getValue()) {
                text.append("  ").append(e.getKey()).append(" -> ").append(to).append('\n');
            }
        }
        return text.toString();
    }

    /**
     * Prints the graph and writes it to {@code target/<fileName>} of the module under test (the working
     * directory of its tests), so that a build leaves the graph beside its reports.
     */
    public void report(String title, String fileName) {
        String text = render(title);
        System.out.print(text);
        try {
            Path target = Path.of("target");
            Files.createDirectories(target);
            Files.writeString(target.resolve(fileName), text);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write target/" + fileName, e);
        }
    }
}
