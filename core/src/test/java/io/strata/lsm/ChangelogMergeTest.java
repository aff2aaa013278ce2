package io.strata.lsm;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.lsm.mergeengine.DeduplicateMergeFunction;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The changelog each changelog-producing merge makes of one key's versions, case by case, as Paimon's
 * FullChangelogMergeFunctionWrapper, LookupChangelogMergeFunctionWrapper and FirstRowMergeFunctionWrapper
 * state it (deduplicate merge function; levels: 0 new, 5 max).
 */
class ChangelogMergeTest {

    private static final RowType TYPE = new RowType(List.of(
            new DataField(0, "k", DataTypes.INT().withNullable(false)), new DataField(1, "v", DataTypes.INT())));

    private static StoredRecord v(RowKind kind, int value, long seq, int level) {
        return new StoredRecord(GenericRow.of(1, value), seq, kind, level);
    }

    /** Collects what a merge emits as "data:+I[1, 2]" and "+U[1, 2]" strings. */
    private static final class Collected implements ChangelogOutput {
        final List<String> data = new ArrayList<>();
        final List<String> changelog = new ArrayList<>();

        @Override
        public void data(MergedRecord r) {
            data.add(r.kind().shortString() + r.value().getInt(1));
        }

        @Override
        public void changelog(MergedRecord r, RowKind kind) {
            changelog.add(kind.shortString() + r.value().getInt(1));
        }
    }

    private static Collected full(boolean rowDeduplicate, StoredRecord... versions) throws Exception {
        Collected out = new Collected();
        new FullCompactionChangelogMerge(5, new DeduplicateMergeFunction(false), TYPE, rowDeduplicate)
                .merge(List.of(versions), out);
        return out;
    }

    @Test
    void fullCompactionComparesTheTopLevelValueWithTheMergedOne() throws Exception {
        assertThat(full(false, v(RowKind.INSERT, 1, 0, 0)).changelog).containsExactly("+I1");
        assertThat(full(false, v(RowKind.INSERT, 1, 0, 5)).changelog).isEmpty();
        assertThat(full(false, v(RowKind.INSERT, 1, 0, 5), v(RowKind.INSERT, 2, 1, 0)).changelog)
                .containsExactly("-U1", "+U2");
        // Equal values: -U/+U all the same, unless row-deduplicate.
        assertThat(full(false, v(RowKind.INSERT, 1, 0, 5), v(RowKind.INSERT, 1, 1, 0)).changelog)
                .containsExactly("-U1", "+U1");
        assertThat(full(true, v(RowKind.INSERT, 1, 0, 5), v(RowKind.INSERT, 1, 1, 0)).changelog).isEmpty();
        Collected deleted = full(false, v(RowKind.INSERT, 1, 0, 5), v(RowKind.DELETE, 0, 1, 0));
        assertThat(deleted.changelog).containsExactly("-D1");
        assertThat(deleted.data).as("the max level keeps no delete").isEmpty();
        assertThat(full(false, v(RowKind.DELETE, 0, 1, 0)).changelog).isEmpty();
        assertThat(full(false, v(RowKind.INSERT, 1, 0, 3), v(RowKind.INSERT, 2, 1, 0)).changelog)
                .as("no top-level version: the key is new").containsExactly("+I2");
    }

    private static final LookupFileCache NO_FILES = new LookupFileCache(java.nio.file.Path.of("/nonexistent"),
            Long.MAX_VALUE, java.time.Duration.ofHours(1), 1 << 20, System::currentTimeMillis);

    @Test
    void lookupTakesTheOldValueFromTheCompactionOrLooksItUp() throws Exception {
        java.util.Comparator<KeyVersion> order = KeyVersionsReader.versionOrder(null);
        LookupLevels nothing = new LookupLevels(TYPE, TYPE.project(new int[] {0}), new int[] {0},
                file -> { throw new AssertionError("no file to open"); }, NO_FILES);
        Collected out = new Collected();
        LookupChangelogMerge merge = new LookupChangelogMerge(new DeduplicateMergeFunction(false), order, nothing,
                List.of(), true, false, TYPE, false);
        // No level-0 version: no change; only the newest version above level 0 counts.
        merge.merge(List.of(v(RowKind.INSERT, 1, 0, 4), v(RowKind.INSERT, 2, 1, 2)), out);
        assertThat(out.changelog).isEmpty();
        assertThat(out.data).containsExactly("+I2");
        out = new Collected();
        merge.merge(List.of(v(RowKind.INSERT, 1, 0, 4), v(RowKind.INSERT, 2, 1, 2), v(RowKind.INSERT, 3, 2, 0)), out);
        assertThat(out.changelog).containsExactly("-U2", "+U3");
        out = new Collected();
        merge.merge(List.of(v(RowKind.INSERT, 2, 1, 2), v(RowKind.DELETE, 0, 2, 0)), out);
        assertThat(out.changelog).containsExactly("-D2");
        out = new Collected();
        merge.merge(List.of(v(RowKind.INSERT, 3, 2, 0)), out);
        assertThat(out.changelog).as("nothing above: a new key").containsExactly("+I3");
    }

    @Test
    void firstRowKeepsTheHighLevelRowAndEmitsInsertsOfNewKeysOnly() throws Exception {
        LookupLevels nothing = new LookupLevels(TYPE, TYPE.project(new int[] {0}), new int[] {0},
                file -> { throw new AssertionError("no file to open"); }, NO_FILES);
        Collected out = new Collected();
        FirstRowLookupMerge merge = new FirstRowLookupMerge(nothing, List.of(), true);
        merge.merge(List.of(v(RowKind.INSERT, 1, 0, 3), v(RowKind.INSERT, 2, 5, 0)), out);
        assertThat(out.data).containsExactly("+I1");
        assertThat(out.changelog).isEmpty();
        out = new Collected();
        merge.merge(List.of(v(RowKind.INSERT, 7, 5, 0), v(RowKind.INSERT, 8, 6, 0)), out);
        assertThat(out.data).containsExactly("+I7");
        assertThat(out.changelog).containsExactly("+I7");
    }
}
