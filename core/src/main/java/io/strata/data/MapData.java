package io.strata.data;

import io.strata.api.PublicApi;

/** A map value: parallel arrays of keys and values, in the order they were stored. */
@PublicApi
public interface MapData {

    int size();

    ArrayData keys();

    ArrayData values();
}
