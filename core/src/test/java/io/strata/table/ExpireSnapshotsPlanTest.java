package io.strata.table;

import static io.strata.table.LifecycleTables.commit;
import static io.strata.table.LifecycleTables.contentFiles;
import static io.strata.table.LifecycleTables.local;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The expiration plan: what a preview shows is exactly what the expiration then expires, and planning changes nothing. */
class ExpireSnapshotsPlanTest {

    @TempDir
    Path warehouse;

    private Table history(String name) throws Exception {
        Table table = LifecycleTables.create(warehouse, name, "write-only", "true");
        for (int n = 1; n <= 6; n++) {
            commit(table, n);
            if (n % 3 == 0) {
                table.compactFull();
            }
        }
        assertThat(table.snapshots().listIds()).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L);
        return table;
    }

    @Test
    void thePlanIsWhatTheExpirationExpiresAndPlanningDeletesNothing() throws Exception {
        Table table = history("t");
        Instant future = Instant.now().plusSeconds(60);
        List<String> files = contentFiles(local(table));

        ExpireSnapshots.Plan limited = plan(table, 1, Integer.MAX_VALUE, future, 2);
        assertThat(limited.snapshotIds()).containsExactly(1L, 2L);
        assertThat(limited.earliest()).isEqualTo(1L);
        assertThat(limited.endExclusive()).isEqualTo(3L);
        assertThat(contentFiles(local(table))).isEqualTo(files);
        assertThat(table.expireSnapshots().retainMin(1).olderThan(future).maxDeletes(2).commit().snapshotIds())
                .isEqualTo(limited.snapshotIds());

        // A consumer at snapshot 5 keeps 5 and later, whatever retain-min allows.
        table.consumers().reset("job", 5);
        ExpireSnapshots.Plan consumed = plan(table, 1, Integer.MAX_VALUE, future, 100);
        assertThat(consumed.snapshotIds()).containsExactly(3L, 4L);
        assertThat(table.expireSnapshots().retainMin(1).olderThan(future).maxDeletes(100).commit().snapshotIds())
                .isEqualTo(consumed.snapshotIds());
        table.consumers().delete("job");

        // Retain max beats a cutoff in the past; retain min beats one in the future.
        assertThat(plan(table, 1, 2, Instant.EPOCH, 100).snapshotIds()).containsExactly(5L, 6L);
        assertThat(plan(table, 3, 3, future, 100).snapshotIds()).containsExactly(5L);
        assertThat(plan(table, 1, Integer.MAX_VALUE, Instant.EPOCH, 100).isEmpty()).isTrue();
        assertThat(table.expireSnapshots().retainMin(1).retainMax(2).olderThan(Instant.EPOCH).commit().snapshotIds())
                .containsExactly(5L, 6L);
        assertThat(table.snapshots().listIds()).containsExactly(7L, 8L);
    }

    @Test
    void consumerChangelogOnlyTablesAreNotHeldBackByConsumers() throws Exception {
        Table table = SnapshotExpirationTest.withOption(history("c"), "consumer.changelog-only", "true");
        table.consumers().reset("job", 2);
        assertThat(plan(table, 2, Integer.MAX_VALUE, Instant.now().plusSeconds(60), 100)
                .snapshotIds()).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
    }

    @Test
    void anEmptyTablePlansNothingAndBadBoundsNameTheTable() throws Exception {
        Table empty = LifecycleTables.create(warehouse, "empty");
        ExpireSnapshots.Plan none = plan(empty, 1, 1, Instant.now(), 1);
        assertThat(none.isEmpty()).isTrue();
        assertThat(none.earliest()).isEqualTo(-1L);
        assertThatThrownBy(() -> plan(empty, 3, 2, Instant.now(), 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(empty.location().toString())
                .hasMessageContaining("retain min (3) <= retain max (2)");
    }

    /** The plan of {@code table.expireSnapshots()} with these refinements. */
    private static ExpireSnapshots.Plan plan(Table table, int retainMin, int retainMax, Instant olderThan,
            int maxDeletes) {
        return table.expireSnapshots().retainMin(retainMin).retainMax(retainMax).olderThan(olderThan)
                .maxDeletes(maxDeletes).plan();
    }
}
