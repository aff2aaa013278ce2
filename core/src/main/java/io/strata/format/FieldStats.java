package io.strata.format;

import io.strata.api.PublicApi;

/**
 * What a writer learned about one column of a file: its smallest and largest non-null values (as
 * internal value objects: Integer, Long, Utf8String, Decimal, Timestamp, ...; null when unknown or when
 * every value was null) and how many nulls it held.
 */
@PublicApi
public record FieldStats(Object min, Object max, long nullCount) {}
