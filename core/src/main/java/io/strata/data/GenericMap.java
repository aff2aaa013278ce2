package io.strata.data;

/** A map held as two generic arrays; for writes, tests and small data. */
public record GenericMap(GenericArray keys, GenericArray values) implements MapData {

    @Override
    public int size() {
        return keys.size();
    }
}
