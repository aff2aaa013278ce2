package io.strata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.metastore.SyncResult;
import java.io.File;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The per-table line of {@code strata sync}, and where an embedded metastore is kept (no metastore started). */
class SyncCommandTest {

    private static final org.apache.hadoop.fs.Path T = new org.apache.hadoop.fs.Path("file:/lake/shop.db/totals");

    @TempDir
    Path dir;

    @Test
    void aMovedSnapshotSaysFromWhereToWhere() {
        assertThat(SyncCommand.line(T, result(3, SyncResult.Mode.INCREMENTAL, false, 2L)))
                .isEqualTo("file:/lake/shop.db/totals -> shop.totals: INCREMENTAL, partitions +0 ~0 -0, snapshot 2 -> 3");
        assertThat(SyncCommand.line(T, result(3, SyncResult.Mode.INCREMENTAL, false, 3L))).endsWith("snapshot 3 (no change)");
        assertThat(SyncCommand.line(T, result(3, SyncResult.Mode.FULL, true, null))).endsWith("snapshot 3 (table entry written)");
        assertThat(SyncCommand.line(T, result(3, SyncResult.Mode.FULL, true, 1L))).endsWith("snapshot 1 -> 3 (table entry written)");
        assertThat(SyncCommand.line(T, result(-1, SyncResult.Mode.FULL, false, null))).endsWith("snapshot none");
    }

    @Test
    void theWarehouseOfATableIsTheParentOfItsDatabaseDirectory() {
        assertThat(MetastoreArgument.warehouseOfTable(dir.resolve("lake/shop.db/orders").toFile()))
                .isEqualTo(dir.resolve("lake"));
        assertThat(MetastoreArgument.warehouseOfTable(dir.resolve("lake/orders").toFile())).isNull();
        assertThat(MetastoreArgument.warehouseOfTable(new File("orders"))).isNull();
    }

    private static SyncResult result(long snapshot, SyncResult.Mode mode, boolean tableChanged, Long previous) {
        return new SyncResult("shop", "totals", snapshot, mode, tableChanged, 0, 0, 0, previous);
    }
}
