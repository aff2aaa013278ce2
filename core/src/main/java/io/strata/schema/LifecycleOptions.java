package io.strata.schema;

import java.util.List;

/**
 * Table options of the snapshot lifecycle: retention and expiration of snapshots, automatic tags and
 * consumers (Paimon's names and defaults), listed in {@link TableOptions#ALL} through {@link #ALL}.
 */
public final class LifecycleOptions {

    /** Every lifecycle option, in documentation order. */
    public static final List<ConfigOption<?>> ALL = List.of();

    private LifecycleOptions() {}
}
