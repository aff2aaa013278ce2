package io.strata.testing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.lang.ArchRule;

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

    /** No class of the packages named (a module above, or one beside that must stay apart). */
    public static ArchRule noModule(String what, String... packages) {
        return noClasses().should().dependOnClassesThat().resideInAnyPackage(packages)
                .as("main code does not use " + what);
    }
}
