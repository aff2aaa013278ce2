package io.strata.schema;

import java.util.List;

/**
 * Table options of the LSM tree's compaction (Paimon's names and defaults), listed in
 * {@link TableOptions#ALL} through {@link #ALL}.
 */
public final class CompactionOptions {

    /** Every compaction option, in documentation order. */
    public static final List<ConfigOption<?>> ALL = List.of();

    private CompactionOptions() {}
}
