package io.strata.hive;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.strata.testing.LayeringRules;
import io.strata.testing.PackageGraph;

/**
 * What the Hive connector's main classes may use (docs/layering.md): core and Hive, not metastore-sync,
 * which it does not depend on (what both need lives in core). Prints the package graph and writes it to
 * {@code target/package-graph.txt}.
 */
@AnalyzeClasses(packages = "io.strata.hive", importOptions = ImportOption.DoNotIncludeTests.class)
class HiveConnectorLayeringTest {

    @ArchTest
    static final ArchRule noPackageCycles = LayeringRules.freeOfPackageCycles();

    @ArchTest
    static final ArchRule noMetastoreSyncNorCli = LayeringRules.noModule(
            "metastore-sync (io.strata.metastore) or the cli", "io.strata.metastore..", "io.strata.cli..",
            "io.strata.benchmarks..");

    @ArchTest
    static final ArchRule onlyCorePublicApi = LayeringRules.onlyCorePublicApi();

    @ArchTest
    static final ArchRule noPaimon = LayeringRules.noPaimon();

    @ArchTest
    static final ArchRule noTestSupport = LayeringRules.noTestSupport();

    @ArchTest
    static void packageGraph(JavaClasses classes) {
        PackageGraph.of(classes).report("hive-connector: package dependencies (io.strata.*, main classes)",
                "package-graph.txt");
    }
}
