package io.strata.snapshot;

import io.strata.api.PublicApi;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Objects;

/**
 * A named snapshot kept past expiration ({@code tag/tag-<name>}).
 *
 * @param name the tag name
 * @param snapshot the tagged snapshot
 * @param createTime when the tag was created (local wall clock of the writer), or null if not recorded
 * @param timeRetained how long the tag is kept, or null if it is kept until deleted
 */
@PublicApi
public record Tag(String name, Snapshot snapshot, LocalDateTime createTime, Duration timeRetained) {
    public Tag {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(snapshot, "snapshot");
    }
}
