package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.commit.CommitHookProviders;
import io.strata.types.DataTypes;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Providers are found in the thread's context class loader as well as in core's, each one once. */
class CommitHookProvidersTest {

    @TempDir
    Path dir;

    @AfterEach
    void reset() {
        ContextLoaderCommitHookProvider.SEEN.clear();
        TestCommitHookProvider.reset();
    }

    private Table table() {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(dir.resolve("wh").toUri()));
        catalog.createDatabase("db", true);
        Schema schema = Schema.newBuilder()
                .column("k", DataTypes.INT())
                .column("v", DataTypes.STRING())
                .option("test.context-callback", "true")
                .option(TestCommitHookProvider.CALLBACKS_OPTION, "recording")
                .build();
        return catalog.createTable(Identifier.of("db", "t"), schema, false);
    }

    private static long commitRow(Table table, int key) {
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(GenericRow.of(key, Utf8String.fromString("row " + key)));
            return w.commit();
        }
    }

    @Test
    void providersAreLoadedOncePerClassLoader() {
        List<CommitHookProvider> first = CommitHookProviders.find();
        List<CommitHookProvider> second = CommitHookProviders.find();
        assertThat(first).hasSize(1).first().isInstanceOf(TestCommitHookProvider.class);
        assertThat(second.get(0)).isSameAs(first.get(0));
    }

    @Test
    void aProviderSeenOnlyByTheContextClassLoaderTakesPartAndNoneRunsTwice() throws Exception {
        Table table = table();
        assertThat(commitRow(table, 1)).isEqualTo(1);
        assertThat(ContextLoaderCommitHookProvider.SEEN).as("not listed on the class path").isEmpty();

        Path services = dir.resolve("session-jar/META-INF/services");
        Files.createDirectories(services);
        Files.writeString(services.resolve(CommitHookProvider.class.getName()),
                ContextLoaderCommitHookProvider.class.getName() + "\n");
        Thread thread = Thread.currentThread();
        ClassLoader original = thread.getContextClassLoader();
        try (URLClassLoader session = new URLClassLoader(new URL[] {dir.resolve("session-jar").toUri().toURL()},
                getClass().getClassLoader())) {
            thread.setContextClassLoader(session);
            assertThat(commitRow(table, 2)).isEqualTo(2);
        } finally {
            thread.setContextClassLoader(original);
        }

        assertThat(ContextLoaderCommitHookProvider.SEEN).containsExactly(2L);
        assertThat(TestCommitHookProvider.recorded(table))
                .as("the class-path provider, visible through both loaders, ran once per snapshot")
                .containsExactly(1L, 2L);
    }
}
