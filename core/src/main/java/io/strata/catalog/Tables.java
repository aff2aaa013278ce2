package io.strata.catalog;

import io.strata.api.PublicApi;
import io.strata.fs.FileIO;
import io.strata.table.Table;
import java.time.Clock;
import org.apache.hadoop.fs.Path;

/** Tables addressed by their directory alone, without a catalog (a warehouse's {@link FileSystemCatalog}). */
@PublicApi
public final class Tables {

    private Tables() {}

    /** Loads the table at {@code location}; fails with the path if there is no table or its options are unsupported. */
    public static Table load(FileIO io, Path location) {
        return load(io, location, Clock.systemDefaultZone());
    }

    /**
     * Loads the table at {@code location} deciding by {@code clock} instead of the system clock: snapshot
     * times, retention and expiry, tag creation, commit intervals (see {@link Table#clock()}). For tests that
     * must not sleep, and for tools that replay a timeline.
     */
    public static Table load(FileIO io, Path location, Clock clock) {
        if (clock == null) {
            throw new IllegalArgumentException("Table " + location + " needs a clock, got null");
        }
        return FileStoreTable.load(io, location, clock);
    }
}
