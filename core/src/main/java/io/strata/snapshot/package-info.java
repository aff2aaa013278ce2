/**
 * Snapshots in the Apache Paimon format: {@link io.strata.snapshot.Snapshot} (the JSON of
 * {@code snapshot/snapshot-N}), {@link io.strata.snapshot.SnapshotManager} (hints, atomic commit of a
 * snapshot file, time travel by id or time) and {@link io.strata.snapshot.TagManager} (named snapshots).
 */
package io.strata.snapshot;
