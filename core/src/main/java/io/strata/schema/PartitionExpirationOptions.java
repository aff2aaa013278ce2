package io.strata.schema;

import io.strata.api.PublicApi;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Table options of partition expiration (Paimon 1.4.2's keys and defaults), listed in {@link TableOptions#ALL}
 * through {@link #ALL}: partitions older than {@link #EXPIRATION_TIME} are dropped (one OVERWRITE snapshot
 * deleting their files), by the time their values name ({@code values-time}, read with {@link #TIMESTAMP_PATTERN}
 * and {@link #TIMESTAMP_FORMATTER}) or by their last file's creation ({@code update-time}).
 */
@PublicApi
public final class PartitionExpirationOptions {

    /** How a partition's time is found. */
    public enum Strategy {
        /** From the partition's values, with the pattern and formatter. */
        VALUES_TIME,
        /** The creation time of the partition's newest data file. */
        UPDATE_TIME
    }

    public static final ConfigOption<Duration> EXPIRATION_TIME = ConfigOption.durationOption(
            "partition.expiration-time", null,
            "Partitions whose time is older than this are dropped after commits (and by 'strata expire "
                    + "--partitions'); none: never.");

    public static final ConfigOption<Duration> CHECK_INTERVAL = ConfigOption.durationOption(
            "partition.expiration-check-interval", Duration.ofHours(1),
            "How often a writer's commits look for expired partitions; 0: at every commit.");

    public static final ConfigOption<Strategy> STRATEGY = ConfigOption.of(
            "partition.expiration-strategy", Strategy.VALUES_TIME,
            "values-time: the time the partition's values name; update-time: the creation time of its newest file.",
            PartitionExpirationOptions::parseStrategy);

    public static final ConfigOption<Integer> MAX_NUM = ConfigOption.of(
            "partition.expiration-max-num", 100,
            "Most partitions one expiration drops (the earliest by their values, as text); > 0.",
            PartitionExpirationOptions::positive);

    public static final ConfigOption<Integer> BATCH_SIZE = ConfigOption.of(
            "partition.expiration-batch-size", null,
            "Expired partitions dropped per snapshot; none: all in one snapshot; > 0.",
            PartitionExpirationOptions::positive);

    public static final ConfigOption<String> TIMESTAMP_FORMATTER = ConfigOption.stringOption(
            "partition.timestamp-formatter", null,
            "java.time pattern of the partition time text (e.g. yyyyMMdd); none: yyyy-MM-dd or yyyy-MM-dd HH:mm:ss.");

    public static final ConfigOption<String> TIMESTAMP_PATTERN = ConfigOption.stringOption(
            "partition.timestamp-pattern", null,
            "How partition values make the time text, '$<key>' standing for a value (e.g. '$dt $hour:00:00'); "
                    + "none: the first partition value.");

    public static final ConfigOption<Boolean> TIMESTAMP_FORMAT_STRICT = ConfigOption.booleanOption(
            "partition.timestamp-format.strict", false,
            "Whether a write fails on a partition whose values do not give a time with the pattern and formatter.");

    /** The options above, in documentation order. */
    public static final List<ConfigOption<?>> ALL = List.of(EXPIRATION_TIME, CHECK_INTERVAL, STRATEGY, MAX_NUM,
            BATCH_SIZE, TIMESTAMP_FORMATTER, TIMESTAMP_PATTERN, TIMESTAMP_FORMAT_STRICT);

    private PartitionExpirationOptions() {}

    private static Strategy parseStrategy(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "values-time" -> Strategy.VALUES_TIME;
            case "update-time" -> Strategy.UPDATE_TIME;
            default -> throw new IllegalArgumentException("must be values-time or update-time");
        };
    }

    private static int positive(String text) {
        int value = Integer.parseInt(text.trim());
        if (value <= 0) {
            throw new IllegalArgumentException("must be greater than 0");
        }
        return value;
    }

    /** Whether expiration is configured on a table with these options. */
    public static boolean enabled(Map<String, String> options) {
        return EXPIRATION_TIME.get(options) != null;
    }
}
