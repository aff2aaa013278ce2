package io.strata.cli.ingest;

import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import java.io.IOException;
import java.io.Reader;
import java.util.List;
import java.util.Locale;

/**
 * Reads JSON lines: one object per line whose fields name table columns; missing fields are null. An
 * optional op field carries each row's kind (+I, +U, -U, -D); without it every row is an upsert. Blank
 * lines are skipped. Rejects are the original lines.
 */
public final class JsonRecordReader implements RecordReader {

    private final JsonLines lines;
    private final RowConverter rows;
    private final String opField;

    public JsonRecordReader(Reader input, RowConverter rows, String opField) {
        this.lines = new JsonLines(input);
        this.rows = rows;
        this.opField = opField;
    }

    @Override
    public InputRecord next() throws RecordException, IOException {
        JsonLines.Line line = lines.next();
        if (line == null) {
            return null;
        }
        if (line.value() == null) {
            return new InputRecord(line.number(), List.of());
        }
        try {
            if (!line.value().isObject()) {
                throw new IllegalArgumentException("expected a JSON object, got a JSON "
                        + line.value().getNodeType().name().toLowerCase(Locale.ROOT));
            }
            RowKind kind = RowKind.INSERT;
            if (opField != null) {
                if (!line.value().hasNonNull(opField)) {
                    throw new IllegalArgumentException("no op field '" + opField + "' (given by --op-column)");
                }
                kind = RowConverter.kind(line.value().get(opField).asText());
            }
            GenericRow row = rows.fromJson(line.value(), kind, opField);
            return new InputRecord(line.number(), List.of(rows.check(row)));
        } catch (IllegalArgumentException e) {
            throw new RecordException(line.number(), e.getMessage(), line.text(), false);
        }
    }

    @Override
    public void close() throws IOException {
        lines.close();
    }
}
