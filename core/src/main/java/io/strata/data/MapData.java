package io.strata.data;

/** A map value: parallel arrays of keys and values, in the order they were stored. */
public interface MapData {

    int size();

    ArrayData keys();

    ArrayData values();
}
