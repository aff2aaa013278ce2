package io.strata.snapshot;

import io.strata.api.PublicApi;

/**
 * A reader's position in a table ({@code consumer/consumer-<id>}): the next snapshot it will read.
 * Snapshot expiration keeps every snapshot from {@code nextSnapshot} on, so the reader never finds
 * its next snapshot gone.
 *
 * @param id the consumer id (the file name after {@code consumer-})
 * @param nextSnapshot the id of the next snapshot the reader will read
 */
@PublicApi
public record Consumer(String id, long nextSnapshot) {
    public Consumer {
        ConsumerManager.checkId(id);
    }
}
