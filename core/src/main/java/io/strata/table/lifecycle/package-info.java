/**
 * The snapshot lifecycle (docs/snapshot-lifecycle.md): expiration by the table's retention
 * ({@link io.strata.table.lifecycle.SnapshotRetention}, {@link io.strata.table.lifecycle.SnapshotRemoval},
 * {@link io.strata.table.lifecycle.ChangelogExpiration}) that never deletes what a retained snapshot, tag or
 * consumer references ({@link io.strata.table.lifecycle.SnapshotReferences}); tags and their automatic
 * creation; rollback; orphan-file removal; and {@link io.strata.table.lifecycle.TableMaintenance}, the step
 * that runs them after each commit. Depends on {@code table} and {@code table.store} only: it never writes
 * data, so it needs no writer or commit.
 */
package io.strata.table.lifecycle;
