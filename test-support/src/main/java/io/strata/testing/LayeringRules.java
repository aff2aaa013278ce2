package io.strata.testing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchRule;
import java.util.Set;

/**
 * The rules every module's layering test applies to its main classes (docs/layering.md): no package
 * cycles, nothing that only tests may use, and no module that DESIGN.md puts out of reach.
 */
public final class LayeringRules {

    private LayeringRules() {}

    /**
     * Every package of the imported classes is a slice of its own, sub-packages included ({@code lsm} and
     * {@code lsm.mergeengine} are two slices), and no slices depend on each other in a cycle.
     */
    public static ArchRule freeOfPackageCycles() {
        return slices().matching("io.strata.(**)").namingSlices("$1")
                .should().beFreeOfCycles()
                .as("the packages are free of cycles");
    }

    /** Apache Paimon is the tests' oracle, never a dependency of main code. */
    public static ArchRule noPaimon() {
        return noClasses().should().dependOnClassesThat().resideInAPackage("org.apache.paimon..")
                .as("main code does not use Apache Paimon")
                .because("Paimon is the tests' oracle (test scope), never a dependency of Strata");
    }

    /** test-support (io.strata.testing) is for tests only. */
    public static ArchRule noTestSupport() {
        return noClasses().should().dependOnClassesThat().resideInAPackage("io.strata.testing..")
                .as("main code does not use test-support (io.strata.testing)");
    }

    /**
     * core's packages: a class of one of them is core's, whatever module refers to it.
     */
    private static final Set<String> CORE_PACKAGES = Set.of("api", "catalog", "data", "format", "fs", "json", "lsm",
            "manifest", "predicate", "schema", "snapshot", "table", "types");

    /**
     * Of core, only its public API: the types marked {@code @io.strata.api.PublicApi} (a nested type counts
     * as its top-level type). The rest of core is public only for core's own packages (docs/core.md).
     */
    public static ArchRule onlyCorePublicApi() {
        return noClasses().should().dependOnClassesThat(CORE_INTERNALS)
                .as("main code uses only core's public API (types marked @PublicApi)");
    }

    private static final DescribedPredicate<JavaClass> CORE_INTERNALS =
            new DescribedPredicate<>("core types not marked @PublicApi") {
                @Override
                public boolean test(JavaClass type) {
                    JavaClass top = type;
                    while (top.getEnclosingClass().isPresent()) {
                        top = top.getEnclosingClass().get();
                    }
                    String name = top.getPackageName();
                    if (!name.startsWith("io.strata.")) {
                        return false;
                    }
                    String first = name.substring("io.strata.".length()).split("\\.")[0];
                    return CORE_PACKAGES.contains(first) && !top.isAnnotatedWith("io.strata.api.PublicApi");
                }
            };

    /** No class of the packages named (a module above, or one beside that must stay apart). */
    public static ArchRule noModule(String what, String... packages) {
        return noClasses().should().dependOnClassesThat().resideInAnyPackage(packages)
                .as("main code does not use " + what);
    }
}
