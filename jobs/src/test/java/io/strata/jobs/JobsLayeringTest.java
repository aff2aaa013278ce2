package io.strata.jobs;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.strata.testing.LayeringRules;
import io.strata.testing.PackageGraph;

/**
 * What the jobs module's main classes may use (docs/layering.md): core's public API and Hadoop, not the
 * modules above it. Prints the package graph and writes it to {@code target/package-graph.txt}.
 */
@AnalyzeClasses(packages = "io.strata.jobs", importOptions = ImportOption.DoNotIncludeTests.class)
class JobsLayeringTest {

    @ArchTest
    static final ArchRule noPackageCycles = LayeringRules.freeOfPackageCycles();

    @ArchTest
    static final ArchRule noUpperModules = LayeringRules.noModule("the metastore sync, the Hive connector or the cli",
            "io.strata.metastore..", "io.strata.hive..", "io.strata.cli..", "io.strata.benchmarks..");

    @ArchTest
    static final ArchRule onlyCorePublicApi = LayeringRules.onlyCorePublicApi();

    @ArchTest
    static final ArchRule noPaimon = LayeringRules.noPaimon();

    @ArchTest
    static final ArchRule noTestSupport = LayeringRules.noTestSupport();

    @ArchTest
    static void packageGraph(JavaClasses classes) {
        PackageGraph.of(classes).report("jobs: package dependencies (io.strata.*, main classes)", "package-graph.txt");
    }
}
