package io.strata.schema;

import io.strata.types.DataType;
import io.strata.types.RowType;
import java.time.Duration;
import java.util.List;

/**
 * Table options of the LSM tree's compaction (Paimon's names and defaults), listed in
 * {@link TableOptions#ALL} through {@link #ALL}, with typed accessors over a table's options. The
 * trigger and the level count themselves ({@code num-sorted-run.compaction-trigger},
 * {@code num-levels}) are declared in {@link TableOptions} and checked here.
 */
public final class CompactionOptions {

    public static final ConfigOption<Integer> MAX_SIZE_AMPLIFICATION_PERCENT = ConfigOption.of(
            "compaction.max-size-amplification-percent", 200,
            "Size amplification that triggers a full compaction of a bucket: the size of all sorted runs "
                    + "above the oldest one, in percent of the oldest one's size.",
            v -> atLeast(v, 0));

    public static final ConfigOption<Integer> SIZE_RATIO = ConfigOption.of(
            "compaction.size-ratio", 1,
            "Percentage flexibility when comparing sorted-run sizes: a run joins the runs newer than it "
                    + "when it is not bigger than their total by more than this percentage.",
            v -> atLeast(v, 0));

    public static final ConfigOption<Integer> NUM_SORTED_RUN_STOP_TRIGGER = ConfigOption.of(
            "num-sorted-run.stop-trigger", null,
            "Number of sorted runs of a bucket at which writing stops until compaction catches up (a write "
                    + "stall); a commit never leaves a bucket with more. Default: "
                    + "num-sorted-run.compaction-trigger + 3 (never below the compaction trigger).",
            v -> atLeast(v, 1));

    public static final ConfigOption<Integer> FULL_COMPACTION_DELTA_COMMITS = ConfigOption.of(
            "full-compaction.delta-commits", null,
            "A stream write fully compacts every bucket it writes on every N-th commit; a batch write "
                    + "fully compacts on its commit when this is set. No default: no forced full compaction.",
            v -> atLeast(v, 1));

    public static final ConfigOption<Duration> OPTIMIZATION_INTERVAL = ConfigOption.durationOption(
            "compaction.optimization-interval", null,
            "How often a writer fully compacts each bucket it holds, to keep it read-optimised: at the first "
                    + "compaction it asks for, then whenever the last full compaction is longer ago. No default.");

    public static final ConfigOption<Long> TOTAL_SIZE_THRESHOLD = ConfigOption.memoryOption(
            "compaction.total-size-threshold", null,
            "A bucket of several sorted runs that is smaller than this in all is compacted fully (into one run)."
                    + " No default.");

    public static final ConfigOption<Long> INCREMENTAL_SIZE_THRESHOLD = ConfigOption.memoryOption(
            "compaction.incremental-size-threshold", null,
            "A bucket whose sorted runs above the max level hold more than this is compacted fully. No default.");

    public static final ConfigOption<Integer> OFFPEAK_START_HOUR = ConfigOption.of(
            "compaction.offpeak.start.hour", -1,
            "The first hour (0 to 23, JVM time zone) of the off-peak hours, in which compaction.offpeak-ratio"
                    + " applies; -1: no off-peak hours.", CompactionOptions::hour);

    public static final ConfigOption<Integer> OFFPEAK_END_HOUR = ConfigOption.of(
            "compaction.offpeak.end.hour", -1,
            "The hour (0 to 23, exclusive) at which the off-peak hours end; -1: no off-peak hours.",
            CompactionOptions::hour);

    public static final ConfigOption<Integer> OFFPEAK_RATIO = ConfigOption.of(
            "compaction.offpeak-ratio", 0,
            "Added to compaction.size-ratio within the off-peak hours: bigger sorted runs join a compaction while"
                    + " the cluster is quiet.", v -> atLeast(v, 0));

    public static final ConfigOption<Duration> RECORD_LEVEL_EXPIRE_TIME = ConfigOption.durationOption(
            "record-level.expire-time", null,
            "Primary-key tables: compactions drop the records whose time (record-level.time-field) is longer ago"
                    + " than this; reads return them until a compaction rewrites their file. No default.");

    public static final ConfigOption<String> RECORD_LEVEL_TIME_FIELD = ConfigOption.stringOption(
            "record-level.time-field", null,
            "The column of record-level.expire-time: INT (epoch seconds), BIGINT (epoch seconds, or"
                    + " milliseconds from 10^12 on) or TIMESTAMP.");

    public static final ConfigOption<Boolean> WRITE_ONLY = ConfigOption.booleanOption(
            "write-only", false,
            "Whether writers skip compaction (and leave it to a separate compaction, such as Table.compactFull; "
                    + "level-0 files then pile up until something compacts them) and commits skip their "
                    + "maintenance (snapshot expiration, tag creation and expiration, consumer expiration).")
            .withFallbackKeys("write.compaction-skip");

    /** Every compaction option, in documentation order. */
    public static final List<ConfigOption<?>> ALL = List.of(
            MAX_SIZE_AMPLIFICATION_PERCENT, SIZE_RATIO, NUM_SORTED_RUN_STOP_TRIGGER, FULL_COMPACTION_DELTA_COMMITS,
            OPTIMIZATION_INTERVAL, TOTAL_SIZE_THRESHOLD, INCREMENTAL_SIZE_THRESHOLD, OFFPEAK_START_HOUR, OFFPEAK_END_HOUR,
            OFFPEAK_RATIO, RECORD_LEVEL_EXPIRE_TIME, RECORD_LEVEL_TIME_FIELD, WRITE_ONLY);

    private final TableOptions options;

    /** Reads the compaction options; fails naming the option whose value is invalid. */
    public CompactionOptions(TableOptions options) {
        this.options = options;
        for (ConfigOption<?> option : ALL) {
            options.get(option);
        }
        int trigger = compactionTrigger();
        if (trigger < 1) {
            throw invalid(TableOptions.NUM_SORTED_RUN_COMPACTION_TRIGGER, trigger, "must be at least 1");
        }
        if (options.numLevels() < 2) {
            throw invalid(TableOptions.NUM_LEVELS, options.numLevels(), "must be at least 2");
        }
    }

    private IllegalArgumentException invalid(ConfigOption<?> option, Object value, String why) {
        String key = option.presentKey(options.toMap());
        return new IllegalArgumentException("Invalid value '" + value + "' for table option '"
                + (key == null ? option.key() : key) + "': " + why);
    }

    public int maxSizeAmplificationPercent() {
        return options.get(MAX_SIZE_AMPLIFICATION_PERCENT);
    }

    public int sizeRatio() {
        return options.get(SIZE_RATIO);
    }

    public int compactionTrigger() {
        return options.numSortedRunCompactionTrigger();
    }

    /** The stop trigger: the option, else trigger + 3; never below the compaction trigger. */
    public int stopTrigger() {
        Integer configured = options.get(NUM_SORTED_RUN_STOP_TRIGGER);
        int trigger = compactionTrigger();
        return Math.max(trigger, configured != null ? configured : trigger + 3);
    }

    public int numLevels() {
        return options.numLevels();
    }

    /** Every how many commits a stream write fully compacts; null when never forced. */
    public Integer fullCompactionDeltaCommits() {
        return options.get(FULL_COMPACTION_DELTA_COMMITS);
    }

    /** {@code compaction.optimization-interval}, or null when not set. */
    public Duration optimizationInterval() {
        return options.get(OPTIMIZATION_INTERVAL);
    }

    /** {@code compaction.total-size-threshold} in bytes, or null. */
    public Long totalSizeThreshold() {
        return options.get(TOTAL_SIZE_THRESHOLD);
    }

    /** {@code compaction.incremental-size-threshold} in bytes, or null. */
    public Long incrementalSizeThreshold() {
        return options.get(INCREMENTAL_SIZE_THRESHOLD);
    }

    public int offPeakStartHour() {
        return options.get(OFFPEAK_START_HOUR);
    }

    public int offPeakEndHour() {
        return options.get(OFFPEAK_END_HOUR);
    }

    public int offPeakRatio() {
        return options.get(OFFPEAK_RATIO);
    }

    /** {@code record-level.expire-time}, or null when records do not expire. */
    public Duration recordLevelExpireTime() {
        return options.get(RECORD_LEVEL_EXPIRE_TIME);
    }

    /** {@code record-level.time-field}, or null. */
    public String recordLevelTimeField() {
        return options.get(RECORD_LEVEL_TIME_FIELD);
    }

    /**
     * The position of {@code record-level.time-field} in {@code rowType}.
     *
     * @throws IllegalArgumentException naming the option when it is missing (with an expire time), names no
     *     column, or names a column that is not INT, BIGINT or TIMESTAMP
     */
    public int recordLevelTimeFieldIndex(RowType rowType) {
        return recordLevelTimeFieldIndex(options, rowType);
    }

    /** As {@link #recordLevelTimeFieldIndex(RowType)}, checking only those two options of {@code options}. */
    static int recordLevelTimeFieldIndex(TableOptions options, RowType rowType) {
        String name = options.get(RECORD_LEVEL_TIME_FIELD);
        if (name == null) {
            throw new IllegalArgumentException("Table option '" + RECORD_LEVEL_EXPIRE_TIME.key() + "' needs option '"
                    + RECORD_LEVEL_TIME_FIELD.key() + "': the column whose time expires a record");
        }
        int index = rowType.indexOf(name);
        if (index < 0) {
            throw new IllegalArgumentException("Table option '" + RECORD_LEVEL_TIME_FIELD.key() + "' = '" + name
                    + "' names no column of the table");
        }
        DataType type = rowType.typeAt(index);
        return switch (type.root()) {
            case INT, BIGINT, TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> index;
            default -> throw new IllegalArgumentException("Table option '" + RECORD_LEVEL_TIME_FIELD.key() + "' = '"
                    + name + "': column type " + type.asSqlString() + " is not a time; it must be INT (seconds),"
                    + " BIGINT (seconds or milliseconds) or TIMESTAMP");
        };
    }

    public boolean writeOnly() {
        return options.get(WRITE_ONLY);
    }

    /**
     * Files at least this big are moved up a level rather than rewritten: 70% of the target file size,
     * as Paimon, since a rewritten file rarely reaches the target exactly and would otherwise be
     * rewritten again and again.
     */
    public long compactionFileSize(boolean primaryKey) {
        return options.targetFileSize(primaryKey) / 10 * 7;
    }

    private static int hour(String text) {
        int value = Integer.parseInt(text.trim());
        if (value < -1 || value > 23) {
            throw new IllegalArgumentException("must be an hour from 0 to 23, or -1 (off)");
        }
        return value;
    }

    private static int atLeast(String text, int minimum) {
        int value = Integer.parseInt(text.trim());
        if (value < minimum) {
            throw new IllegalArgumentException("must be at least " + minimum);
        }
        return value;
    }
}
