package io.strata.data;

import io.strata.api.PublicApi;

/** A map held as two generic arrays; for writes, tests and small data. */
@PublicApi
public record GenericMap(GenericArray keys, GenericArray values) implements MapData {

    @Override
    public int size() {
        return keys.size();
    }
}
