package io.strata.metastore;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.strata.testing.LayeringRules;
import io.strata.testing.PackageGraph;

/**
 * What metastore-sync's main classes may use (docs/layering.md): core, not the Hive connector, which it
 * does not depend on (what both need lives in core). Prints the package graph and writes it to
 * {@code target/package-graph.txt}.
 */
@AnalyzeClasses(packages = "io.strata.metastore", importOptions = ImportOption.DoNotIncludeTests.class)
class MetastoreSyncLayeringTest {

    @ArchTest
    static final ArchRule noPackageCycles = LayeringRules.freeOfPackageCycles();

    @ArchTest
    static final ArchRule noConnectorNorCli = LayeringRules.noModule("the Hive connector (io.strata.hive) or the cli",
            "io.strata.hive..", "io.strata.cli..", "io.strata.benchmarks..");

    @ArchTest
    static final ArchRule onlyCorePublicApi = LayeringRules.onlyCorePublicApi();

    @ArchTest
    static final ArchRule noPaimon = LayeringRules.noPaimon();

    @ArchTest
    static final ArchRule noTestSupport = LayeringRules.noTestSupport();

    @ArchTest
    static void packageGraph(JavaClasses classes) {
        PackageGraph.of(classes).report("metastore-sync: package dependencies (io.strata.*, main classes)",
                "package-graph.txt");
    }
}
