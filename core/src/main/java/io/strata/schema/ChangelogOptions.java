package io.strata.schema;

import java.time.Duration;
import java.util.List;

/**
 * Table options of changelog production and of the lookup that the {@code lookup} changelog producer
 * and the {@code first-row} merge engine need (Paimon's names and defaults), listed in
 * {@link TableOptions#ALL} through {@link #ALL}, with typed accessors. The producer itself is
 * {@link TableOptions#CHANGELOG_PRODUCER}. See {@code docs/changelog.md}.
 */
public final class ChangelogOptions {

    public static final ConfigOption<Boolean> ROW_DEDUPLICATE = ConfigOption.booleanOption(
            "changelog-producer.row-deduplicate", false,
            "Whether the lookup and full-compaction producers leave out an update whose new value equals "
                    + "the old one (no -U/+U pair); by default every rewritten key that was written again "
                    + "yields -U/+U.");

    public static final ConfigOption<Boolean> LOOKUP_WAIT = ConfigOption.booleanOption(
            "changelog-producer.lookup-wait", true,
            "Whether a commit of a table with the lookup producer waits for the compaction of its level-0 "
                    + "files, so that its changelog lands with the commit's data; false lets a stream write "
                    + "commit before the compaction ends (its changelog goes into a later commit).");

    public static final ConfigOption<Long> LOOKUP_CACHE_MAX_MEMORY_SIZE = ConfigOption.memoryOption(
            "lookup.cache-max-memory-size", 256 * MemorySize.MIB,
            "Memory for the decoded blocks of the local lookup files a writer keeps to look up the old values of "
                    + "keys (lookup producer, first-row merge engine, deletion vectors); the least recently used "
                    + "blocks are dropped beyond it.");

    public static final ConfigOption<Long> LOOKUP_CACHE_MAX_DISK_SIZE = ConfigOption.memoryOption(
            "lookup.cache-max-disk-size", Long.MAX_VALUE,
            "Local disk for the lookup files of a writer (copies of data files, sorted for lookups, in the temp"
                    + " directory); the least recently used are deleted beyond it. Default: unbounded.");

    public static final ConfigOption<Duration> LOOKUP_CACHE_FILE_RETENTION = ConfigOption.durationOption(
            "lookup.cache-file-retention", Duration.ofHours(1),
            "A local lookup file unused for this long is deleted (and built again from its data file when needed).");

    public static final ConfigOption<Boolean> FORCE_LOOKUP = ConfigOption.booleanOption(
            "force-lookup", false,
            "Whether primary-key compactions look old values up and compact level 0 at every commit even "
                    + "without the lookup producer, first-row or deletion vectors (Paimon's force-lookup).");

    /** Every changelog option, in documentation order. */
    public static final List<ConfigOption<?>> ALL = List.of(ROW_DEDUPLICATE, LOOKUP_WAIT, LOOKUP_CACHE_MAX_MEMORY_SIZE,
            LOOKUP_CACHE_MAX_DISK_SIZE, LOOKUP_CACHE_FILE_RETENTION, FORCE_LOOKUP);

    private final TableOptions options;

    public ChangelogOptions(TableOptions options) {
        this.options = options;
        for (ConfigOption<?> option : ALL) {
            options.get(option);
        }
    }

    public ChangelogProducer producer() {
        return options.changelogProducer();
    }

    public boolean rowDeduplicate() {
        return options.get(ROW_DEDUPLICATE);
    }

    public boolean lookupWait() {
        return options.get(LOOKUP_WAIT);
    }

    public long lookupCacheMaxMemorySize() {
        return options.get(LOOKUP_CACHE_MAX_MEMORY_SIZE);
    }

    public long lookupCacheMaxDiskSize() {
        return options.get(LOOKUP_CACHE_MAX_DISK_SIZE);
    }

    public Duration lookupCacheFileRetention() {
        return options.get(LOOKUP_CACHE_FILE_RETENTION);
    }

    /**
     * Whether compactions look old values up in the higher levels and level 0 is compacted at every
     * commit: the lookup producer, first-row and deletion vectors (whose batch reads skip level 0), and
     * {@code force-lookup}, as Paimon's lookup strategy. Meaningful for primary-key tables only.
     */
    public boolean needsLookup() {
        return producer() == ChangelogProducer.LOOKUP || options.mergeEngine() == MergeEngine.FIRST_ROW
                || options.deletionVectorsEnabled() || options.get(FORCE_LOOKUP);
    }

    /**
     * Whether a commit waits for the compaction of its level-0 files: first-row and deletion-vectors
     * tables always (their batch reads see nothing of level 0), the lookup producer unless
     * {@code changelog-producer.lookup-wait} is false.
     */
    public boolean commitWaitsForLevel0() {
        return options.mergeEngine() == MergeEngine.FIRST_ROW || options.deletionVectorsEnabled()
                || (producer() == ChangelogProducer.LOOKUP && lookupWait());
    }
}
