package io.strata.lsm;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.BinaryRow;
import io.strata.data.BinaryRowWriter;
import io.strata.data.RowComparator;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.FileSource;
import io.strata.manifest.SimpleStats;
import io.strata.types.DataTypes;
import java.util.List;
import org.junit.jupiter.api.Test;

class IntervalPartitionTest {

    private static BinaryRow key(int k) {
        BinaryRowWriter w = new BinaryRowWriter(1);
        w.writeInt(0, k);
        return w.complete();
    }

    static DataFileMeta file(String name, int min, int max, int level) {
        return new DataFileMeta(name, 100, 10, key(min), key(max), SimpleStats.EMPTY_STATS, SimpleStats.EMPTY_STATS,
                0, 9, 0, level, List.of(), null, 0L, null, FileSource.APPEND, null, null, null, null);
    }

    private final IntervalPartition partition = new IntervalPartition(RowComparator.of(List.of(DataTypes.INT())));

    private static List<List<String>> names(List<List<SortedRun>> sections) {
        return sections.stream()
                .map(s -> s.stream().map(r -> r.files().stream().map(DataFileMeta::fileName).reduce((a, b) -> a + "+" + b).orElse(""))
                        .sorted().toList())
                .toList();
    }

    @Test
    void separatesNonOverlappingSectionsAndPacksRunsTightly() {
        List<List<SortedRun>> sections = partition.partition(List.of(
                file("a", 1, 10, 0), file("b", 5, 15, 0), file("c", 11, 20, 0),
                file("d", 30, 40, 0), file("e", 41, 50, 5)));
        assertThat(names(sections)).containsExactly(
                List.of("a+c", "b"),
                List.of("d"),
                List.of("e"));
    }

    @Test
    void touchingRangesOverlap() {
        // Key 10 is in both files: they must be merged, not read one after the other.
        List<List<SortedRun>> sections = partition.partition(List.of(file("a", 1, 10, 0), file("b", 10, 20, 0)));
        assertThat(sections).hasSize(1);
        assertThat(sections.get(0)).hasSize(2);
    }
}
