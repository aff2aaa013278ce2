package io.strata.lsm;

import io.strata.data.Row;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;

/**
 * Reads the sections a compaction merges, in key order, with the table's merge function: every key
 * once, reduced as a read would reduce it. Unlike a read it keeps retractions (-U, -D) unless told to
 * drop them, because a compaction whose output is not the oldest data of the bucket must carry a
 * delete down to the older versions it hides. A key with a single record passes through unchanged.
 */
public final class CompactionReader {

    private CompactionReader() {}

    /**
     * @param sections sections of the compaction, in key order, each a list of sorted runs
     * @param valueKeyComparator order of the primary key of two value rows
     * @param sequenceOrder order of the user sequence fields of two value rows (older first), or null
     * @param dropDelete whether retractions are dropped (the output is the oldest data of the bucket)
     */
    public static RecordCursor read(List<List<SortedRun>> sections, Comparator<Row> valueKeyComparator,
            Comparator<Row> sequenceOrder, Supplier<MergeFunction> mergeFunctions, DataFileOpener opener,
            boolean dropDelete) {
        List<ConcatCursor.CursorFactory> factories = new ArrayList<>(sections.size());
        for (List<SortedRun> section : sections) {
            if (section.size() == 1) {
                factories.add(() -> ConcatCursor.ofFiles(section.get(0).files(), opener));
            } else {
                factories.add(() -> {
                    List<RecordCursor> runs = new ArrayList<>(section.size());
                    for (SortedRun run : section) {
                        runs.add(ConcatCursor.ofFiles(run.files(), opener));
                    }
                    return new MergingCursor(runs, valueKeyComparator, sequenceOrder, mergeFunctions.get(), true);
                });
            }
        }
        RecordCursor merged = new ConcatCursor(factories);
        // SingleRunCursor passes adds only: exactly the drop-delete filter.
        return dropDelete ? new SingleRunCursor(merged) : merged;
    }
}
