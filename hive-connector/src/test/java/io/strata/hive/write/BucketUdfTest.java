package io.strata.hive.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.table.BucketFunction;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.util.List;
import org.apache.hadoop.hive.ql.exec.FunctionRegistry;
import org.apache.hadoop.hive.ql.exec.UDFArgumentLengthException;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDF;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;

/**
 * {@code strata_bucket} is core's bucket function over Hive's values (Java or Writable), survives Hive's
 * cloning of expressions, and names the table and column when a value cannot be bucketed.
 */
class BucketUdfTest {

    private static final List<DataField> KEY = List.of(new DataField(0, "dt", DataTypes.STRING().withNullable(false)),
            new DataField(1, "id", DataTypes.INT().withNullable(false)));

    @Test
    void bucketsLikeCoreOverJavaAndWritableValuesAndAfterAClone() throws HiveException {
        BucketFunction core = BucketFunction.ofKeys(new RowType(KEY), 7);
        GenericUDF udf = new BucketUdf("db.orders", KEY, 7);
        // Plan rewrites clone expressions: a new instance plus copyToNewInstance.
        GenericUDF clone = FunctionRegistry.cloneGenericUDF(udf);
        udf.initialize(new ObjectInspector[] {PrimitiveObjectInspectorFactory.javaStringObjectInspector,
            PrimitiveObjectInspectorFactory.javaIntObjectInspector});
        clone.initialize(new ObjectInspector[] {PrimitiveObjectInspectorFactory.writableStringObjectInspector,
            PrimitiveObjectInspectorFactory.writableIntObjectInspector});
        for (int id = 0; id < 500; id++) {
            String dt = "2024-01-0" + (id % 9 + 1);
            int expected = core.bucket(GenericRow.of(Utf8String.fromString(dt), id));
            Object java = udf.evaluate(new GenericUDF.DeferredObject[] {
                new GenericUDF.DeferredJavaObject(dt), new GenericUDF.DeferredJavaObject(id)});
            Object writable = clone.evaluate(new GenericUDF.DeferredObject[] {
                new GenericUDF.DeferredJavaObject(new Text(dt)), new GenericUDF.DeferredJavaObject(new IntWritable(id))});
            assertThat(((IntWritable) java).get()).isEqualTo(expected);
            assertThat(((IntWritable) writable).get()).isEqualTo(expected);
        }
        assertThat(udf.getDisplayString(new String[] {"_col3", "_col0"})).isEqualTo("strata_bucket(_col3, _col0)");
    }

    @Test
    void aNullKeyOrAWrongArgumentCountFailsNamingTheTable() throws HiveException {
        GenericUDF udf = new BucketUdf("db.orders", KEY, 7);
        assertThatThrownBy(() -> udf.initialize(new ObjectInspector[] {
            PrimitiveObjectInspectorFactory.javaStringObjectInspector}))
                .isInstanceOf(UDFArgumentLengthException.class).hasMessageContaining("db.orders")
                .hasMessageContaining("dt, id");
        udf.initialize(new ObjectInspector[] {PrimitiveObjectInspectorFactory.javaStringObjectInspector,
            PrimitiveObjectInspectorFactory.javaIntObjectInspector});
        assertThatThrownBy(() -> udf.evaluate(new GenericUDF.DeferredObject[] {
            new GenericUDF.DeferredJavaObject("2024-01-01"), new GenericUDF.DeferredJavaObject(null)}))
                .isInstanceOf(HiveException.class).hasMessageContaining("db.orders").hasMessageContaining("'id'");
    }
}
