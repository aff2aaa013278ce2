package io.strata.schema;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Paimon's per-level map options ({@code file.format.per.level}, {@code metadata.stats-mode.per.level}, ...), in
 * both of Paimon's spellings: the key itself with comma-separated {@code level:value} pairs ({@code '0:avro,5:orc'}),
 * or one key per level ({@code <key>.<level> = value}). A bad pair fails naming the key.
 */
final class LevelMap {

    private LevelMap() {}

    /** The map the options give {@code key}: its own value if set, else the per-level keys. */
    static <T> Map<Integer, T> get(Map<String, String> options, String key, Function<String, T> values) {
        if (options.containsKey(key)) {
            return ConfigOption.of(key, Map.<Integer, T>of(), "", text -> parse(text, values)).get(options);
        }
        String prefix = key + ".";
        Map<Integer, T> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : options.entrySet()) {
            if (e.getKey().startsWith(prefix)) {
                String level = e.getKey().substring(prefix.length());
                out.putAll(ConfigOption.of(e.getKey(), Map.<Integer, T>of(), "",
                        text -> parse(level + ":" + text, values)).get(options));
            }
        }
        return Collections.unmodifiableMap(out);
    }

    /** Comma-separated {@code level:value} pairs. */
    static <T> Map<Integer, T> parse(String text, Function<String, T> values) {
        if (text.isBlank()) {
            return Map.of();
        }
        Map<Integer, T> out = new LinkedHashMap<>();
        for (String pair : text.split(",")) {
            int colon = pair.indexOf(':');
            if (colon < 0) {
                throw new IllegalArgumentException("expected level:value pairs separated by commas, e.g. '0:avro,5:orc'");
            }
            int level;
            try {
                level = Integer.parseInt(pair.substring(0, colon).trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + pair.substring(0, colon).trim() + "' is not a level");
            }
            out.put(level, values.apply(pair.substring(colon + 1).trim()));
        }
        return Collections.unmodifiableMap(out);
    }
}
