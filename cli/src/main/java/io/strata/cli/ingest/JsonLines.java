package io.strata.cli.ingest;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;

/**
 * Reads one JSON value per line, counting lines, for the JSON-lines and Debezium formats. Numbers keep
 * their exact decimal digits (no detour through double), so DECIMAL columns get what the input says.
 */
final class JsonLines implements AutoCloseable {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            // {"v": 1, "v": 2} is not one value of v: refused instead of the last one silently winning.
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    /** One line: its number, its text, and the parsed value (null for a blank line). */
    record Line(long number, String text, JsonNode value) {}

    private final BufferedReader reader;
    private long number;

    JsonLines(Reader input) {
        this.reader = input instanceof BufferedReader b ? b : new BufferedReader(input);
    }

    /** The next line, or null at the end; a line that is not JSON fails with its number. */
    Line next() throws IOException, RecordException {
        String text;
        try {
            text = reader.readLine();
        } catch (CharacterCodingException e) {
            throw new RecordException(number + 1, RecordException.NOT_UTF8, "", true);
        }
        if (text == null) {
            return null;
        }
        number++;
        if (text.isBlank()) {
            return new Line(number, text, null);
        }
        try {
            return new Line(number, text, MAPPER.readTree(text));
        } catch (JsonProcessingException e) {
            throw new RecordException(number, "not valid JSON: " + e.getOriginalMessage(), text, false);
        }
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
