/**
 * Snapshots in the Apache Paimon format: {@link io.strata.snapshot.Snapshot} (the JSON of
 * {@code snapshot/snapshot-N}), {@link io.strata.snapshot.SnapshotManager} (hints, atomic commit of a
 * snapshot file, time travel by id or time), {@link io.strata.snapshot.TagManager} (named snapshots),
 * {@link io.strata.snapshot.TagPeriod} (names of automatic tags) and
 * {@link io.strata.snapshot.ConsumerManager} (readers' positions that protect snapshots from expiry).
 */
package io.strata.snapshot;
