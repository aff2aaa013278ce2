package io.strata.snapshot;

import io.strata.api.PublicApi;
import java.util.List;
import java.util.Optional;

/**
 * The consumers of a table: named readers' positions (the next snapshot each will read), which
 * snapshot expiration never passes. Streaming reads move their consumer themselves; this view lists
 * them, and lets an operator move one ({@link #reset}) or drop one ({@link #delete}), as Paimon's
 * {@code reset_consumer} procedure does.
 */
@PublicApi
public interface Consumers {

    /** The consumer, or empty if there is none of that id. */
    Optional<Consumer> consumer(String id);

    /** Every consumer, by id. */
    List<Consumer> consumers();

    /** Records (or moves) a consumer's position: the next snapshot it will read. */
    void reset(String id, long nextSnapshot);

    /** Removes a consumer; nothing happens if there is none of that id. */
    void delete(String id);
}
