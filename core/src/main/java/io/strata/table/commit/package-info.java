/**
 * The commit protocol (docs/format.md section 14): {@link io.strata.table.commit.FileStoreCommit} writes the
 * manifests and creates {@code snapshot-(N+1)}, checks conflicts against the latest snapshot
 * ({@link io.strata.table.commit.CommitConflicts}), retries, and decides the outcome (landed, failed, or
 * unknown); {@link io.strata.table.commit.CommitHooks} runs it under the providers' locks and runs the
 * callbacks and then the table's maintenance after a snapshot landed. Used by writes and compactions.
 */
package io.strata.table.commit;
