package io.strata.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.GenericRow;
import io.strata.format.ColumnarBatch;
import io.strata.format.ColumnarRow;
import io.strata.format.FormatReader;
import io.strata.predicate.Predicate;
import io.strata.predicate.PredicateBuilder;
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parquet reads with a skip filter ({@link ParquetRowRanges}): on files of many row groups and pages, written by
 * Strata and by Paimon (pages v1 and v2), every row that matches is returned with its true position in the file,
 * every returned row is the file's row at that position, and selective filters on integer columns read only a
 * few pages; filters the statistics cannot judge read everything.
 */
class ParquetPageSkippingTest {

    private static final RowType TYPE = ParquetPageDecodingTest.TYPE;
    private static final PredicateBuilder WHERE = new PredicateBuilder(TYPE);
    private static final int ROWS = 12_000;

    @TempDir
    java.nio.file.Path dir;

    /** Each filter with the most rows a read may return for it (pages of ~1 kb hold a few hundred rows). */
    private static Map<String, Object[]> filters() {
        Map<String, Object[]> filters = new LinkedHashMap<>();
        filters.put("one key", new Object[] {WHERE.equal("f_key", 7_777L), 1_500});
        filters.put("key range", new Object[] {WHERE.between("f_key", 3_000L, 3_099L), 1_600});
        filters.put("keys in", new Object[] {WHERE.in("f_key", 10L, 11_990L), 3_000});
        filters.put("key or key", new Object[] {PredicateBuilder.or(WHERE.equal("f_key", 5L),
                WHERE.greaterThan("f_key", 11_995L)), 3_000});
        filters.put("no key", new Object[] {WHERE.lessThan("f_key", 0L), 0});
        filters.put("key and a string", new Object[] {PredicateBuilder.and(WHERE.equal("f_key", 9_000L),
                WHERE.isNotNull("f_unique")), 1_500});
        // Not judged (strings, an OR with a part that cannot be judged): every row is read.
        filters.put("a string", new Object[] {WHERE.isNull("f_sparse"), ROWS});
        filters.put("key or a string", new Object[] {PredicateBuilder.or(WHERE.equal("f_key", 5L),
                WHERE.isNull("f_unique")), ROWS});
        // Integer columns that are not sorted: pages are judged by their ranges and null counts.
        filters.put("required int", new Object[] {WHERE.greaterThan("f_required", 11_500), ROWS});
        filters.put("tinyint", new Object[] {WHERE.equal("f_tiny", (byte) 3), ROWS});
        filters.put("null int", new Object[] {WHERE.isNull("f_all_null"), ROWS});
        filters.put("not null int", new Object[] {WHERE.isNotNull("f_all_null"), 0});
        return filters;
    }

    @Test
    void readsWhatMatchesFromStrataFiles() throws Exception {
        List<GenericRow> rows = ParquetPageDecodingTest.rows(ROWS, 5);
        Path file = new Path(dir.resolve("strata.parquet").toUri());
        ParquetFiles.write(new ParquetFormatFactory(new ParquetWriteOptions(96 * 1024, 1024)), file, TYPE, "zstd", rows);
        assertThat(ParquetFiles.footer(file).getBlocks()).hasSizeGreaterThan(3);
        assertSkipsRight(file, rows);
    }

    @Test
    void readsWhatMatchesFromPaimonFilesWithPagesV1AndV2() throws Exception {
        List<GenericRow> rows = ParquetPageDecodingTest.rows(ROWS, 6);
        Path v1 = new Path(ParquetPageDecodingTest.writeWithPaimon(dir, "v1", rows,
                Map.of("file.compression", "zstd")).toUri());
        assertSkipsRight(v1, rows);
        Path v2 = new Path(ParquetPageDecodingTest.writeWithPaimon(dir, "v2", rows,
                Map.of("file.compression", "snappy", "parquet.writer.version", "v2")).toUri());
        assertSkipsRight(v2, rows);
    }

    private static void assertSkipsRight(Path file, List<GenericRow> rows) throws IOException {
        // All columns (nested ones skip by reading), and a projection of flat columns (pages passed over whole).
        List<RowType> readTypes = List.of(TYPE, project("f_key", "f_required", "f_unique", "f_dict", "f_ts3", "f_tiny", "f_all_null", "f_sparse"));
        for (Map.Entry<String, Object[]> entry : filters().entrySet()) {
            Predicate filter = (Predicate) entry.getValue()[0];
            int most = (Integer) entry.getValue()[1];
            List<Long> matching = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                if (filter.test(rows.get(i))) {
                    matching.add((long) i);
                }
            }
            for (RowType readType : readTypes) {
                for (int batchSize : new int[] {7, 1024}) {
                    String what = entry.getKey() + ", " + readType.fieldCount() + " columns, batches of " + batchSize;
                    Map<Long, GenericRow> read = readWithFilter(file, readType, batchSize, filter);
                    List<Long> missed = new ArrayList<>(matching);
                    missed.removeIf(read::containsKey);
                    assertThat(missed).as(what + ": matching rows it left out").isEmpty();
                    assertThat(read.size()).as(what).isLessThanOrEqualTo(most);
                    Map<Long, GenericRow> expected = new LinkedHashMap<>();
                    for (Long position : read.keySet()) {
                        expected.put(position, project(rows.get(position.intValue()), readType));
                    }
                    assertThat(read).as(what + ": each row is the file's row at its position").isEqualTo(expected);
                }
            }
        }
    }

    /** Position in the file -> row, for every row the filtered read returns. */
    private static Map<Long, GenericRow> readWithFilter(Path file, RowType readType, int batchSize, Predicate filter)
            throws IOException {
        Map<Long, GenericRow> read = new LinkedHashMap<>();
        try (FormatReader reader = new ParquetFormatFactory().createReader(ParquetFiles.IO, file, readType, batchSize,
                filter)) {
            ColumnarBatch batch;
            long last = -1;
            while ((batch = reader.nextBatch()) != null) {
                assertThat(batch.numRows()).isBetween(1, batchSize);
                long position = reader.batchPosition();
                assertThat(position).as("batches come in file order").isGreaterThan(last);
                ColumnarRow row = new ColumnarRow(batch.columns());
                for (int i = 0; i < batch.numRows(); i++) {
                    read.put(position + i, GenericRow.copyOf(row.at(i), readType));
                }
                last = position + batch.numRows() - 1;
            }
        }
        return read;
    }

    private static RowType project(String... names) {
        List<DataField> fields = new ArrayList<>();
        for (String name : names) {
            fields.add(TYPE.field(TYPE.indexOf(name)));
        }
        return new RowType(fields);
    }

    private static GenericRow project(GenericRow row, RowType readType) {
        Object[] values = new Object[readType.fieldCount()];
        for (int i = 0; i < values.length; i++) {
            values[i] = row.get(TYPE.indexOf(readType.field(i).name()));
        }
        return GenericRow.of(values);
    }
}
