package io.strata.schema;

import io.strata.api.PublicApi;
import java.util.Locale;

/** Which changelog files a primary-key table produces (option {@code changelog-producer}). */
@PublicApi
public enum ChangelogProducer {
    /** No changelog files. */
    NONE("none"),
    /** The input rows are written as changelog, as they arrive. */
    INPUT("input"),
    /** Changelog computed by lookups during compaction. */
    LOOKUP("lookup"),
    /** Changelog computed by comparing full compactions. */
    FULL_COMPACTION("full-compaction");

    private final String value;

    ChangelogProducer(String value) {
        this.value = value;
    }

    /** The option value, e.g. {@code full-compaction}. */
    public String value() {
        return value;
    }

    /** The producer named by an option value; fails listing the valid values. */
    public static ChangelogProducer fromValue(String text) {
        String v = text.trim().toLowerCase(Locale.ROOT);
        for (ChangelogProducer p : values()) {
            if (p.value.equals(v)) {
                return p;
            }
        }
        throw new IllegalArgumentException("expected one of none, input, lookup, full-compaction");
    }
}
