package io.strata.schema;

import io.strata.api.PublicApi;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One table option: its key, typed default, documentation, and how its text value is parsed. Every
 * option Strata understands is declared once, in {@link TableOptions#ALL}, so documentation can be
 * generated from the declarations.
 *
 * @param <T> the option's value type
 */
@PublicApi
public final class ConfigOption<T> {

    private final String key;
    private final T defaultValue;
    private final String description;
    private final Function<String, T> parser;
    private final List<String> fallbackKeys;

    private ConfigOption(
            String key, T defaultValue, String description, Function<String, T> parser, List<String> fallbackKeys) {
        this.key = Objects.requireNonNull(key, "key");
        this.defaultValue = defaultValue;
        this.description = Objects.requireNonNull(description, "description");
        this.parser = Objects.requireNonNull(parser, "parser");
        this.fallbackKeys = List.copyOf(fallbackKeys);
    }

    /** An option whose text value is parsed by {@code parser}; {@code defaultValue} may be null (no default). */
    public static <T> ConfigOption<T> of(String key, T defaultValue, String description, Function<String, T> parser) {
        return new ConfigOption<>(key, defaultValue, description, parser, List.of());
    }

    static ConfigOption<Integer> intOption(String key, Integer defaultValue, String description) {
        return of(key, defaultValue, description, v -> Integer.parseInt(v.trim()));
    }

    /** A boolean option: {@code true} or {@code false}, any case. */
    public static ConfigOption<Boolean> booleanOption(String key, boolean defaultValue, String description) {
        return of(key, defaultValue, description, ConfigOption::parseBoolean);
    }

    static ConfigOption<String> stringOption(String key, String defaultValue, String description) {
        return of(key, defaultValue, description, v -> v);
    }

    static ConfigOption<Long> memoryOption(String key, Long defaultValue, String description) {
        return of(key, defaultValue, description, MemorySize::parseBytes);
    }

    static ConfigOption<Duration> durationOption(String key, Duration defaultValue, String description) {
        return of(key, defaultValue, description, ConfigOption::parseDuration);
    }

    /** Paimon's duration syntax: a number and a unit (ms, s, min, h, d; long names too); no unit = ms. */
    public static Duration parseDuration(String text) {
        Matcher m = Pattern.compile("\\s*(\\d+)\\s*([a-zA-Z]*)\\s*").matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("Not a duration: '" + text + "' (expected e.g. 10 ms, 5 s, 1 min)");
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "", "ms", "milli", "millis", "millisecond", "milliseconds" -> Duration.ofMillis(n);
            case "s", "sec", "secs", "second", "seconds" -> Duration.ofSeconds(n);
            case "m", "min", "mins", "minute", "minutes" -> Duration.ofMinutes(n);
            case "h", "hour", "hours" -> Duration.ofHours(n);
            case "d", "day", "days" -> Duration.ofDays(n);
            default -> throw new IllegalArgumentException("Unknown duration unit in '" + text + "'");
        };
    }

    /** This option, also read from older keys when its own key is absent (first match wins). */
    public ConfigOption<T> withFallbackKeys(String... keys) {
        return new ConfigOption<>(key, defaultValue, description, parser, List.of(keys));
    }

    public String key() {
        return key;
    }

    /** The default, or null when the option has none (its absence then means something of its own). */
    public T defaultValue() {
        return defaultValue;
    }

    public String description() {
        return description;
    }

    /** Older keys that Paimon still accepts for this option. */
    public List<String> fallbackKeys() {
        return fallbackKeys;
    }

    /** The key under which {@code options} holds this option (its own key first), or null if absent. */
    public String presentKey(Map<String, String> options) {
        if (options.containsKey(key)) {
            return key;
        }
        for (String fallback : fallbackKeys) {
            if (options.containsKey(fallback)) {
                return fallback;
            }
        }
        return null;
    }

    /** The typed value in {@code options}, or the default; fails naming the key and the bad value. */
    public T get(Map<String, String> options) {
        String present = presentKey(options);
        if (present == null) {
            return defaultValue;
        }
        String text = options.get(present);
        try {
            return parser.apply(text);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                    "Invalid value '" + text + "' for table option '" + present + "': " + e.getMessage(), e);
        }
    }

    private static boolean parseBoolean(String text) {
        String v = text.trim();
        if (v.equalsIgnoreCase("true")) {
            return true;
        }
        if (v.equalsIgnoreCase("false")) {
            return false;
        }
        throw new IllegalArgumentException("expected true or false");
    }

    @Override
    public String toString() {
        return key + " (default " + defaultValue + "): " + description;
    }
}
