package io.strata.lsm;

import io.strata.data.Row;
import io.strata.manifest.DataFileMeta;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Splits a bucket's files into sections whose key ranges do not overlap each other, and each section
 * into the fewest sorted runs. A section of one run is read without merging; sections are independent,
 * so a reader merges only the files whose ranges really overlap.
 */
public final class IntervalPartition {

    private final Comparator<Row> keyComparator;

    public IntervalPartition(Comparator<Row> keyComparator) {
        this.keyComparator = keyComparator;
    }

    /** The sections in key order; each a list of sorted runs. */
    public List<List<SortedRun>> partition(List<DataFileMeta> files) {
        List<DataFileMeta> sorted = new ArrayList<>(files);
        sorted.sort((a, b) -> {
            int c = keyComparator.compare(a.minKey(), b.minKey());
            return c != 0 ? c : keyComparator.compare(a.maxKey(), b.maxKey());
        });
        List<List<SortedRun>> sections = new ArrayList<>();
        List<DataFileMeta> section = new ArrayList<>();
        DataFileMeta boundFile = null;
        for (DataFileMeta file : sorted) {
            if (boundFile != null && keyComparator.compare(file.minKey(), boundFile.maxKey()) > 0) {
                sections.add(toRuns(section));
                section = new ArrayList<>();
                boundFile = null;
            }
            section.add(file);
            if (boundFile == null || keyComparator.compare(file.maxKey(), boundFile.maxKey()) > 0) {
                boundFile = file;
            }
        }
        if (!section.isEmpty()) {
            sections.add(toRuns(section));
        }
        return sections;
    }

    /** Greedy: each file (by min key) joins the run that ends earliest, if it ends before the file starts. */
    private List<SortedRun> toRuns(List<DataFileMeta> section) {
        PriorityQueue<List<DataFileMeta>> runs = new PriorityQueue<>(
                (a, b) -> keyComparator.compare(a.get(a.size() - 1).maxKey(), b.get(b.size() - 1).maxKey()));
        for (DataFileMeta file : section) {
            List<DataFileMeta> earliest = runs.peek();
            if (earliest != null && keyComparator.compare(earliest.get(earliest.size() - 1).maxKey(), file.minKey()) < 0) {
                runs.poll();
                earliest.add(file);
                runs.add(earliest);
            } else {
                List<DataFileMeta> run = new ArrayList<>();
                run.add(file);
                runs.add(run);
            }
        }
        List<SortedRun> result = new ArrayList<>(runs.size());
        for (List<DataFileMeta> run : runs) {
            result.add(new SortedRun(run));
        }
        return result;
    }
}
