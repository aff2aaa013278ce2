package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.schema.ConfigOption;
import java.util.List;
import java.util.Locale;

/**
 * Read options of incremental and streaming reads, Paimon 1.4.2's keys, given to
 * {@link IncrementalScan#withOptions} and {@link StreamScan#withOptions} (as Paimon's dynamic options).
 */
@PublicApi
public final class ChangeReadOptions {

    public static final ConfigOption<String> INCREMENTAL_BETWEEN = ConfigOption.of(
            "incremental-between", null,
            "Read the changes between two snapshots 'from,to' (from exclusive, to inclusive), or the difference"
                    + " between two tags 'tagFrom,tagTo'.", v -> v);

    public static final ConfigOption<String> INCREMENTAL_BETWEEN_TIMESTAMP = ConfigOption.of(
            "incremental-between-timestamp", null,
            "Read the changes between two times 'from,to' in epoch millis (from exclusive, to inclusive).",
            v -> v);

    public static final ConfigOption<BetweenScanMode> INCREMENTAL_BETWEEN_SCAN_MODE = ConfigOption.of(
            "incremental-between-scan-mode", BetweenScanMode.AUTO,
            "What an incremental read reads: auto (changelog with a changelog producer, else delta), delta,"
                    + " changelog, or diff (the difference between the two snapshots).", BetweenScanMode::parse);

    public static final ConfigOption<Boolean> INCREMENTAL_BETWEEN_TAG_TO_SNAPSHOT = ConfigOption.booleanOption(
            "incremental-between-tag-to-snapshot", false,
            "With two tags in incremental-between: read the changes of the snapshots between the tags' snapshots"
                    + " (as for two snapshot ids) instead of the difference between the tags.");

    public static final ConfigOption<String> INCREMENTAL_TO_AUTO_TAG = ConfigOption.of(
            "incremental-to-auto-tag", null,
            "An automatic tag (tag.creation-period): read the difference from the automatic tag before it to it;"
                    + " nothing when either is missing.", v -> v);

    public static final ConfigOption<StartMode> SCAN_MODE = ConfigOption.of(
            "scan.mode", StartMode.DEFAULT,
            "Where a streaming read starts: default, latest-full (= full), latest, compacted-full, from-snapshot,"
                    + " from-snapshot-full, from-timestamp; incremental is the mode of incremental (batch) reads.",
            StartMode::parse);

    public static final ConfigOption<Long> SCAN_SNAPSHOT_ID = ConfigOption.of(
            "scan.snapshot-id", null, "The snapshot of scan.mode from-snapshot and from-snapshot-full.",
            v -> Long.parseLong(v.trim()));

    public static final ConfigOption<Long> SCAN_TIMESTAMP_MILLIS = ConfigOption.of(
            "scan.timestamp-millis", null, "The time (epoch millis) of scan.mode from-timestamp.",
            v -> Long.parseLong(v.trim()));

    public static final ConfigOption<String> CONSUMER_ID = ConfigOption.of(
            "consumer-id", null,
            "Records a streaming read's position in consumer/consumer-<id>; a restarted read resumes there.",
            v -> v);

    /** Every option of this class. */
    public static final List<ConfigOption<?>> ALL = List.of(INCREMENTAL_BETWEEN, INCREMENTAL_BETWEEN_TIMESTAMP,
            INCREMENTAL_BETWEEN_SCAN_MODE, INCREMENTAL_BETWEEN_TAG_TO_SNAPSHOT, INCREMENTAL_TO_AUTO_TAG, SCAN_MODE, SCAN_SNAPSHOT_ID, SCAN_TIMESTAMP_MILLIS, CONSUMER_ID);

    private ChangeReadOptions() {}

    /** {@code incremental-between-scan-mode}. */
    public enum BetweenScanMode {
        AUTO, DELTA, CHANGELOG,
        /**
         * The difference between the two snapshots: each bucket's keys merged as of either snapshot, the keys
         * added or changed returned with their newer values (deleted keys are not returned, except by the
         * audit log). The snapshots in between need not exist any more.
         */
        DIFF;

        static BetweenScanMode parse(String text) {
            String v = text.trim().toLowerCase(Locale.ROOT);
            return switch (v) {
                case "auto" -> AUTO;
                case "delta" -> DELTA;
                case "changelog" -> CHANGELOG;
                case "diff" -> DIFF;
                default -> throw new IllegalArgumentException("expected one of auto, delta, changelog, diff");
            };
        }
    }

    /** {@code scan.mode} of streaming reads. */
    public enum StartMode {
        /** latest-full, or from-snapshot / from-timestamp when their option is set. */
        DEFAULT,
        /** The full state of the latest snapshot as +I, then the changes after it. */
        LATEST_FULL,
        /** Only the changes after the latest snapshot. */
        LATEST,
        /** The changes from a snapshot on (that snapshot included). */
        FROM_SNAPSHOT,
        /** The full state of a snapshot as +I, then the changes after it. */
        FROM_SNAPSHOT_FULL,
        /** The changes after the latest snapshot committed at or before a time. */
        FROM_TIMESTAMP,
        /**
         * The full state of the latest compaction's snapshot as +I (of the latest full compaction where the table
         * schedules them), or of the latest snapshot if there is none, then the changes after it.
         */
        COMPACTED_FULL,
        /** An incremental read ({@code incremental-between}): not a start of a stream. */
        INCREMENTAL;

        static StartMode parse(String text) {
            String v = text.trim().toLowerCase(Locale.ROOT);
            return switch (v) {
                case "default" -> DEFAULT;
                case "latest-full", "full" -> LATEST_FULL;
                case "latest" -> LATEST;
                case "from-snapshot" -> FROM_SNAPSHOT;
                case "from-snapshot-full" -> FROM_SNAPSHOT_FULL;
                case "from-timestamp" -> FROM_TIMESTAMP;
                case "compacted-full" -> COMPACTED_FULL;
                case "incremental" -> INCREMENTAL;
                default -> throw new IllegalArgumentException("expected one of default, latest-full, full, latest,"
                        + " compacted-full, from-snapshot, from-snapshot-full, from-timestamp, incremental"
                        + " (others are not supported)");
            };
        }
    }
}
