/**
 * What every concern of a table shares: {@link io.strata.table.store.TableStore} (the file system, the
 * directory, the schema, the snapshot, tag, consumer and changelog files, the clock),
 * {@link io.strata.table.store.SnapshotFiles} (the data and index files a snapshot references, through its
 * manifests), and the writing of data files ({@link io.strata.table.store.RollingDataFileWriter}, their names,
 * their key encoding and deletion-vector index) that writes and compactions both do. Depends on
 * {@code io.strata.table} and the packages below it, never on another {@code table.*} package.
 */
package io.strata.table.store;
