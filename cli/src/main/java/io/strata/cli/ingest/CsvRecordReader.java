package io.strata.cli.ingest;

import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.util.Iterator;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads CSV with a header line (RFC 4180 quoting, by Apache Commons CSV): header names map to table columns,
 * columns not in the header are null, and a field equal to the null string (empty by default) is null.
 * An optional op column carries each row's kind (+I, +U, -U, -D); without it every row is an upsert.
 * Rejects are written back as CSV records under the same header.
 */
public final class CsvRecordReader implements RecordReader {

    private final CSVFormat format;
    private final CSVParser parser;
    private final Iterator<CSVRecord> records;
    private final RowConverter rows;
    private final String nullString;
    private final List<String> header;
    private final int[] columnOf;
    private final int opIndex;
    private long lastLine = 1;

    /**
     * Reads the header and maps it to the table's columns.
     *
     * @throws RecordException the header is missing, names an unknown column (line 1) or lacks the op column
     */
    public CsvRecordReader(Reader input, char delimiter, String nullString, RowConverter rows, String opColumn)
            throws IOException, RecordException {
        this.format = CSVFormat.RFC4180.builder().setDelimiter(delimiter).setIgnoreEmptyLines(false).build();
        this.parser = format.parse(input);
        this.records = parser.iterator();
        this.rows = rows;
        this.nullString = nullString;
        if (!hasNext()) {
            throw new RecordException(1, "no header line (CSV input needs a header naming the columns)", "", true);
        }
        CSVRecord first = records.next();
        this.header = first.toList();
        this.columnOf = new int[header.size()];
        int op = -1;
        for (int i = 0; i < header.size(); i++) {
            // A UTF-8 byte order mark (as spreadsheet exports write) is not part of the first column's name.
            String name = (i == 0 ? header.get(i).replace("\uFEFF", "") : header.get(i)).strip();
            if (name.equals(opColumn)) {
                op = i;
                columnOf[i] = -1;
                continue;
            }
            try {
                columnOf[i] = rows.column(name);
            } catch (IllegalArgumentException e) {
                throw new RecordException(1, "header: " + e.getMessage(), "", true);
            }
            for (int j = 0; j < i; j++) {
                if (columnOf[j] == columnOf[i]) {
                    throw new RecordException(1, "header names column '" + name + "' twice (fields " + (j + 1)
                            + " and " + (i + 1) + "): which value would it take?", "", true);
                }
            }
        }
        if (opColumn != null && op < 0) {
            throw new RecordException(1, "header has no op column '" + opColumn + "' (given by --op-column)", "", true);
        }
        this.opIndex = op;
        this.lastLine = parser.getCurrentLineNumber();
    }

    @Override
    public InputRecord next() throws RecordException, IOException {
        if (!hasNext()) {
            return null;
        }
        CSVRecord record = records.next();
        // The parser counts line breaks consumed: a record starts on the line after the previous one ended,
        // which also holds for a record whose quoted fields span several lines.
        long line = lastLine + 1;
        lastLine = parser.getCurrentLineNumber();
        List<String> values = record.toList();
        if (values.size() == 1 && values.get(0).isEmpty()) {
            return new InputRecord(line, List.of());
        }
        if (values.size() != header.size()) {
            throw new RecordException(line, "has " + values.size() + " field(s), the header has " + header.size(),
                    format.format(values.toArray()), false);
        }
        try {
            RowKind kind = opIndex < 0 ? RowKind.INSERT : RowConverter.kind(values.get(opIndex));
            GenericRow row = rows.newRow(kind);
            for (int i = 0; i < values.size(); i++) {
                if (columnOf[i] >= 0) {
                    String v = values.get(i);
                    rows.setText(row, columnOf[i], v.equals(nullString) ? null : v);
                }
            }
            return new InputRecord(line, List.of(rows.check(row)));
        } catch (IllegalArgumentException e) {
            // Printed back as CSV only when rejected: most records never need it.
            throw new RecordException(line, e.getMessage(), format.format(values.toArray()), false);
        }
    }

    private boolean hasNext() throws RecordException {
        try {
            return records.hasNext();
        } catch (UncheckedIOException | IllegalStateException e) {
            if (e.getCause() instanceof CharacterCodingException) {
                throw new RecordException(lastLine + 1, RecordException.NOT_UTF8, "", true);
            }
            // Broken quoting: the parser cannot find where the next record starts, so reading stops here.
            throw new RecordException(lastLine + 1, "CSV syntax error: " + e.getMessage(), "", true);
        }
    }

    @Override
    public String rejectHeader() {
        return format.format(header.toArray());
    }

    @Override
    public void close() throws IOException {
        parser.close();
    }
}
