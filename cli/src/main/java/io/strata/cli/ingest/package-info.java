/**
 * Reading change data for {@code strata ingest}: one {@link io.strata.cli.ingest.RecordReader} per input
 * format (CSV, JSON lines, Debezium events) turning records into {@link io.strata.cli.ingest.Change}s
 * through a {@link io.strata.cli.ingest.RowConverter} and {@link io.strata.cli.ingest.ValueConverter}, and
 * {@link io.strata.cli.ingest.IngestBatches} committing them to a table in atomic batches. Nothing here
 * depends on the command-line parser.
 */
package io.strata.cli.ingest;
