package io.strata.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * JSON reading and writing shared by the metadata files (schemas, snapshots, tags). Paimon writes them
 * with Jackson's default pretty printer; writing a tree whose members are in Paimon's order with the
 * same printer gives byte-identical files.
 */
public final class Json {

    private static final ObjectMapper MAPPER =
            new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private static final ObjectWriter PRETTY = MAPPER.writerWithDefaultPrettyPrinter();

    private Json() {}

    /** The tree as Paimon prints metadata files. */
    public static String pretty(JsonNode node) {
        try {
            return PRETTY.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot print JSON", e);
        }
    }

    /** Parses text that must be one JSON object; fails naming {@code sourceName} and what it should be. */
    public static JsonNode parseObject(String json, String sourceName, String what) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            // Jackson's exception rides along as suppressed, not as the cause: Hive's planner (Calcite's
            // rethrow) reports only the root cause of a failure, and Jackson's names no file.
            IllegalArgumentException failure = new IllegalArgumentException(
                    "Cannot parse " + what + " in " + sourceName + " (truncated or corrupt JSON): "
                            + e.getOriginalMessage());
            failure.addSuppressed(e);
            throw failure;
        }
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(
                    "Cannot parse " + what + " in " + sourceName + ": expected a JSON object, got "
                            + (root == null || root.isMissingNode() ? "nothing" : root.getNodeType()));
        }
        return root;
    }

    /** A required integral member. */
    public static long requiredLong(JsonNode node, String member) {
        JsonNode value = node.get(member);
        if (value == null || value.isNull()) {
            throw new IllegalArgumentException("missing '" + member + "'");
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            throw new IllegalArgumentException("'" + member + "' must be an integer, got " + value);
        }
        return value.asLong();
    }

    /** A required int member. */
    public static int requiredInt(JsonNode node, String member) {
        long value = requiredLong(node, member);
        if (value != (int) value) {
            throw new IllegalArgumentException("'" + member + "' is out of int range: " + value);
        }
        return (int) value;
    }

    /** An optional integral member, or null. */
    public static Long optionalLong(JsonNode node, String member) {
        JsonNode value = node.get(member);
        return value == null || value.isNull() ? null : requiredLong(node, member);
    }

    /** An optional text member, or null. */
    public static String optionalText(JsonNode node, String member) {
        JsonNode value = node.get(member);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new IllegalArgumentException("'" + member + "' must be a string, got " + value);
        }
        return value.asText();
    }

    /** A required array member. */
    public static JsonNode requiredArray(JsonNode node, String member) {
        JsonNode value = node.get(member);
        if (value == null || !value.isArray()) {
            throw new IllegalArgumentException("missing array '" + member + "'");
        }
        return value;
    }

    /** The texts of an array of strings. */
    public static List<String> stringList(JsonNode array) {
        List<String> values = new ArrayList<>(array.size());
        for (JsonNode v : array) {
            values.add(v.asText());
        }
        return values;
    }
}
