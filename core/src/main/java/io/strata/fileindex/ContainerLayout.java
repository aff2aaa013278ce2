package io.strata.fileindex;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The order of the columns, and of each column's index types, in a container as Paimon's writer lays it out.
 * That order is not the options' but the iteration order of the {@code java.util.HashMap}s Paimon passes the
 * indexes through: columns keyed by its {@code FileIndexOptions.Column} (in the order its options map holds
 * the {@code .columns} keys), then index types to columns, then columns to index types. Replaying the same
 * sequence of map operations with keys of the same hash codes gives the same order, so Strata's containers
 * are byte for byte Paimon's whatever the columns and types.
 */
final class ContainerLayout {

    private ContainerLayout() {}

    /**
     * The indexes grouped by column in container order. {@code indexes} are in the order Paimon meets them:
     * the {@code file-index.<type>.columns} keys as a {@code HashMap} of the table options iterates them, and
     * each key's columns as listed.
     */
    static Map<String, List<ColumnIndex>> of(List<? extends ColumnIndex> indexes) {
        Map<OptionColumn, Map<String, ColumnIndex>> byOptionColumn = new HashMap<>();
        for (ColumnIndex index : indexes) {
            byOptionColumn.computeIfAbsent(new OptionColumn(index.column()), c -> new HashMap<>())
                    .computeIfAbsent(index.indexType(), t -> index);
        }
        Map<String, Map<String, ColumnIndex>> byType = new HashMap<>();
        for (Map.Entry<OptionColumn, Map<String, ColumnIndex>> column : byOptionColumn.entrySet()) {
            for (Map.Entry<String, ColumnIndex> type : column.getValue().entrySet()) {
                Map<String, ColumnIndex> columns = byType.computeIfAbsent(type.getKey(), t -> new HashMap<>());
                if (columns.get(column.getKey().name()) == null) {
                    columns.put(column.getKey().name(), type.getValue());
                }
            }
        }
        Map<String, Map<String, ColumnIndex>> byColumn = new HashMap<>();
        for (Map<String, ColumnIndex> columns : byType.values()) {
            for (Map.Entry<String, ColumnIndex> column : columns.entrySet()) {
                byColumn.computeIfAbsent(column.getKey(), c -> new HashMap<>()).put(column.getValue().indexType(),
                        column.getValue());
            }
        }
        Map<String, List<ColumnIndex>> layout = new LinkedHashMap<>();
        byColumn.forEach((column, types) -> layout.put(column, new ArrayList<>(types.values())));
        return layout;
    }

    /**
     * A top-level column as Paimon's options key it: its hash code is that of {@code Arrays.hashCode} over the
     * name, no nested name, and {@code false}.
     */
    private record OptionColumn(String name) {
        @Override
        public int hashCode() {
            return 31 * (31 * (31 + name.hashCode())) + Boolean.hashCode(false);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof OptionColumn c && c.name.equals(name);
        }
    }
}
