package io.strata.lsm;

import io.strata.data.RowKind;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * How a write buffer reduces the records of one key before they go to a level-0 file, as Paimon's
 * writer does when it flushes its buffer through the table's merge function: the records of a key are
 * taken oldest first ({@link VersionOrder}); a key with one record is written as it is (Paimon's reducer
 * never calls the merge function for it); a key with several is reduced by
 *
 * <ul>
 *   <li>{@link Reduction#NEWEST} ({@code deduplicate}): the newest record, retraction or not;
 *   <li>{@link Reduction#OLDEST} ({@code first-row}): the oldest record (retractions never get here);
 *   <li>{@link Reduction#MERGE_FUNCTION} ({@code partial-update}, {@code aggregation}): the table's merge
 *       function, whose result is written with the kind and sequence number it carries (a key with no
 *       result is not written).
 * </ul>
 *
 * <p>Retractions (-U/-D) are checked when they are buffered: dropped when the table ignores them
 * ({@code ignore-delete}, {@code ignore-update-before}), rejected with the reason when the table's merge
 * cannot take them (Paimon fails later, when it merges them), kept otherwise. Built by
 * {@code MergeFunctionFactory.forWrite(String)}; immutable, shared by the buffers of one writer.
 */
public final class WriteMerge {

    /** How several records of one key become one. */
    public enum Reduction { NEWEST, OLDEST, MERGE_FUNCTION }

    private final VersionOrder order;
    private final Reduction reduction;
    private final Supplier<MergeFunction> functions;
    private final boolean dropDeletes;
    private final boolean dropUpdateBefore;
    private final String rejectUpdateBefore;
    private final String rejectDelete;
    /** Why two records of one key fail the write (the start of the error message), or null: they are reduced. */
    private final String rejectDuplicateKeys;

    /**
     * @param rejectUpdateBefore why a kept -U record cannot be merged (the whole error message), or null
     * @param rejectDelete why a kept -D record cannot be merged, or null
     */
    public WriteMerge(VersionOrder order, Reduction reduction, Supplier<MergeFunction> functions, boolean dropDeletes,
            boolean dropUpdateBefore, String rejectUpdateBefore, String rejectDelete) {
        this.order = order;
        this.reduction = reduction;
        this.functions = functions;
        this.dropDeletes = dropDeletes;
        this.dropUpdateBefore = dropUpdateBefore;
        this.rejectUpdateBefore = rejectUpdateBefore;
        this.rejectDelete = rejectDelete;
        this.rejectDuplicateKeys = null;
    }

    private WriteMerge(WriteMerge merge, String rejectDuplicateKeys) {
        this.order = merge.order;
        this.reduction = merge.reduction;
        this.functions = merge.functions;
        this.dropDeletes = merge.dropDeletes;
        this.dropUpdateBefore = merge.dropUpdateBefore;
        this.rejectUpdateBefore = merge.rejectUpdateBefore;
        this.rejectDelete = merge.rejectDelete;
        this.rejectDuplicateKeys = rejectDuplicateKeys;
    }

    /**
     * This merge for a write that must get each key at most once (a SQL MERGE whose source may match a
     * target row only once): a buffer fails on a key's second record, in memory or spilled, with
     * {@code why}, a space and the key as {@code name=value, ...}, instead of reducing its records.
     */
    public WriteMerge rejectingDuplicateKeys(String why) {
        return new WriteMerge(this, Objects.requireNonNull(why, "why"));
    }

    /** Why a key's second record fails the write, or null when a key's records are reduced. */
    String duplicateKeyRejection() {
        return rejectDuplicateKeys;
    }

    /** Deduplicate in the given order, keeping every record kind: what the write buffer did before merge engines. */
    public static WriteMerge deduplicate(VersionOrder order) {
        return new WriteMerge(order, Reduction.NEWEST, null, false, false, null, null);
    }

    VersionOrder order() {
        return order;
    }

    Reduction reduction() {
        return reduction;
    }

    /** A new merge function for one buffer ({@link Reduction#MERGE_FUNCTION} only). */
    MergeFunction newFunction() {
        return functions.get();
    }

    /**
     * Whether a record of this kind is buffered (false: the table ignores it); throws
     * IllegalArgumentException, naming the table and the options, when the table's merge cannot take it.
     */
    boolean accepts(RowKind kind) {
        switch (kind) {
            case INSERT, UPDATE_AFTER -> {
                return true;
            }
            case UPDATE_BEFORE -> {
                if (dropDeletes || dropUpdateBefore) {
                    return false;
                }
                if (rejectUpdateBefore != null) {
                    throw new IllegalArgumentException(rejectUpdateBefore);
                }
                return true;
            }
            case DELETE -> {
                if (dropDeletes) {
                    return false;
                }
                if (rejectDelete != null) {
                    throw new IllegalArgumentException(rejectDelete);
                }
                return true;
            }
        }
        throw new IllegalStateException("Unknown row kind " + kind);
    }

    /** Whether a spilled run may hold only the reduced record of each key (reducing twice changes nothing). */
    boolean reducesOnSpill() {
        return reduction != Reduction.MERGE_FUNCTION;
    }
}
