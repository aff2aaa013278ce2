package io.strata.format.parquet;

import io.strata.data.GenericRow;
import io.strata.format.IntegerSkipLeaves;
import io.strata.predicate.CompoundPredicate;
import io.strata.predicate.LeafPredicate;
import io.strata.predicate.Predicate;
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.format.ColumnIndex;
import org.apache.parquet.format.OffsetIndex;
import org.apache.parquet.format.PageLocation;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.internal.hadoop.metadata.IndexReference;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * The rows of a row group that a skip filter may match, judged by the statistics Parquet keeps: each filtered
 * column's page index (the column index gives every page's value range and null count, the offset index its
 * first row), or, for a chunk written without one, the chunk's statistics. A page whose statistics rule the
 * filter out is not read at all, so a lookup by key in a sorted file decodes one page of each column instead of
 * the whole file.
 *
 * <p>As ORC's row-group skipping ({@code OrcSearchArguments}), only comparisons, IN and null tests of integer
 * columns stored as signed integers are judged (their statistics compare exactly as Strata compares); a
 * conjunction keeps the parts it can judge (a weaker filter reads more, never less than it must), a disjunction is
 * judged only whole. The ranges hold every matching row and maybe others: the caller still filters what it reads.
 */
final class ParquetRowRanges {

    private final Predicate filter;
    private final RowType readType;
    private final MessageType schema;
    private final FSDataInputStream in;

    ParquetRowRanges(Predicate filter, RowType readType, MessageType schema, FSDataInputStream in) {
        this.filter = filter;
        this.readType = readType;
        this.schema = schema;
        this.in = in;
    }

    /**
     * The ranges {@code [from, to)} of row numbers in the row group (from 0) that may hold a matching row, in
     * order and apart; empty when none may.
     */
    List<long[]> select(BlockMetaData rowGroup) throws IOException {
        Map<ColumnPath, ColumnChunkMetaData> chunks = new HashMap<>();
        for (ColumnChunkMetaData chunk : rowGroup.getColumns()) {
            chunks.put(chunk.getPath(), chunk);
        }
        List<long[]> ranges = ranges(filter, rowGroup.getRowCount(), chunks, new HashMap<>());
        return ranges == null ? all(rowGroup.getRowCount()) : ranges;
    }

    /** Every row of a row group of {@code rows} rows, as ranges (none for an empty group). */
    static List<long[]> all(long rows) {
        List<long[]> ranges = new ArrayList<>();
        if (rows > 0) {
            ranges.add(new long[] {0, rows});
        }
        return ranges;
    }

    /** The rows that may match, or null when the statistics cannot tell (every row may). */
    private List<long[]> ranges(Predicate predicate, long rows, Map<ColumnPath, ColumnChunkMetaData> chunks,
            Map<ColumnPath, List<PageStats>> pageIndexes) throws IOException {
        if (predicate instanceof CompoundPredicate compound) {
            List<long[]> result = compound.isAnd() ? null : new ArrayList<>();
            for (Predicate child : compound.children()) {
                List<long[]> childRanges = ranges(child, rows, chunks, pageIndexes);
                if (compound.isAnd()) {
                    if (childRanges != null) {
                        result = result == null ? childRanges : intersect(result, childRanges);
                    }
                } else {
                    if (childRanges == null) {
                        return null;
                    }
                    result = union(result, childRanges);
                }
            }
            return result;
        }
        if (!(predicate instanceof LeafPredicate leaf)) {
            return null;
        }
        ColumnPath path = judgedColumn(leaf);
        ColumnChunkMetaData chunk = path == null ? null : chunks.get(path);
        if (chunk == null) {
            return null;
        }
        List<PageStats> pages = pageIndexes.containsKey(path) ? pageIndexes.get(path) : pageStats(chunk, rows);
        pageIndexes.put(path, pages);
        if (pages == null) {
            return chunkMayMatch(leaf, chunk, rows) ? all(rows) : new ArrayList<>();
        }
        List<long[]> result = new ArrayList<>();
        for (PageStats page : pages) {
            if (mayMatch(leaf, page.to - page.from, page.min, page.max, page.nulls)) {
                add(result, page.from, page.to);
            }
        }
        return result;
    }

    /**
     * The column of the leaf's field when its statistics can judge the leaf: a top-level integer field of the
     * read type stored as a signed INT32 or INT64, compared with non-null integer literals; else null.
     */
    private ColumnPath judgedColumn(LeafPredicate leaf) {
        DataField field = IntegerSkipLeaves.field(leaf, readType);
        if (field == null) {
            return null;
        }
        Type fileField = ReadTree.match(schema, field);
        if (fileField == null || !fileField.isPrimitive()) {
            return null;
        }
        PrimitiveType primitive = fileField.asPrimitiveType();
        PrimitiveType.PrimitiveTypeName stored = primitive.getPrimitiveTypeName();
        if (stored != PrimitiveType.PrimitiveTypeName.INT32 && stored != PrimitiveType.PrimitiveTypeName.INT64) {
            return null;
        }
        LogicalTypeAnnotation logical = primitive.getLogicalTypeAnnotation();
        if (logical != null && !(logical instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation integer
                && integer.isSigned())) {
            return null; // unsigned, dates, times, decimals: not compared as Strata compares the field
        }
        return ColumnPath.get(fileField.getName());
    }

    private static boolean chunkMayMatch(LeafPredicate leaf, ColumnChunkMetaData chunk, long rows) {
        Statistics<?> stats = chunk.getStatistics();
        if (stats == null || stats.isEmpty()) {
            return true;
        }
        Long nulls = stats.isNumNullsSet() ? stats.getNumNulls() : null;
        Long min = stats.hasNonNullValue() ? ((Number) stats.genericGetMin()).longValue() : null;
        Long max = stats.hasNonNullValue() ? ((Number) stats.genericGetMax()).longValue() : null;
        return mayMatch(leaf, rows, min, max, nulls);
    }

    /** Whether a part of {@code rows} rows with these bounds (null: unknown) may hold a row the leaf accepts. */
    private static boolean mayMatch(LeafPredicate leaf, long rows, Long min, Long max, Long nulls) {
        int arity = leaf.index() + 1;
        GenericRow lo = new GenericRow(arity);
        GenericRow hi = new GenericRow(arity);
        Long[] nullCounts = new Long[arity];
        lo.set(leaf.index(), min == null ? null : fieldValue(leaf, min));
        hi.set(leaf.index(), max == null ? null : fieldValue(leaf, max));
        nullCounts[leaf.index()] = nulls;
        return leaf.mayMatch(rows, lo, hi, nullCounts);
    }

    /** A stored integer as the internal value class of the leaf's field. */
    private static Object fieldValue(LeafPredicate leaf, long value) {
        return switch (leaf.type().root()) {
            case TINYINT -> (byte) value;
            case SMALLINT -> (short) value;
            case INT -> (int) value;
            default -> value;
        };
    }

    /**
     * Each page's rows and statistics from the chunk's page index, or null when the chunk has none (files
     * written without it) or it does not describe the chunk's pages.
     */
    private List<PageStats> pageStats(ColumnChunkMetaData chunk, long rows) throws IOException {
        IndexReference columnRef = chunk.getColumnIndexReference();
        IndexReference offsetRef = chunk.getOffsetIndexReference();
        if (columnRef == null || offsetRef == null) {
            return null;
        }
        ColumnIndex columnIndex = Util.readColumnIndex(new ByteArrayInputStream(read(columnRef)));
        OffsetIndex offsetIndex = Util.readOffsetIndex(new ByteArrayInputStream(read(offsetRef)));
        List<PageLocation> locations = offsetIndex.getPage_locations();
        int pages = locations.size();
        if (columnIndex.getNull_pagesSize() != pages || columnIndex.getMin_valuesSize() != pages
                || columnIndex.getMax_valuesSize() != pages
                || (columnIndex.isSetNull_counts() && columnIndex.getNull_countsSize() != pages)) {
            return null;
        }
        boolean int64 = chunk.getPrimitiveType().getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.INT64;
        List<PageStats> stats = new ArrayList<>(pages);
        for (int i = 0; i < pages; i++) {
            long from = locations.get(i).getFirst_row_index();
            long to = i + 1 < pages ? locations.get(i + 1).getFirst_row_index() : rows;
            if (from < 0 || to < from || to > rows) {
                return null;
            }
            Long nulls = columnIndex.isSetNull_counts() ? columnIndex.getNull_counts().get(i) : null;
            if (columnIndex.getNull_pages().get(i)) {
                stats.add(new PageStats(from, to, null, null, to - from));
                continue;
            }
            Long min = integer(columnIndex.getMin_values().get(i), int64);
            Long max = integer(columnIndex.getMax_values().get(i), int64);
            stats.add(new PageStats(from, to, min, max, nulls));
        }
        return stats;
    }

    private byte[] read(IndexReference reference) throws IOException {
        if (reference.getLength() < 0 || reference.getOffset() < 0) {
            throw new IOException("page index at " + reference.getOffset() + " has a negative size");
        }
        byte[] bytes = new byte[reference.getLength()];
        in.readFully(reference.getOffset(), bytes);
        return bytes;
    }

    /** A plain-encoded INT32 or INT64 bound, or null when it is not one (unknown). */
    private static Long integer(ByteBuffer bytes, boolean int64) {
        ByteBuffer b = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (int64) {
            return b.remaining() == 8 ? b.getLong(b.position()) : null;
        }
        return b.remaining() == 4 ? (long) b.getInt(b.position()) : null;
    }

    private record PageStats(long from, long to, Long min, Long max, Long nulls) {}

    /** Adds {@code [from, to)} after the last range, joining them when they touch. */
    private static void add(List<long[]> ranges, long from, long to) {
        if (from >= to) {
            return;
        }
        if (!ranges.isEmpty() && ranges.get(ranges.size() - 1)[1] >= from) {
            long[] last = ranges.get(ranges.size() - 1);
            last[1] = Math.max(last[1], to);
            return;
        }
        ranges.add(new long[] {from, to});
    }

    private static List<long[]> intersect(List<long[]> a, List<long[]> b) {
        List<long[]> result = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < a.size() && j < b.size()) {
            long from = Math.max(a.get(i)[0], b.get(j)[0]);
            long to = Math.min(a.get(i)[1], b.get(j)[1]);
            add(result, from, to);
            if (a.get(i)[1] < b.get(j)[1]) {
                i++;
            } else {
                j++;
            }
        }
        return result;
    }

    private static List<long[]> union(List<long[]> a, List<long[]> b) {
        List<long[]> result = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < a.size() || j < b.size()) {
            long[] next = j == b.size() || (i < a.size() && a.get(i)[0] <= b.get(j)[0]) ? a.get(i++) : b.get(j++);
            add(result, next[0], next[1]);
        }
        return result;
    }
}
