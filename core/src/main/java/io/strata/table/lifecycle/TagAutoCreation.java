package io.strata.table.lifecycle;

import io.strata.schema.LifecycleOptions.TagCreationMode;
import io.strata.schema.LifecycleOptions;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.SnapshotManager;
import io.strata.snapshot.Tag;
import io.strata.snapshot.TagPeriod;
import io.strata.table.store.TableStore;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Creates tags by time after commits ({@code tag.automatic-creation}), as Paimon does: walking the
 * snapshots after the last automatic tag, a snapshot whose time (commit time in
 * {@code sink.process-time-zone}, or its watermark in {@code sink.watermark-time-zone}) minus
 * {@code tag.creation-delay} has passed the end of the next expected period gets the tag of the last
 * period that ended before it. Then the oldest automatic tags beyond {@code tag.num-retained-max} are
 * deleted. Manual tags (names that do not parse as a period) are never counted or deleted.
 */
public final class TagAutoCreation {

    private final TableTags tags;
    private final SnapshotManager snapshots;
    private final TagPeriod period;
    private final TagCreationMode mode;
    private final ZoneId zone;
    private final Duration delay;
    private final Integer numRetainedMax;
    private final Duration timeRetained;
    private final boolean completion;

    public TagAutoCreation(TableStore store) {
        Map<String, String> options = store.schema().options();
        this.tags = new TableTags(store);
        this.snapshots = store.snapshotManager();
        this.period = TagPeriod.of(options);
        this.mode = LifecycleOptions.TAG_AUTOMATIC_CREATION.get(options);
        ZoneId processZone = LifecycleOptions.SINK_PROCESS_TIME_ZONE.get(options);
        this.zone = mode == TagCreationMode.WATERMARK ? LifecycleOptions.SINK_WATERMARK_TIME_ZONE.get(options)
                : processZone != null ? processZone : ZoneId.systemDefault();
        this.delay = LifecycleOptions.TAG_CREATION_DELAY.get(options);
        this.numRetainedMax = LifecycleOptions.TAG_NUM_RETAINED_MAX.get(options);
        this.timeRetained = LifecycleOptions.TAG_DEFAULT_TIME_RETAINED.get(options);
        this.completion = LifecycleOptions.TAG_AUTOMATIC_COMPLETION.get(options);
    }

    /** Whether the options ask for automatic tags that a Strata commit can create. */
    static boolean enabled(Map<String, String> options) {
        TagCreationMode mode = LifecycleOptions.TAG_AUTOMATIC_CREATION.get(options);
        return mode == TagCreationMode.PROCESS_TIME || mode == TagCreationMode.WATERMARK;
    }

    /** Creates the tags due; returns their names. */
    public List<String> run() {
        List<String> created = new ArrayList<>();
        Tag lastAutomatic = null;
        for (Tag tag : tags.list()) {
            if (period.isAutomaticTag(tag.name())) {
                lastAutomatic = tag;
            }
        }
        LocalDateTime nextTag = null;
        long nextSnapshot;
        if (lastAutomatic == null) {
            Long earliest = snapshots.earliestSnapshotId();
            nextSnapshot = earliest == null ? 1 : earliest;
        } else {
            nextSnapshot = lastAutomatic.snapshot().id() + 1;
            nextTag = period.next(period.parse(lastAutomatic.name()).orElseThrow());
        }
        while (true) {
            Optional<Snapshot> snapshot = snapshots.snapshotIfExists(nextSnapshot);
            if (snapshot.isEmpty()) {
                Long earliest = snapshots.earliestSnapshotId();
                if (earliest != null && earliest > nextSnapshot) {
                    nextSnapshot = earliest;
                    continue;
                }
                break;
            }
            Optional<LocalDateTime> time = timeOf(snapshot.get());
            if (time.isPresent() && (nextTag == null || !time.get().minus(delay).isBefore(period.next(nextTag)))) {
                LocalDateTime thisTag = completion && nextTag != null ? nextTag : period.previousPeriodStart(time.get());
                String name = period.name(thisTag);
                if (tags.tag(name).isEmpty()) {
                    tags.create(name, snapshot.get(), timeRetained);
                    created.add(name);
                }
                nextTag = period.next(thisTag);
                deleteBeyondRetained();
            }
            nextSnapshot++;
        }
        return created;
    }

    private Optional<LocalDateTime> timeOf(Snapshot snapshot) {
        if (mode == TagCreationMode.WATERMARK) {
            Long watermark = snapshot.watermark();
            if (watermark == null || watermark == Long.MIN_VALUE) {
                return Optional.empty();
            }
            return Optional.of(LocalDateTime.ofInstant(Instant.ofEpochMilli(watermark), zone));
        }
        return Optional.of(LocalDateTime.ofInstant(Instant.ofEpochMilli(snapshot.timeMillis()), zone));
    }

    private void deleteBeyondRetained() {
        if (numRetainedMax == null) {
            return;
        }
        List<Tag> automatic = new ArrayList<>();
        for (Tag tag : tags.list()) {
            if (period.isAutomaticTag(tag.name())) {
                automatic.add(tag);
            }
        }
        for (int i = 0; i < automatic.size() - numRetainedMax; i++) {
            tags.delete(automatic.get(i).name());
        }
    }
}
