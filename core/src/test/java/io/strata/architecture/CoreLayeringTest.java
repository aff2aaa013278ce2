package io.strata.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import io.strata.testing.LayeringRules;
import io.strata.testing.PackageGraph;
import java.util.ArrayList;
import java.util.List;

/**
 * The layering of core's packages (docs/layering.md) and what core may not use. Prints the package graph
 * and writes it to {@code target/package-graph.txt}.
 */
@AnalyzeClasses(packages = "io.strata",
        importOptions = {ImportOption.DoNotIncludeTests.class, CoreLayeringTest.NotTestSupport.class})
class CoreLayeringTest {

    /**
     * Core's packages (relative to {@code io.strata}) from the bottom up: a package may use only packages
     * of the levels below its own. Packages of one level do not use each other.
     */
    static final List<List<String>> LEVELS = List.of(
            List.of("api"),
            List.of("types"),
            List.of("data"),
            List.of("json", "fs", "predicate"),
            List.of("format", "fileindex"),
            List.of("format.orc", "format.parquet", "format.avro"),
            List.of("format.registry"),
            List.of("schema", "manifest"),
            List.of("snapshot"),
            List.of("lsm"),
            List.of("lsm.mergeengine.aggregate"),
            List.of("lsm.mergeengine"),
            List.of("table"),
            List.of("table.store"),
            List.of("table.source", "table.lifecycle"),
            List.of("table.change"),
            List.of("table.commit"),
            List.of("table.compact", "table.stats"),
            List.of("table.write"),
            List.of("table.metadata"),
            List.of("catalog"));

    @ArchTest
    static final ArchRule noPackageCycles = LayeringRules.freeOfPackageCycles();

    @ArchTest
    static final ArchRule packagesUseOnlyLowerLevels = layering();

    @ArchTest
    static final ArchRule noHive = noClasses().should().dependOnClassesThat(hiveOutsideStorageApi())
            .as("core uses no Hive class but those of hive-storage-api")
            .because("core has no Hive classes (DESIGN.md); hive-storage-api is ORC's API (column vectors,"
                    + " search arguments), which ORC itself depends on and Hive 4.1 bundles");

    @ArchTest
    static final ArchRule noModuleAbove = LayeringRules.noModule("the modules above core",
            "io.strata.hive..", "io.strata.metastore..", "io.strata.cli..", "io.strata.benchmarks..");

    @ArchTest
    static final ArchRule noPaimon = LayeringRules.noPaimon();

    @ArchTest
    static final ArchRule noTestSupport = LayeringRules.noTestSupport();

    @ArchTest
    static void packageGraph(JavaClasses classes) {
        PackageGraph.of(classes).report("core: package dependencies (io.strata.*, main classes)",
                "package-graph.txt");
    }

    /** test-support (io.strata.testing) is on the tests' class path, but it is not core. */
    static final class NotTestSupport implements ImportOption {
        @Override
        public boolean includes(Location location) {
            return !location.contains("/io/strata/testing/");
        }
    }

    private static LayeredArchitecture layering() {
        LayeredArchitecture layers = layeredArchitecture().consideringOnlyDependenciesInLayers()
                .ensureAllClassesAreContainedInArchitecture();
        for (List<String> level : LEVELS) {
            for (String name : level) {
                layers = layers.layer(name).definedBy("io.strata." + name);
            }
        }
        List<String> below = new ArrayList<>();
        for (List<String> level : LEVELS) {
            for (String name : level) {
                layers = below.isEmpty()
                        ? layers.whereLayer(name).mayNotAccessAnyLayer()
                        : layers.whereLayer(name).mayOnlyAccessLayers(below.toArray(String[]::new));
            }
            below.addAll(level);
        }
        return layers.as("core's packages use only packages of lower levels: " + LEVELS);
    }

    private static DescribedPredicate<JavaClass> hiveOutsideStorageApi() {
        return DescribedPredicate.describe("are Hive classes outside hive-storage-api", c -> {
            String name = c.getPackageName();
            boolean hive = name.startsWith("org.apache.hadoop.hive.") || name.startsWith("org.apache.hive.");
            return hive && !c.getSource().map(s -> s.getUri().toString().contains("/hive-storage-api-")).orElse(false);
        });
    }
}
