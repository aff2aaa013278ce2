package io.strata.lsm.mergeengine.aggregate;

import io.strata.data.GenericArray;
import io.strata.data.GenericMap;
import io.strata.data.MapData;
import io.strata.data.RowValues;
import io.strata.types.DataType;
import io.strata.types.MapType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code merge_map} of a MAP field: the union of the maps, a newer entry replacing an older one of the
 * same key. Retraction removes the retracted keys. Entry order is not meaningful (maps are unordered);
 * like Paimon, BINARY keys are never equal to each other.
 */
final class MergeMapAggregator extends FieldAggregator {

    private final DataType keyType;
    private final DataType valueType;

    MergeMapAggregator(String field, DataType type) {
        super("merge_map", field, type);
        this.keyType = ((MapType) type).key();
        this.valueType = ((MapType) type).value();
    }

    @Override
    public Object agg(Object accumulator, Object input) {
        if (accumulator == null || input == null) {
            return accumulator == null ? input : accumulator;
        }
        Map<Object, Object[]> entries = new LinkedHashMap<>();
        put(entries, (MapData) accumulator);
        put(entries, (MapData) input);
        return toMap(entries);
    }

    private void put(Map<Object, Object[]> entries, MapData map) {
        for (int i = 0; i < map.size(); i++) {
            Object key = RowValues.get(map.keys(), i, keyType);
            Object value = RowValues.get(map.values(), i, valueType);
            entries.put(Values.key(key, keyType, true), new Object[] {key, value});
        }
    }

    private static GenericMap toMap(Map<Object, Object[]> entries) {
        List<Object> keys = new ArrayList<>(entries.size());
        List<Object> values = new ArrayList<>(entries.size());
        for (Object[] e : entries.values()) {
            keys.add(e[0]);
            values.add(e[1]);
        }
        return new GenericMap(new GenericArray(keys.toArray()), new GenericArray(values.toArray()));
    }

    @Override
    public boolean canRetract() {
        return true;
    }

    @Override
    public Object retract(Object accumulator, Object retracted) {
        if (accumulator == null) {
            return null;
        }
        if (retracted == null || ((MapData) retracted).size() == 0) {
            return accumulator;
        }
        MapData retract = (MapData) retracted;
        Set<Object> removed = new HashSet<>();
        for (int i = 0; i < retract.size(); i++) {
            removed.add(Values.key(RowValues.get(retract.keys(), i, keyType), keyType, true));
        }
        MapData acc = (MapData) accumulator;
        Map<Object, Object[]> entries = new LinkedHashMap<>();
        for (int i = 0; i < acc.size(); i++) {
            Object key = RowValues.get(acc.keys(), i, keyType);
            Object k = Values.key(key, keyType, true);
            if (!removed.contains(k)) {
                entries.put(k, new Object[] {key, RowValues.get(acc.values(), i, valueType)});
            }
        }
        return toMap(entries);
    }
}
