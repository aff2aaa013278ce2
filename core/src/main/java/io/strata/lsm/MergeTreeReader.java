package io.strata.lsm;

import io.strata.data.Row;
import io.strata.manifest.DataFileMeta;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;

/**
 * Reads the files of one primary-key bucket merged (docs/format.md section 8): sections of overlapping files
 * are merged run against run; a section of one sorted run is read directly, dropping its retractions.
 */
public final class MergeTreeReader {

    private MergeTreeReader() {}

    /**
     * @param sequenceOrder order of the user sequence fields of two value rows (older first), or null
     *     when the table has no {@code sequence.field}
     */
    public static RecordCursor read(
            List<DataFileMeta> files,
            Comparator<Row> fileKeyComparator,
            Comparator<Row> valueKeyComparator,
            Comparator<Row> sequenceOrder,
            Supplier<MergeFunction> mergeFunctions,
            DataFileOpener opener) {
        return read(files, fileKeyComparator, valueKeyComparator, null, sequenceOrder, mergeFunctions, opener);
    }

    /**
     * Like {@link #read(List, Comparator, Comparator, Comparator, Supplier, DataFileOpener)}, with the key
     * known by its positions in the value rows of {@code valueType}: a key of one integral field is then
     * compared as a {@code long} read once per record.
     */
    public static RecordCursor read(
            List<DataFileMeta> files,
            Comparator<Row> fileKeyComparator,
            RowType valueType,
            int[] keyPositions,
            Comparator<Row> sequenceOrder,
            Supplier<MergeFunction> mergeFunctions,
            DataFileOpener opener) {
        return read(files, fileKeyComparator, KeyOrder.onPositions(valueType, keyPositions),
                MergingCursor.IntegralKey.of(valueType, keyPositions), sequenceOrder, mergeFunctions, opener);
    }

    private static RecordCursor read(
            List<DataFileMeta> files,
            Comparator<Row> fileKeyComparator,
            Comparator<Row> valueKeyComparator,
            MergingCursor.IntegralKey integralKey,
            Comparator<Row> sequenceOrder,
            Supplier<MergeFunction> mergeFunctions,
            DataFileOpener opener) {
        List<List<SortedRun>> sections = new IntervalPartition(fileKeyComparator).partition(files);
        if (sections.size() == 1) {
            // One section (all runs overlap, the usual bucket before compaction): its cursor is read directly,
            // without a concatenation layer on every record. Creating it opens no file.
            return section(sections.get(0), valueKeyComparator, integralKey, sequenceOrder, mergeFunctions, opener);
        }
        List<ConcatCursor.CursorFactory> factories = new ArrayList<>(sections.size());
        for (List<SortedRun> section : sections) {
            factories.add(() -> section(section, valueKeyComparator, integralKey, sequenceOrder, mergeFunctions, opener));
        }
        return new ConcatCursor(factories);
    }

    /** The cursor of one section: its run read directly, or its runs merged. Opens no file. */
    private static RecordCursor section(
            List<SortedRun> section,
            Comparator<Row> valueKeyComparator,
            MergingCursor.IntegralKey integralKey,
            Comparator<Row> sequenceOrder,
            Supplier<MergeFunction> mergeFunctions,
            DataFileOpener opener) {
        if (section.size() == 1) {
            return new SingleRunCursor(ConcatCursor.ofFiles(section.get(0).files(), opener));
        }
        List<RecordCursor> runs = new ArrayList<>(section.size());
        for (SortedRun r : section) {
            runs.add(ConcatCursor.ofFiles(r.files(), opener));
        }
        return new MergingCursor(runs, valueKeyComparator, integralKey, sequenceOrder, mergeFunctions.get(), false);
    }

    /**
     * Reads the files of a bucket whose compactions look old values up (changelog producer {@code
     * lookup}): per key, the version in the lowest level above 0 merged with the level-0 versions
     * ({@link LookupReadCursor}).
     *
     * @param keyOrder order of the primary key of two value rows
     * @param sequenceOrder order of the user sequence fields of two value rows (older first), or null
     */
    public static RecordCursor readLookup(
            List<DataFileMeta> files,
            Comparator<Row> fileKeyComparator,
            Comparator<Row> keyOrder,
            Comparator<Row> sequenceOrder,
            MergeFunction mergeFunction,
            DataFileOpener opener) {
        List<List<SortedRun>> sections = new IntervalPartition(fileKeyComparator).partition(files);
        return new LookupReadCursor(new KeyVersionsReader(sections, keyOrder, sequenceOrder, opener), mergeFunction);
    }

    /**
     * Reads files whose keys are known not to repeat across files (levels above 0 with deletion vectors,
     * or first-row tables) one after another; retractions are dropped.
     */
    public static RecordCursor readUnmerged(List<DataFileMeta> files, DataFileOpener opener) {
        List<ConcatCursor.CursorFactory> factories = new ArrayList<>(files.size());
        for (DataFileMeta f : files) {
            factories.add(() -> new SingleRunCursor(opener.open(f)));
        }
        return new ConcatCursor(factories);
    }
}
