package io.strata.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Core's public API as a file: every type marked {@link PublicApi} with its public members, compared with
 * {@code src/test/resources/public-api.txt}. A change to the API fails here until that file is updated
 * (the test writes the new surface to {@code target/public-api.txt} and says so), so it shows up in
 * review. It also checks that the API is closed: its public signatures name only API types, the JDK's
 * and Hadoop's {@code Path} and {@code Configuration}.
 */
class PublicApiTest {

    private static final Set<String> OUTSIDE_TYPES_ALLOWED = Set.of("org.apache.hadoop.fs.Path",
            "org.apache.hadoop.conf.Configuration", "org.apache.hadoop.fs.FileSystem", "org.apache.hadoop.fs.FSDataInputStream",
            "org.apache.hadoop.fs.FSDataOutputStream", "org.apache.hadoop.fs.FileStatus",
            "org.apache.hadoop.hive.ql.exec.vector.ColumnVector");

    @Test
    void theMarkedSurfaceIsTheRecordedOne() throws Exception {
        String actual = surface(apiTypes());
        Path written = Path.of("target", "public-api.txt");
        Files.createDirectories(written.getParent());
        Files.writeString(written, actual, StandardCharsets.UTF_8);
        String recorded;
        try (var in = PublicApiTest.class.getResourceAsStream("/public-api.txt")) {
            recorded = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(actual).as("core's public API changed: if that is meant, copy " + written.toAbsolutePath()
                + " to core/src/test/resources/public-api.txt").isEqualTo(recorded);
    }

    @Test
    void theApiNamesOnlyApiTypesInItsSignatures() throws Exception {
        List<Class<?>> api = apiTypes();
        Set<Class<?>> marked = Set.copyOf(api);
        List<String> leaks = new ArrayList<>();
        for (Class<?> type : api) {
            for (Class<?> member : withPublicNested(type)) {
                for (Method m : member.getDeclaredMethods()) {
                    if (isVisible(m.getModifiers()) && !m.isSynthetic() && !m.isBridge()) {
                        List<Type> named = new ArrayList<>(Arrays.asList(m.getGenericParameterTypes()));
                        named.add(m.getGenericReturnType());
                        check(member.getName() + "." + m.getName(), named, marked, leaks);
                    }
                }
                for (Constructor<?> c : member.getDeclaredConstructors()) {
                    if (isVisible(c.getModifiers()) && !c.isSynthetic()) {
                        check(member.getName() + ".<init>", Arrays.asList(c.getGenericParameterTypes()), marked, leaks);
                    }
                }
                for (Field f : member.getDeclaredFields()) {
                    if (isVisible(f.getModifiers()) && !f.isSynthetic()) {
                        check(member.getName() + "." + f.getName(), List.of(f.getGenericType()), marked, leaks);
                    }
                }
            }
        }
        assertThat(leaks).as("API signatures naming types that are not API (mark them or hide the member)").isEmpty();
    }

    private static void check(String where, List<Type> types, Set<Class<?>> marked, List<String> leaks) {
        for (Type t : types) {
            for (Class<?> c : mentioned(t)) {
                while (c.isArray()) {
                    c = c.getComponentType();
                }
                if (c.isPrimitive() || c.getName().startsWith("java.") || OUTSIDE_TYPES_ALLOWED.contains(c.getName())) {
                    continue;
                }
                Class<?> top = c;
                while (top.getEnclosingClass() != null) {
                    top = top.getEnclosingClass();
                }
                if (!marked.contains(top)) {
                    leaks.add(where + " names " + c.getName());
                }
            }
        }
    }

    /** The classes a generic type mentions (the raw type and its type arguments and bounds). */
    private static List<Class<?>> mentioned(Type t) {
        List<Class<?>> out = new ArrayList<>();
        if (t instanceof Class<?> c) {
            out.add(c);
        } else if (t instanceof ParameterizedType p) {
            out.addAll(mentioned(p.getRawType()));
            for (Type a : p.getActualTypeArguments()) {
                out.addAll(mentioned(a));
            }
        } else if (t instanceof GenericArrayType g) {
            out.addAll(mentioned(g.getGenericComponentType()));
        } else if (t instanceof WildcardType w) {
            for (Type b : w.getUpperBounds()) {
                out.addAll(mentioned(b));
            }
            for (Type b : w.getLowerBounds()) {
                out.addAll(mentioned(b));
            }
        }
        return out;
    }

    private static boolean isVisible(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }

    private static List<Class<?>> withPublicNested(Class<?> type) {
        List<Class<?>> all = new ArrayList<>();
        all.add(type);
        Class<?>[] nestedTypes = type.getDeclaredClasses();
        // Reflection gives no order: sorted, so the recorded surface is stable.
        Arrays.sort(nestedTypes, Comparator.comparing(Class::getName));
        for (Class<?> nested : nestedTypes) {
            if (isVisible(nested.getModifiers())) {
                all.addAll(withPublicNested(nested));
            }
        }
        return all;
    }

    /** Every top-level class of core's main classes marked {@link PublicApi}, by name. */
    static List<Class<?>> apiTypes() throws IOException, URISyntaxException, ClassNotFoundException {
        Path root = Path.of(PublicApi.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> names;
        try (Stream<Path> files = Files.walk(root)) {
            names = files.map(p -> root.relativize(p).toString())
                    .filter(n -> n.endsWith(".class") && !n.contains("$") && !n.endsWith("package-info.class"))
                    .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.'))
                    .sorted().toList();
        }
        List<Class<?>> api = new ArrayList<>();
        for (String name : names) {
            Class<?> c = Class.forName(name, false, PublicApiTest.class.getClassLoader());
            if (c.isAnnotationPresent(PublicApi.class)) {
                api.add(c);
            }
        }
        return api;
    }

    /** The API as text: each type, then its public and protected members, sorted so the file diffs well. */
    private static String surface(List<Class<?>> api) {
        StringBuilder out = new StringBuilder();
        for (Class<?> type : api) {
            for (Class<?> member : withPublicNested(type)) {
                out.append(kind(member)).append(' ').append(member.getName().replace('$', '.'));
                if (member.getGenericSuperclass() != null && member.getSuperclass() != Object.class
                        && !member.isEnum() && !member.isRecord()) {
                    out.append(" extends ").append(member.getGenericSuperclass().getTypeName().replace('$', '.'));
                }
                Type[] interfaces = member.getGenericInterfaces();
                if (interfaces.length > 0) {
                    out.append(member.isInterface() ? " extends " : " implements ").append(Arrays.stream(interfaces)
                            .map(i -> i.getTypeName().replace('$', '.')).collect(Collectors.joining(", ")));
                }
                out.append('\n');
                TreeSet<String> members = new TreeSet<>();
                for (Method m : member.getDeclaredMethods()) {
                    if (isVisible(m.getModifiers()) && !m.isSynthetic() && !m.isBridge()) {
                        members.add("  " + (Modifier.isStatic(m.getModifiers()) ? "static " : "")
                                + m.getGenericReturnType().getTypeName().replace('$', '.') + " " + m.getName() + "("
                                + Arrays.stream(m.getGenericParameterTypes()).map(t -> t.getTypeName().replace('$', '.'))
                                        .collect(Collectors.joining(", ")) + ")");
                    }
                }
                for (Constructor<?> c : member.getDeclaredConstructors()) {
                    if (isVisible(c.getModifiers()) && !c.isSynthetic()) {
                        members.add("  new(" + Arrays.stream(c.getGenericParameterTypes())
                                .map(t -> t.getTypeName().replace('$', '.')).collect(Collectors.joining(", ")) + ")");
                    }
                }
                for (Field f : member.getDeclaredFields()) {
                    if (isVisible(f.getModifiers()) && !f.isSynthetic()) {
                        members.add("  " + (Modifier.isStatic(f.getModifiers()) ? "static " : "") + "field "
                                + f.getGenericType().getTypeName().replace('$', '.') + " " + f.getName());
                    }
                }
                members.forEach(m -> out.append(m).append('\n'));
            }
        }
        return out.toString();
    }

    private static String kind(Class<?> c) {
        if (c.isAnnotation()) {
            return "@interface";
        }
        if (c.isInterface()) {
            return "interface";
        }
        if (c.isEnum()) {
            return "enum";
        }
        if (c.isRecord()) {
            return "record";
        }
        return Modifier.isAbstract(c.getModifiers()) ? "abstract class" : "class";
    }
}
