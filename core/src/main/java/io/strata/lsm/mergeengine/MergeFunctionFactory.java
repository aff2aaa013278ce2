package io.strata.lsm.mergeengine;

import io.strata.lsm.KeyOrder;
import io.strata.lsm.MergeFunction;
import io.strata.lsm.VersionOrder;
import io.strata.lsm.WriteMerge;
import io.strata.lsm.mergeengine.aggregate.AggregateMergeFunction;
import io.strata.lsm.mergeengine.aggregate.FieldAggregator;
import io.strata.lsm.mergeengine.aggregate.FieldAggregators;
import io.strata.schema.MergeEngine;
import io.strata.schema.MergeEngineOptions;
import io.strata.schema.TableOptions;
import io.strata.schema.TableSchema;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.Arrays;
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
        Arrays.fill(groupOf, -1);
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

    /**
     * How a writer's buffers reduce the records of a key (see {@link WriteMerge}), for the table
     * {@code owner} names in error messages (e.g. "Table /warehouse/db.db/t").
     */
    public WriteMerge forWrite(String owner) {
        TableOptions tableOptions = schema.tableOptions();
        int[] sequenceFields = tableOptions.sequenceField().stream().mapToInt(rowType::requireIndexOf).toArray();
        VersionOrder order = VersionOrder.forWriteBuffer(rowType, sequenceFields);
        boolean dropUpdateBefore = options.ignoreUpdateBefore();
        String prefix = owner + ": merge-engine '" + engine.value() + "' ";
        return switch (engine) {
            case DEDUPLICATE -> new WriteMerge(order, WriteMerge.Reduction.NEWEST, null, ignoreDelete, dropUpdateBefore,
                    null, null);
            case FIRST_ROW -> {
                String reject = prefix + "keeps the first row of a key and takes no -U/-D records;"
                        + " set 'ignore-delete' = 'true' to drop them";
                yield new WriteMerge(order, WriteMerge.Reduction.OLDEST, null, ignoreDelete, dropUpdateBefore,
                        reject, reject);
            }
            case PARTIAL_UPDATE -> {
                String reject = partialUpdateRetractionProblem(prefix);
                yield new WriteMerge(order, WriteMerge.Reduction.MERGE_FUNCTION, this::createForWrite, ignoreDelete,
                        dropUpdateBefore, reject, reject);
            }
            case AGGREGATE -> {
                String reject = aggregationRetractionProblem(prefix);
                String rejectDelete = options.aggregationRemoveRecordOnDelete() ? null : reject;
                yield new WriteMerge(order, WriteMerge.Reduction.MERGE_FUNCTION, this::createForWrite, ignoreDelete,
                        dropUpdateBefore, reject, rejectDelete);
            }
        };
    }

    private MergeFunction createForWrite() {
        boolean[] all = new boolean[rowType.fieldCount()];
        Arrays.fill(all, true);
        return create(all);
    }

    /** Why partial-update cannot merge retractions, or null when it can. */
    private String partialUpdateRetractionProblem(String prefix) {
        if (groupSequenceFields.isEmpty()) {
            return options.partialUpdateRemoveRecordOnDelete() ? null : prefix
                    + "takes -U/-D records only with 'ignore-delete' = 'true' (dropped), or "
                    + "'partial-update.remove-record-on-delete' = 'true', or sequence groups "
                    + "('fields.<field>.sequence-group')";
        }
        FieldAggregator[] aggregators = partialUpdateAggregators();
        for (int i = 0; i < aggregators.length; i++) {
            if (groupOf[i] >= 0 && aggregators[i] != null && !aggregators[i].canRetract()) {
                return prefix + "cannot take -U/-D records: " + cannotRetract(aggregators[i]);
            }
        }
        return null;
    }

    /** Why aggregation cannot retract, or null when every field's function can. */
    private String aggregationRetractionProblem(String prefix) {
        for (FieldAggregator aggregator : aggregators()) {
            if (aggregator.canRetract()) {
                continue;
            }
            if (options.aggregationRemoveRecordOnDelete()) {
                // Its -D records delete the row; 'ignore-retract' would conflict with that option.
                return prefix + "cannot retract -U records: column '" + aggregator.field() + "' has aggregate function '"
                        + aggregator.function() + "' (option '" + functionOption(aggregator.field())
                        + "'), which cannot retract; set 'ignore-update-before' = 'true' to drop -U records";
            }
            return prefix + "cannot retract: " + cannotRetract(aggregator) + " (or, for -D records, '"
                    + MergeEngineOptions.AGGREGATION_REMOVE_RECORD_ON_DELETE.key() + "' = 'true')";
        }
        return null;
    }

    private String functionOption(String field) {
        return options.aggregateFunction(field) != null ? MergeEngineOptions.key(field, MergeEngineOptions.AGGREGATE_FUNCTION)
                : MergeEngineOptions.FIELDS_DEFAULT_AGGREGATE_FUNCTION.key();
    }

    private String cannotRetract(FieldAggregator aggregator) {
        String field = aggregator.field();
        return "column '" + field + "' has aggregate function '" + aggregator.function() + "' (option '" + functionOption(field)
                + "'), which cannot retract; set '" + MergeEngineOptions.key(field, MergeEngineOptions.IGNORE_RETRACT)
                + "' = 'true', or 'ignore-delete' = 'true' to drop -U/-D records";
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
