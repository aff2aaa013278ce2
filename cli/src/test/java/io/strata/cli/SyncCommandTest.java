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
        SyncResult moved = new SyncResult("shop", "totals", 3, SyncResult.Mode.INCREMENTAL, false, 0, 0, 0);
        assertThat(SyncCommand.line(T, 2L, moved))
                .isEqualTo("file:/lake/shop.db/totals -> shop.totals: INCREMENTAL, partitions +0 ~0 -0, snapshot 2 -> 3");
        assertThat(SyncCommand.line(T, 3L, moved)).endsWith("snapshot 3 (no change)");
        SyncResult created = new SyncResult("shop", "totals", 3, SyncResult.Mode.FULL, true, 0, 0, 0);
        assertThat(SyncCommand.line(T, null, created)).endsWith("snapshot 3 (table entry written)");
        assertThat(SyncCommand.line(T, 1L, created)).endsWith("snapshot 1 -> 3 (table entry written)");
        SyncResult none = new SyncResult("shop", "totals", -1, SyncResult.Mode.FULL, false, 0, 0, 0);
        assertThat(SyncCommand.line(T, null, none)).endsWith("snapshot none");
    }

    @Test
    void theWarehouseOfATableIsTheParentOfItsDatabaseDirectory() {
        assertThat(MetastoreArgument.warehouseOfTable(dir.resolve("lake/shop.db/orders").toFile()))
                .isEqualTo(dir.resolve("lake"));
        assertThat(MetastoreArgument.warehouseOfTable(dir.resolve("lake/orders").toFile())).isNull();
        assertThat(MetastoreArgument.warehouseOfTable(new File("orders"))).isNull();
    }
}
