package io.strata.schema;

import io.strata.api.PublicApi;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Table options of the snapshot lifecycle: retention and expiration of snapshots, automatic tags and
 * consumers (Paimon 1.4.2's names and defaults), listed in {@link TableOptions#ALL} through {@link #ALL}.
 *
 * <p>Single values are checked when parsed (an error names the key and the value); rules between
 * options are checked by {@link #validate(Map)} before any lifecycle operation changes a table.
 */
@PublicApi
public final class LifecycleOptions {

    public static final ConfigOption<Integer> SNAPSHOT_NUM_RETAINED_MIN = ConfigOption.of(
            "snapshot.num-retained.min", 10,
            "Minimum number of completed snapshots to retain; at least 1.", v -> atLeast(v, 1));

    public static final ConfigOption<Integer> SNAPSHOT_NUM_RETAINED_MAX = ConfigOption.of(
            "snapshot.num-retained.max", Integer.MAX_VALUE,
            "Maximum number of completed snapshots to retain; at least snapshot.num-retained.min.",
            v -> atLeast(v, 1));

    public static final ConfigOption<Duration> SNAPSHOT_TIME_RETAINED = ConfigOption.durationOption(
            "snapshot.time-retained", Duration.ofHours(1),
            "Snapshots younger than this are kept (unless beyond snapshot.num-retained.max).");

    public static final ConfigOption<Integer> SNAPSHOT_EXPIRE_LIMIT = ConfigOption.of(
            "snapshot.expire.limit", 50, "Maximum number of snapshots expired at a time; at least 1.",
            v -> atLeast(v, 1));

    public static final ConfigOption<Boolean> SNAPSHOT_CLEAN_EMPTY_DIRECTORIES = ConfigOption.booleanOption(
                    "snapshot.clean-empty-directories", false,
                    "Whether expiration removes bucket and partition directories it left empty.")
            .withFallbackKeys("snapshot.expire.clean-empty-directories");

    /** Declared with compaction (it stops both): commits of a write-only table also skip their maintenance. */
    public static final ConfigOption<Boolean> WRITE_ONLY = CompactionOptions.WRITE_ONLY;

    public static final ConfigOption<Duration> CONSUMER_EXPIRATION_TIME = ConfigOption.durationOption(
            "consumer.expiration-time", null,
            "Consumer files not modified for this long are removed after a commit; none: kept until reset.");

    public static final ConfigOption<Boolean> CONSUMER_CHANGELOG_ONLY = ConfigOption.booleanOption(
            "consumer.changelog-only", false,
            "Whether consumers stop protecting snapshots from expiration (they then only affect changelogs).");

    public static final ConfigOption<TagCreationMode> TAG_AUTOMATIC_CREATION = ConfigOption.of(
            "tag.automatic-creation", TagCreationMode.NONE,
            "Automatic tags after commits: none, process-time (commit time), watermark (snapshot "
                    + "watermark), batch (Flink batch jobs only; no tags from Strata).",
            v -> parseEnum(v, TagCreationMode.values()));

    public static final ConfigOption<TagCreationPeriod> TAG_CREATION_PERIOD = ConfigOption.of(
            "tag.creation-period", TagCreationPeriod.DAILY, "Period of automatic tags: daily, hourly, two-hours.",
            v -> parseEnum(v, TagCreationPeriod.values()));

    public static final ConfigOption<Duration> TAG_CREATION_DELAY = ConfigOption.durationOption(
            "tag.creation-delay", Duration.ZERO,
            "How long after a period ends its tag is created, so late data gets in; less than one period.");

    public static final ConfigOption<TagPeriodFormatter> TAG_PERIOD_FORMATTER = ConfigOption.of(
            "tag.period-formatter", TagPeriodFormatter.WITH_DASHES,
            "Automatic tag names: with_dashes (2024-01-01, 2024-01-01 10), without_dashes (20240101, "
                    + "20240101 10), without_dashes_and_spaces (20240101, 2024010110).",
            v -> parseEnum(v, TagPeriodFormatter.values()));

    public static final ConfigOption<Duration> TAG_CREATION_PERIOD_DURATION = ConfigOption.of(
            "tag.creation-period-duration", null,
            "A period of any length for automatic tags (names yyyyMMddHHmm); overrides tag.creation-period.",
            LifecycleOptions::positiveDuration);

    public static final ConfigOption<Integer> TAG_NUM_RETAINED_MAX = ConfigOption.of(
            "tag.num-retained-max", null,
            "Maximum number of automatic tags; the oldest are deleted. Manual tags are not counted.",
            v -> atLeast(v, 1));

    public static final ConfigOption<Duration> TAG_DEFAULT_TIME_RETAINED = ConfigOption.of(
            "tag.default-time-retained", null,
            "Retention of new tags (automatic, and manual ones created without a retention); none: kept.",
            LifecycleOptions::positiveDuration);

    public static final ConfigOption<Boolean> TAG_TIME_EXPIRE_ENABLED = ConfigOption.booleanOption(
            "tag.time-expire-enabled", true, "Whether commits delete tags whose retention has passed.");

    public static final ConfigOption<Boolean> TAG_AUTOMATIC_COMPLETION = ConfigOption.booleanOption(
            "tag.automatic-completion", false,
            "Whether automatic tags are named by the next expected period rather than the latest one.");

    public static final ConfigOption<ZoneId> SINK_PROCESS_TIME_ZONE = ConfigOption.of(
            "sink.process-time-zone", null,
            "Time zone of commit times for process-time tags; default the JVM's.", LifecycleOptions::zone);

    public static final ConfigOption<ZoneId> SINK_WATERMARK_TIME_ZONE = ConfigOption.of(
            "sink.watermark-time-zone", ZoneId.of("UTC"),
            "Time zone of watermarks for watermark tags.", LifecycleOptions::zone);

    public static final ConfigOption<Integer> CHANGELOG_NUM_RETAINED_MIN = ConfigOption.of(
            "changelog.num-retained.min", null,
            "Minimum number of changelogs (of the newest snapshots) to retain; default snapshot.num-retained.min.",
            v -> atLeast(v, 1));

    public static final ConfigOption<Integer> CHANGELOG_NUM_RETAINED_MAX = ConfigOption.of(
            "changelog.num-retained.max", null,
            "Maximum number of changelogs to retain; default snapshot.num-retained.max.", v -> atLeast(v, 1));

    public static final ConfigOption<Duration> CHANGELOG_TIME_RETAINED = ConfigOption.durationOption(
            "changelog.time-retained", null,
            "Changelogs younger than this are kept (unless beyond changelog.num-retained.max); default"
                    + " snapshot.time-retained.");

    /** Every lifecycle option, in documentation order. */
    public static final List<ConfigOption<?>> ALL = List.of(
            SNAPSHOT_NUM_RETAINED_MIN, SNAPSHOT_NUM_RETAINED_MAX, SNAPSHOT_TIME_RETAINED, SNAPSHOT_EXPIRE_LIMIT,
            SNAPSHOT_CLEAN_EMPTY_DIRECTORIES, CHANGELOG_NUM_RETAINED_MIN, CHANGELOG_NUM_RETAINED_MAX,
            CHANGELOG_TIME_RETAINED, CONSUMER_EXPIRATION_TIME, CONSUMER_CHANGELOG_ONLY,
            TAG_AUTOMATIC_CREATION, TAG_CREATION_PERIOD, TAG_CREATION_DELAY, TAG_PERIOD_FORMATTER,
            TAG_CREATION_PERIOD_DURATION, TAG_NUM_RETAINED_MAX, TAG_DEFAULT_TIME_RETAINED, TAG_TIME_EXPIRE_ENABLED,
            TAG_AUTOMATIC_COMPLETION, SINK_PROCESS_TIME_ZONE, SINK_WATERMARK_TIME_ZONE);

    private LifecycleOptions() {}

    /**
     * Parses every lifecycle option and checks the rules between them; fails naming the options. Run
     * before expiring, tagging or rolling back, so a bad value changes nothing.
     */
    public static void validate(Map<String, String> options) {
        for (ConfigOption<?> option : ALL) {
            option.get(options);
        }
        int min = SNAPSHOT_NUM_RETAINED_MIN.get(options);
        int max = SNAPSHOT_NUM_RETAINED_MAX.get(options);
        if (max < min) {
            throw new IllegalArgumentException("Table option 'snapshot.num-retained.max' = " + max
                    + " must not be less than 'snapshot.num-retained.min' = " + min);
        }
        if (changelogRetainMax(options) < changelogRetainMin(options)) {
            throw new IllegalArgumentException("Table option 'changelog.num-retained.max' = "
                    + changelogRetainMax(options) + " must not be less than 'changelog.num-retained.min' = "
                    + changelogRetainMin(options) + " (each defaults to its snapshot.num-retained.* option)");
        }
        if (TAG_AUTOMATIC_CREATION.get(options) == TagCreationMode.NONE) {
            return;
        }
        Duration delay = TAG_CREATION_DELAY.get(options);
        Duration period = TAG_CREATION_PERIOD_DURATION.get(options);
        if (period == null) {
            period = TAG_CREATION_PERIOD.get(options).length();
        }
        if (delay.isNegative() || delay.compareTo(period) >= 0) {
            throw new IllegalArgumentException("Table option 'tag.creation-delay' = " + delay
                    + " must be at least 0 and shorter than the tag period " + period);
        }
    }

    /** {@code changelog.num-retained.min}, or {@code snapshot.num-retained.min} when unset. */
    public static int changelogRetainMin(Map<String, String> options) {
        Integer v = CHANGELOG_NUM_RETAINED_MIN.get(options);
        return v != null ? v : SNAPSHOT_NUM_RETAINED_MIN.get(options);
    }

    /** {@code changelog.num-retained.max}, or {@code snapshot.num-retained.max} when unset. */
    public static int changelogRetainMax(Map<String, String> options) {
        Integer v = CHANGELOG_NUM_RETAINED_MAX.get(options);
        return v != null ? v : SNAPSHOT_NUM_RETAINED_MAX.get(options);
    }

    /** {@code changelog.time-retained}, or {@code snapshot.time-retained} when unset. */
    public static Duration changelogTimeRetained(Map<String, String> options) {
        Duration v = CHANGELOG_TIME_RETAINED.get(options);
        return v != null ? v : SNAPSHOT_TIME_RETAINED.get(options);
    }

    /**
     * Whether changelogs outlive their snapshots (Paimon's rule: any changelog retention longer than the
     * snapshot one); expiring snapshots then keeps their changelogs in {@code changelog/changelog-N}.
     */
    public static boolean changelogDecoupled(Map<String, String> options) {
        return changelogRetainMax(options) > SNAPSHOT_NUM_RETAINED_MAX.get(options)
                || changelogRetainMin(options) > SNAPSHOT_NUM_RETAINED_MIN.get(options)
                || changelogTimeRetained(options).compareTo(SNAPSHOT_TIME_RETAINED.get(options)) > 0;
    }

    private static int atLeast(String text, int minimum) {
        int value = Integer.parseInt(text.trim());
        if (value < minimum) {
            throw new IllegalArgumentException("must be at least " + minimum);
        }
        return value;
    }

    private static Duration positiveDuration(String text) {
        Duration d = ConfigOption.parseDuration(text);
        if (d.isZero()) {
            throw new IllegalArgumentException("must be longer than 0");
        }
        return d;
    }

    private static ZoneId zone(String text) {
        return ZoneId.of(text.trim());
    }

    private static <E extends Enum<E> & OptionValue> E parseEnum(String text, E[] values) {
        String v = text.trim().toLowerCase(Locale.ROOT);
        StringBuilder expected = new StringBuilder();
        for (E e : values) {
            if (e.value().equals(v) || e.name().toLowerCase(Locale.ROOT).equals(v)) {
                return e;
            }
            expected.append(expected.length() == 0 ? "" : ", ").append(e.value());
        }
        throw new IllegalArgumentException("expected one of " + expected);
    }

    /** An enum whose constants are written as option values. */
    interface OptionValue {
        String value();
    }

    /** How tags are created automatically ({@code tag.automatic-creation}). */
    public enum TagCreationMode implements OptionValue {
        /** No automatic tags. */
        NONE("none"),
        /** By the snapshot's commit time. */
        PROCESS_TIME("process-time"),
        /** By the snapshot's watermark; snapshots without one are not tagged. */
        WATERMARK("watermark"),
        /** Paimon's Flink batch jobs tag at their end; Strata commits create none. */
        BATCH("batch");

        private final String value;

        TagCreationMode(String value) {
            this.value = value;
        }

        @Override
        public String value() {
            return value;
        }

        @Override
        public String toString() {
            return value;
        }
    }

    /** The period of automatic tags ({@code tag.creation-period}). */
    public enum TagCreationPeriod implements OptionValue {
        DAILY("daily", Duration.ofDays(1)),
        HOURLY("hourly", Duration.ofHours(1)),
        TWO_HOURS("two-hours", Duration.ofHours(2));

        private final String value;
        private final Duration length;

        TagCreationPeriod(String value, Duration length) {
            this.value = value;
            this.length = length;
        }

        @Override
        public String value() {
            return value;
        }

        public Duration length() {
            return length;
        }

        @Override
        public String toString() {
            return value;
        }
    }

    /** How automatic tag names write dates ({@code tag.period-formatter}). */
    public enum TagPeriodFormatter implements OptionValue {
        WITH_DASHES("with_dashes"),
        WITHOUT_DASHES("without_dashes"),
        WITHOUT_DASHES_AND_SPACES("without_dashes_and_spaces");

        private final String value;

        TagPeriodFormatter(String value) {
            this.value = value;
        }

        @Override
        public String value() {
            return value;
        }

        @Override
        public String toString() {
            return value;
        }
    }
}
