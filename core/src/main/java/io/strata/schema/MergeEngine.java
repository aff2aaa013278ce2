package io.strata.schema;

import io.strata.api.PublicApi;
import java.util.Locale;

/** How rows with the same primary key are reduced to one (option {@code merge-engine}). */
@PublicApi
public enum MergeEngine {
    /** The last row (by sequence) wins. */
    DEDUPLICATE("deduplicate"),
    /** Non-null fields of later rows overwrite earlier ones. */
    PARTIAL_UPDATE("partial-update"),
    /** Each field is aggregated by its own function. */
    AGGREGATE("aggregation"),
    /** The first row wins; later rows for the key are dropped. */
    FIRST_ROW("first-row");

    private final String value;

    MergeEngine(String value) {
        this.value = value;
    }

    /** The option value, e.g. {@code partial-update}. */
    public String value() {
        return value;
    }

    /** The engine named by an option value; fails listing the valid values. */
    public static MergeEngine fromValue(String text) {
        String v = text.trim().toLowerCase(Locale.ROOT);
        for (MergeEngine e : values()) {
            if (e.value.equals(v)) {
                return e;
            }
        }
        throw new IllegalArgumentException("expected one of deduplicate, partial-update, aggregation, first-row");
    }
}
