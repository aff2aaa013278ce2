package io.strata.hive.write;

import io.strata.data.GenericRow;
import io.strata.table.BucketFunction;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.RowType;
import io.strata.types.TypeParser;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.ql.exec.UDFArgumentException;
import org.apache.hadoop.hive.ql.exec.UDFArgumentLengthException;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDF;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.io.IntWritable;

/**
 * {@code strata_bucket(key columns...)}: the bucket of a row of a Strata table with a fixed number of
 * buckets, from its bucket-key values, by the function every Strata write uses ({@link BucketFunction},
 * Paimon's). The Hive connector puts it in the plan of an INSERT so that Hive's shuffle hands each
 * (partition, bucket) to one task; it is not registered as a function users call.
 *
 * <p>Hive ships the plan to its tasks with Kryo, so the state is plain fields (the key's names and Strata
 * type strings, the bucket count), which a clone copies ({@link #copyToNewInstance}); the converters and the
 * function are rebuilt in each task's {@link #initialize}.
 */
public final class BucketUdf extends GenericUDF {

    /** The name Hive's plans (EXPLAIN) show. */
    public static final String NAME = "strata_bucket";

    private String hiveTable;
    private String[] keyNames;
    private String[] keyTypes;
    private int numBuckets;

    private transient HiveValueConverter[] converters;
    private transient ObjectInspector[] inspectors;
    private transient BucketFunction function;
    private transient GenericRow key;
    private transient IntWritable result;

    /** For Kryo, which rebuilds the function in the tasks. */
    public BucketUdf() {}

    /**
     * @param hiveTable the Hive table's name, for errors
     * @param keyFields the table's bucket-key columns, in bucket-key order (the arguments' order)
     * @param numBuckets the table's fixed number of buckets (1 puts every row into one group)
     */
    public BucketUdf(String hiveTable, List<DataField> keyFields, int numBuckets) {
        this.hiveTable = hiveTable;
        this.keyNames = keyFields.stream().map(DataField::name).toArray(String[]::new);
        this.keyTypes = keyFields.stream().map(f -> f.type().asSqlString()).toArray(String[]::new);
        this.numBuckets = numBuckets;
    }

    @Override
    public ObjectInspector initialize(ObjectInspector[] arguments) throws UDFArgumentException {
        if (arguments.length != keyNames.length) {
            throw new UDFArgumentLengthException(NAME + " of Hive table " + hiveTable + " takes its " + keyNames.length
                    + " bucket-key columns " + String.join(", ", keyNames) + ", got " + arguments.length + " arguments");
        }
        List<DataField> fields = new ArrayList<>();
        converters = new HiveValueConverter[keyNames.length];
        for (int i = 0; i < keyNames.length; i++) {
            DataType type = TypeParser.parse(keyTypes[i]);
            fields.add(new DataField(i, keyNames[i], type));
            converters[i] = HiveValueConverter.of(type, keyNames[i], hiveTable);
        }
        inspectors = arguments.clone();
        function = BucketFunction.ofKeys(new RowType(fields), numBuckets);
        key = new GenericRow(keyNames.length);
        result = new IntWritable();
        return PrimitiveObjectInspectorFactory.writableIntObjectInspector;
    }

    @Override
    public Object evaluate(DeferredObject[] arguments) throws HiveException {
        for (int i = 0; i < converters.length; i++) {
            try {
                key.set(i, converters[i].convertNullable(arguments[i].get(), inspectors[i], hiveTable));
            } catch (IllegalArgumentException | ClassCastException e) {
                throw new HiveException("Hive table " + hiveTable + ": cannot compute the bucket of bucket-key column '"
                        + keyNames[i] + "' (" + keyTypes[i] + "): " + e.getMessage(), e);
            }
        }
        result.set(function.bucket(key));
        return result;
    }

    /** Hive clones a function by a new instance plus this copy (plan rewrites clone expressions). */
    @Override
    public void copyToNewInstance(Object newInstance) throws UDFArgumentException {
        super.copyToNewInstance(newInstance);
        BucketUdf copy = (BucketUdf) newInstance;
        copy.hiveTable = hiveTable;
        copy.keyNames = keyNames;
        copy.keyTypes = keyTypes;
        copy.numBuckets = numBuckets;
    }

    @Override
    public String getDisplayString(String[] children) {
        return getStandardDisplayString(NAME, children);
    }
}
