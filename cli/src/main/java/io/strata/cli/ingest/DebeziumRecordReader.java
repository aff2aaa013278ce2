package io.strata.cli.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Reads Debezium change events, one JSON event per line, with or without the {@code {"schema":..,
 * "payload":..}} wrapper of the JSON converter. {@code op} c (create) and r (snapshot read) upsert
 * {@code after}; u (update) upserts {@code after}, and first deletes the {@code before} key when the update
 * changed the primary key; d (delete) deletes by the key in {@code before}. A null payload or a {@code null}
 * line (a Kafka tombstone) and blank lines are skipped. Other ops (t truncate, m message) are errors.
 */
public final class DebeziumRecordReader implements RecordReader {

    private final JsonLines lines;
    private final RowConverter rows;

    public DebeziumRecordReader(Reader input, RowConverter rows) {
        this.lines = new JsonLines(input);
        this.rows = rows;
    }

    @Override
    public InputRecord next() throws RecordException, IOException {
        JsonLines.Line line = lines.next();
        if (line == null) {
            return null;
        }
        JsonNode event = line.value();
        if (event != null && event.isObject() && event.has("payload")) {
            event = event.get("payload");
        }
        if (event == null || event.isNull()) {
            return new InputRecord(line.number(), List.of());
        }
        try {
            return new InputRecord(line.number(), changes(event));
        } catch (IllegalArgumentException e) {
            throw new RecordException(line.number(), e.getMessage(), line.text(), false);
        }
    }

    private List<Change> changes(JsonNode event) {
        if (!event.isObject()) {
            throw new IllegalArgumentException("expected a Debezium event object, got a JSON "
                    + event.getNodeType().name().toLowerCase(Locale.ROOT));
        }
        JsonNode op = event.get("op");
        if (op == null || op.isNull()) {
            throw new IllegalArgumentException("no 'op' field (expected c, r, u or d)");
        }
        return switch (op.asText()) {
            case "c", "r" -> List.of(rows.check(image(event, "after", RowKind.INSERT)));
            case "u" -> update(event);
            case "d" -> List.of(rows.check(image(event, "before", RowKind.DELETE)));
            case "t" -> throw new IllegalArgumentException("op 't' (truncate) is not supported: truncate the table "
                    + "another way");
            default -> throw new IllegalArgumentException("op '" + op.asText() + "' is not a change (expected c, r, u or d)");
        };
    }

    private List<Change> update(JsonNode event) {
        Change upsert = rows.check(image(event, "after", RowKind.UPDATE_AFTER));
        JsonNode before = event.get("before");
        if (!rows.hasPrimaryKey() || before == null || before.isNull()) {
            return List.of(upsert);
        }
        GenericRow old = rows.fromJson(before, RowKind.DELETE, null);
        List<Object> oldKey = rows.key(old);
        if (oldKey.contains(null) || Objects.equals(oldKey, rows.key(upsert.row()))) {
            return List.of(upsert);
        }
        // The update moved the row to another key: without this delete the old key would live on.
        List<Change> both = new ArrayList<>(2);
        both.add(rows.check(old));
        both.add(upsert);
        return both;
    }

    private GenericRow image(JsonNode event, String field, RowKind kind) {
        JsonNode image = event.get(field);
        if (image == null || image.isNull()) {
            throw new IllegalArgumentException("op '" + event.get("op").asText() + "' without '" + field + "'");
        }
        if (!image.isObject()) {
            throw new IllegalArgumentException("'" + field + "' is not a JSON object");
        }
        try {
            return rows.fromJson(image, kind, null);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(field + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() throws IOException {
        lines.close();
    }
}
