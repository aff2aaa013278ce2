package io.strata.cli.ingest;

import io.strata.data.GenericRow;
import io.strata.data.RowKind;

/**
 * One change to apply to a table: a row of the table's type and its kind (+I/+U upsert, -U/-D delete by key).
 *
 * @param kind what to do with the row
 * @param row the row, with the kind set on it too
 */
public record Change(RowKind kind, GenericRow row) {}
