package io.strata.cli;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.strata.testing.LayeringRules;
import io.strata.testing.PackageGraph;

/**
 * What the cli's main classes may use (docs/layering.md): every module below it, nothing of the tests.
 * Prints the package graph and writes it to {@code target/package-graph.txt}.
 */
@AnalyzeClasses(packages = "io.strata.cli", importOptions = ImportOption.DoNotIncludeTests.class)
class CliLayeringTest {

    @ArchTest
    static final ArchRule noPackageCycles = LayeringRules.freeOfPackageCycles();

    @ArchTest
    static final ArchRule noBenchmarks = LayeringRules.noModule("the benchmarks", "io.strata.benchmarks..");

    @ArchTest
    static final ArchRule onlyCorePublicApi = LayeringRules.onlyCorePublicApi();

    @ArchTest
    static final ArchRule noPaimon = LayeringRules.noPaimon();

    @ArchTest
    static final ArchRule noTestSupport = LayeringRules.noTestSupport();

    @ArchTest
    static void packageGraph(JavaClasses classes) {
        PackageGraph.of(classes).report("cli: package dependencies (io.strata.*, main classes)", "package-graph.txt");
    }
}
