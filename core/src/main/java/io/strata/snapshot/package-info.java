/**
 * Snapshots and what refers to them, in the Apache Paimon format (docs/format.md sections 3, 11, 12 and 13):
 * {@link io.strata.snapshot.Snapshot} (the JSON of {@code snapshot/snapshot-N}, with its
 * {@link io.strata.snapshot.CommitKind}), {@link io.strata.snapshot.SnapshotManager} (hints checked before
 * they are trusted, the rename-if-absent that publishes a snapshot, time travel by id or time),
 * {@link io.strata.snapshot.ChangelogManager} (snapshots kept in {@code changelog/} for their changelog),
 * {@link io.strata.snapshot.TagManager} (named snapshots) and {@link io.strata.snapshot.TagPeriod} (names of
 * automatic tags), and {@link io.strata.snapshot.ConsumerManager} (readers' positions that protect snapshots
 * from expiry). Only the files: what a snapshot's manifests hold, and expiration, live in
 * {@code io.strata.table}. Depends on {@code io.strata.fs}, {@code io.strata.json} and {@code io.strata.schema} (options).
 */
package io.strata.snapshot;
