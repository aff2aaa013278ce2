package io.strata.lsm;

import io.strata.lsm.aggregate.AggregateMergeFunction;
import io.strata.lsm.aggregate.FieldAggregator;
import io.strata.lsm.aggregate.FieldAggregators;
import io.strata.schema.MergeEngine;
import io.strata.schema.MergeEngineOptions;
import io.strata.schema.TableOptions;
import io.strata.schema.TableSchema;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Creates the merge function of a primary-key table from its schema and options ({@code merge-engine}
 * and the options of each engine). Construction checks everything against the schema (field names,
 * types, conflicting options) and fails naming the option and the field, so a table that cannot be
 * read is rejected before any file is opened. One instance per read; each split gets its own function.
 */
public final class MergeFunctionFactory {

    private final TableSchema schema;
    private final RowType rowType;
    private final MergeEngine engine;
    private final boolean ignoreDelete;
    private final MergeEngineOptions options;
    /** Partial-update: per table position, its sequence group spec index or -1. */
    private final int[] groupOf;
    private final List<int[]> groupSequenceFields = new ArrayList<>();
    private final boolean[] removeRecordOnSequenceField;

    public MergeFunctionFactory(TableSchema schema) {
        this.schema = schema;
        this.rowType = schema.rowType();
        TableOptions tableOptions = schema.tableOptions();
        this.engine = tableOptions.mergeEngine();
        this.ignoreDelete = tableOptions.ignoreDelete();
        this.options = new MergeEngineOptions(schema.options());
        options.validate();
        for (String f : tableOptions.sequenceField()) {
            if (options.aggregateFunction(f) != null) {
                throw new IllegalArgumentException("Table option '" + MergeEngineOptions.key(f, MergeEngineOptions.AGGREGATE_FUNCTION)
                        + "': field '" + f + "' is a sequence field (option 'sequence.field') and cannot be aggregated");
            }
        }
        this.groupOf = new int[rowType.fieldCount()];
        java.util.Arrays.fill(groupOf, -1);
        this.removeRecordOnSequenceField = new boolean[rowType.fieldCount()];
        switch (engine) {
            case PARTIAL_UPDATE -> checkPartialUpdate();
            case AGGREGATE -> aggregators();
            case DEDUPLICATE, FIRST_ROW -> { }
        }
    }

    private String where() {
        return " (merge-engine '" + engine.value() + "')";
    }

    private int requireField(String name, String optionKey) {
        int p = rowType.indexOf(name);
        if (p < 0) {
            throw new IllegalArgumentException("Table option '" + optionKey + "' names field '" + name
                    + "', which the table does not have; fields: " + rowType.fieldNames() + where());
        }
        return p;
    }

    private void checkPartialUpdate() {
        Map<String, Integer> sequenceFieldGroups = new HashMap<>();
        for (MergeEngineOptions.SequenceGroupSpec spec : options.sequenceGroups()) {
            int index = groupSequenceFields.size();
            int[] sequenceFields = spec.sequenceFields().stream().mapToInt(f -> requireField(f, spec.optionKey())).toArray();
            groupSequenceFields.add(sequenceFields);
            for (String f : spec.fields()) {
                int p = requireField(f, spec.optionKey());
                if (groupOf[p] >= 0) {
                    throw new IllegalArgumentException("Table option '" + spec.optionKey() + "': field '" + f
                            + "' is already in another sequence group" + where());
                }
                groupOf[p] = index;
            }
            for (int p : sequenceFields) {
                groupOf[p] = index;
                sequenceFieldGroups.put(rowType.field(p).name(), index);
            }
        }
        boolean removeOnDelete = options.partialUpdateRemoveRecordOnDelete();
        List<String> removeOnGroup = options.partialUpdateRemoveRecordOnSequenceGroup();
        String removeOnDeleteKey = MergeEngineOptions.PARTIAL_UPDATE_REMOVE_RECORD_ON_DELETE.key();
        String removeOnGroupKey = MergeEngineOptions.PARTIAL_UPDATE_REMOVE_RECORD_ON_SEQUENCE_GROUP.key();
        if (removeOnDelete && ignoreDelete) {
            throw conflict("ignore-delete", removeOnDeleteKey);
        }
        if (removeOnGroup != null && ignoreDelete) {
            throw conflict("ignore-delete", removeOnGroupKey);
        }
        if (removeOnDelete && !groupSequenceFields.isEmpty()) {
            throw conflict("fields.<field>.sequence-group", removeOnDeleteKey);
        }
        if (removeOnGroup != null) {
            for (String f : removeOnGroup) {
                Integer group = sequenceFieldGroups.get(f);
                if (group == null) {
                    throw new IllegalArgumentException("Table option '" + removeOnGroupKey + "' names '" + f
                            + "', which is not a sequence field of any sequence group" + where());
                }
                removeRecordOnSequenceField[rowType.indexOf(f)] = true;
            }
        }
        partialUpdateAggregators();
    }

    private static IllegalArgumentException conflict(String a, String b) {
        return new IllegalArgumentException("Table options '" + a + "' and '" + b
                + "' conflict (merge-engine 'partial-update'); set only one of them");
    }

    /** Partial-update: sequence fields have none, keys keep their value, others only inside a group (or last_non_null_value). */
    private FieldAggregator[] partialUpdateAggregators() {
        FieldAggregator[] out = new FieldAggregator[rowType.fieldCount()];
        for (int i = 0; i < out.length; i++) {
            String name = rowType.field(i).name();
            if (groupOf[i] >= 0 && isSequenceField(i)) {
                continue;
            }
            String function;
            if (schema.primaryKeys().contains(name)) {
                function = FieldAggregators.PRIMARY_KEY;
            } else {
                function = options.aggregateFunction(name);
                if (function == null) {
                    function = options.defaultAggregateFunction();
                }
                if (function == null) {
                    continue;
                }
                if (!function.equals("last_non_null_value") && groupOf[i] < 0) {
                    throw new IllegalArgumentException("Table option '"
                            + MergeEngineOptions.key(name, MergeEngineOptions.AGGREGATE_FUNCTION)
                            + "' (or 'fields.default-aggregate-function') = '" + function + "': field '" + name
                            + "' must be in a sequence group ('fields.<seq>.sequence-group') to be aggregated" + where());
                }
            }
            out[i] = FieldAggregators.create(function, name, rowType.typeAt(i), options);
        }
        return out;
    }

    private boolean isSequenceField(int position) {
        for (int p : groupSequenceFields.get(groupOf[position])) {
            if (p == position) {
                return true;
            }
        }
        return false;
    }

    /** Aggregation: sequence.field fields take the last value, keys keep theirs, others their function. */
    private FieldAggregator[] aggregators() {
        List<String> sequenceFields = schema.tableOptions().sequenceField();
        FieldAggregator[] out = new FieldAggregator[rowType.fieldCount()];
        for (int i = 0; i < out.length; i++) {
            String name = rowType.field(i).name();
            String function;
            if (sequenceFields.contains(name)) {
                function = "last_value";
            } else if (schema.primaryKeys().contains(name)) {
                function = FieldAggregators.PRIMARY_KEY;
            } else {
                function = options.aggregateFunction(name);
                if (function == null) {
                    function = options.defaultAggregateFunction();
                }
                if (function == null) {
                    function = "last_non_null_value";
                }
            }
            out[i] = FieldAggregators.create(function, name, rowType.typeAt(i), options);
        }
        return out;
    }

    /** Marks the fields a merge needs besides those the read wants: the sequence fields of sequence groups. */
    public void addRequiredFields(boolean[] wanted) {
        for (int[] fields : groupSequenceFields) {
            for (int p : fields) {
                wanted[p] = true;
            }
        }
    }

    /** A new merge function merging the fields marked in {@code readFields} (the others stay null). */
    public MergeFunction create(boolean[] readFields) {
        return switch (engine) {
            case DEDUPLICATE -> new DeduplicateMergeFunction(ignoreDelete);
            case FIRST_ROW -> new FirstRowMergeFunction(ignoreDelete);
            case AGGREGATE -> new AggregateMergeFunction(rowType, readFields, aggregators(),
                    options.aggregationRemoveRecordOnDelete());
            case PARTIAL_UPDATE -> {
                SequenceGroup[] groups = new SequenceGroup[rowType.fieldCount()];
                List<SequenceGroup> built = new ArrayList<>();
                for (int g = 0; g < groupSequenceFields.size(); g++) {
                    built.add(new SequenceGroup(g, groupSequenceFields.get(g),
                            KeyOrder.onPositions(rowType, groupSequenceFields.get(g))));
                }
                for (int i = 0; i < groups.length; i++) {
                    groups[i] = groupOf[i] >= 0 ? built.get(groupOf[i]) : null;
                }
                yield new PartialUpdateMergeFunction(rowType, readFields, ignoreDelete,
                        options.partialUpdateRemoveRecordOnDelete(), groups, partialUpdateAggregators(),
                        removeRecordOnSequenceField);
            }
        };
    }
}
