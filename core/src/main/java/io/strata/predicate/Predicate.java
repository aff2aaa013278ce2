package io.strata.predicate;

import io.strata.api.PublicApi;
import io.strata.data.Row;
import java.util.Set;

/**
 * A condition on the fields of a row, referring to fields by their position in the table's row type.
 * Tested against rows (filtering) and against file or partition statistics (skipping: a file whose
 * statistics cannot match is not opened).
 */
@PublicApi
public interface Predicate {

    /** Whether the row matches. Nulls never match a comparison (SQL semantics). */
    boolean test(Row row);

    /**
     * Whether a file with these statistics may hold a matching row. {@code min} and {@code max} are rows
     * of the table's type; a null field there means "unknown". False only when no row can match.
     */
    boolean mayMatch(long rowCount, Row min, Row max, Long[] nullCounts);

    /**
     * A weaker predicate that uses only the given fields, or null if nothing remains: {@code p} implies
     * {@code p.restrictTo(fields)}. Used to skip with key predicates only where value statistics are
     * not safe (primary-key tables).
     */
    Predicate restrictTo(Set<Integer> fields);

    /** The positions of the fields this predicate reads. */
    Set<Integer> fields();
}
