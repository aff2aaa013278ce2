/**
 * The Avro metadata of a table, in Paimon 1.4.2's exact schemas (docs/format.md sections 4 and 10):
 * {@link io.strata.manifest.ManifestList} of {@link io.strata.manifest.ManifestFileMeta},
 * {@link io.strata.manifest.ManifestFile} of {@link io.strata.manifest.ManifestEntry} and
 * {@link io.strata.manifest.DataFileMeta} with {@link io.strata.manifest.SimpleStats},
 * {@link io.strata.manifest.IndexManifestFile} of {@link io.strata.manifest.IndexManifestEntry}, the
 * deletion-vector index files ({@link io.strata.manifest.DeletionVectorIndexFile},
 * {@link io.strata.manifest.DeletionVector}), {@link io.strata.manifest.ManifestMerger} (keeps the base
 * manifest list small) and {@link io.strata.manifest.MetadataFileNames}. Files are read by field name and
 * checked end to end; every failure names the file. Holds no commit logic (that is {@code io.strata.table}):
 * depends on {@code io.strata.types}, {@code io.strata.data}, {@code io.strata.fs} and
 * {@code io.strata.format} (file statistics).
 */
package io.strata.manifest;
