package io.strata.table;

import static io.strata.table.LifecycleTables.allSnapshots;
import static io.strata.table.LifecycleTables.commit;
import static io.strata.table.LifecycleTables.local;
import static io.strata.table.LifecycleTables.orphans;
import static io.strata.table.LifecycleTables.rowsAt;
import static io.strata.table.LifecycleTables.rowsOfTag;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.data.CloseableIterator;
import io.strata.data.Row;
import io.strata.snapshot.Tag;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rollback to a snapshot or a tag. */
class RollbackTest {

    @TempDir
    Path warehouse;

    private Table history() throws Exception {
        Table table = LifecycleTables.create(warehouse, "t", "write-only", "true");
        for (int n = 1; n <= 6; n++) {
            commit(table, n);
            if (n == 4) {
                table.compactFull();
            }
        }
        assertThat(table.snapshots().listIds()).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L);
        return table;
    }

    @Test
    void rollbackToASnapshotRemovesLaterSnapshotsTheirTagsAndFiles() throws Exception {
        Table table = history();
        Map<Long, List<String>> before = allSnapshots(table);
        table.tags().create("two", 2);
        table.tags().create("six", 6);
        Plan pinned = table.newScan().asOfSnapshot(2).plan();

        table.rollbackTo(3);

        assertThat(table.snapshots().listIds()).containsExactly(1L, 2L, 3L);
        assertThat(table.snapshots().latestSnapshotId()).isEqualTo(3L);
        assertThat(Files.readString(local(table).resolve("snapshot/LATEST")).trim()).isEqualTo("3");
        assertThat(table.tags().list()).extracting(Tag::name).containsExactly("two");
        assertThat(allSnapshots(table)).isEqualTo(Map.of(1L, before.get(1L), 2L, before.get(2L), 3L, before.get(3L)));
        assertThat(TestRows.readAll(table, table.newScan().plan())).isEqualTo(before.get(3L));
        assertThat(orphans(table)).as("files of the removed snapshots are deleted").isEmpty();
        // A reader that planned on an earlier snapshot still reads it.
        List<String> read = new ArrayList<>();
        for (Split split : pinned.splits()) {
            try (CloseableIterator<Row> rows = table.newRead(pinned).open(split)) {
                while (rows.hasNext()) {
                    read.add(TestRows.format(rows.next(), pinned.readType()));
                }
            }
        }
        read.sort(null);
        assertThat(read).isEqualTo(before.get(2L));
        // The table takes new commits after the rollback.
        commit(table, 7);
        assertThat(table.snapshots().latestSnapshotId()).isEqualTo(4L);
    }

    @Test
    void rollbackToATagWhoseSnapshotExpiredRestoresIt() throws Exception {
        Table table = history();
        List<String> at2 = rowsAt(table, 2);
        table.tags().create("two", 2);
        table.expireSnapshots().retainLast(2).commit();
        assertThat(table.snapshots().listIds()).containsExactly(6L, 7L);

        table.rollbackToTag("two");

        assertThat(table.snapshots().listIds()).containsExactly(2L);
        assertThat(table.snapshots().earliestSnapshotId()).isEqualTo(2L);
        assertThat(table.snapshots().latestSnapshotId()).isEqualTo(2L);
        assertThat(rowsAt(table, 2)).isEqualTo(at2);
        assertThat(rowsOfTag(table, "two")).isEqualTo(at2);
        assertThat(orphans(table)).isEmpty();
    }

    @Test
    void rollbackToAnExpiredSnapshotIdHeldByATagUsesTheTag() throws Exception {
        Table table = history();
        List<String> at3 = rowsAt(table, 3);
        table.tags().create("three", 3);
        table.expireSnapshots().retainLast(1).commit();
        table.rollbackTo(3);
        assertThat(table.snapshots().listIds()).containsExactly(3L);
        assertThat(rowsAt(table, 3)).isEqualTo(at3);
    }

    @Test
    void rollbackToAnExpiredSnapshotOrUnknownTagFailsAndChangesNothing() throws Exception {
        Table table = history();
        table.expireSnapshots().retainLast(3).commit();
        List<String> files = LifecycleTables.files(local(table));
        assertThatThrownBy(() -> table.rollbackTo(2)).hasMessageContaining("snapshot 2")
                .hasMessageContaining(table.location().toString());
        assertThatThrownBy(() -> table.rollbackTo(99)).hasMessageContaining("snapshot 99");
        assertThatThrownBy(() -> table.rollbackToTag("nope")).hasMessageContaining("no tag 'nope'");
        assertThat(LifecycleTables.files(local(table))).isEqualTo(files);
    }
}
