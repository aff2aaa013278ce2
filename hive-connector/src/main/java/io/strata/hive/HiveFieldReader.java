package io.strata.hive;

import io.strata.data.Decimal;
import io.strata.data.Row;
import io.strata.data.RowValues;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Objects;
import org.apache.hadoop.hive.common.type.HiveChar;
import org.apache.hadoop.hive.common.type.HiveVarchar;
import org.apache.hadoop.hive.common.type.TimestampTZ;
import org.apache.hadoop.hive.serde2.io.ByteWritable;
import org.apache.hadoop.hive.serde2.io.DateWritableV2;
import org.apache.hadoop.hive.serde2.io.DoubleWritable;
import org.apache.hadoop.hive.serde2.io.HiveCharWritable;
import org.apache.hadoop.hive.serde2.io.HiveDecimalWritable;
import org.apache.hadoop.hive.serde2.io.HiveVarcharWritable;
import org.apache.hadoop.hive.serde2.io.ShortWritable;
import org.apache.hadoop.hive.serde2.io.TimestampLocalTZWritable;
import org.apache.hadoop.hive.serde2.io.TimestampWritableV2;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.typeinfo.PrimitiveTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.apache.hadoop.io.BooleanWritable;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.FloatWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;

/**
 * Reads one column of a Strata row as the Hive value its ObjectInspector expects. A flat column owns
 * ONE Writable and refills it for every row (Hive copies what it keeps), so reading allocates nothing
 * for fixed-width types and strings; nested columns are converted by {@link NestedValues}.
 */
final class HiveFieldReader {

    /** The column's type when it is flat, else null. */
    private final AtomicType type;
    /** The column's type when it is nested (read through {@link NestedValues}), else null. */
    private final DataType nestedType;
    private final ObjectInspector inspector;
    private final ZoneId localZone;
    private final Writable value;

    HiveFieldReader(DataType type, ZoneId localZone) {
        this.localZone = localZone;
        if (!(type instanceof AtomicType atomic)) {
            this.type = null;
            this.nestedType = type;
            this.inspector = TypeInfoUtils.getStandardJavaObjectInspectorFromTypeInfo(HiveTypeMapping.typeInfo(type, localZone));
            this.value = null;
            return;
        }
        this.type = atomic;
        this.nestedType = null;
        PrimitiveTypeInfo hiveType = (PrimitiveTypeInfo) HiveTypeMapping.typeInfo(type, localZone);
        this.inspector = PrimitiveObjectInspectorFactory.getPrimitiveWritableObjectInspector(hiveType);
        this.value = newWritable(hiveType);
    }

    /** Whether {@code other} reads a column as the same Hive value (same Strata type and local zone). */
    boolean readsLike(HiveFieldReader other) {
        return Objects.equals(type, other.type) && Objects.equals(nestedType, other.nestedType)
                && localZone.equals(other.localZone);
    }

    private static Writable newWritable(PrimitiveTypeInfo hiveType) {
        return switch (hiveType.getPrimitiveCategory()) {
            case BOOLEAN -> new BooleanWritable();
            case BYTE -> new ByteWritable();
            case SHORT -> new ShortWritable();
            case INT -> new IntWritable();
            case LONG -> new LongWritable();
            case FLOAT -> new FloatWritable();
            case DOUBLE -> new DoubleWritable();
            case DECIMAL -> new HiveDecimalWritable();
            case STRING -> new Text();
            case VARCHAR -> new HiveVarcharWritable();
            case CHAR -> new HiveCharWritable();
            case BINARY -> new BytesWritable();
            case DATE -> new DateWritableV2();
            case TIMESTAMP -> new TimestampWritableV2();
            case TIMESTAMPLOCALTZ -> new TimestampLocalTZWritable();
            default -> throw new IllegalStateException("No Writable for Hive type " + hiveType);
        };
    }

    ObjectInspector inspector() {
        return inspector;
    }

    /** The value at {@code pos} of {@code row}, or null; the returned Writable is reused by the next call. */
    Object read(Row row, int pos) {
        if (row.isNullAt(pos)) {
            return null;
        }
        if (nestedType != null) {
            return NestedValues.toHive(RowValues.get(row, pos, nestedType), nestedType, localZone);
        }
        switch (type.root()) {
            case BOOLEAN -> ((BooleanWritable) value).set(row.getBoolean(pos));
            case TINYINT -> ((ByteWritable) value).set(row.getByte(pos));
            case SMALLINT -> ((ShortWritable) value).set(row.getShort(pos));
            case INT -> ((IntWritable) value).set(row.getInt(pos));
            case BIGINT -> ((LongWritable) value).set(row.getLong(pos));
            case FLOAT -> ((FloatWritable) value).set(row.getFloat(pos));
            case DOUBLE -> ((DoubleWritable) value).set(row.getDouble(pos));
            case DECIMAL -> readDecimal(row.getDecimal(pos, type.precision(), type.scale()));
            case CHAR, VARCHAR -> readString(row.getString(pos));
            case BINARY, VARBINARY -> {
                byte[] bytes = row.getBinary(pos);
                ((BytesWritable) value).set(bytes, 0, bytes.length);
            }
            case DATE -> ((DateWritableV2) value).set(row.getInt(pos));
            case TIME -> ((Text) value).set(LocalTime.ofNanoOfDay(row.getInt(pos) * 1_000_000L).toString());
            case TIMESTAMP -> {
                Timestamp ts = row.getTimestamp(pos, type.precision());
                // Paimon's TIMESTAMP is a wall-clock time stored as if in UTC, like Hive's.
                ((TimestampWritableV2) value).set(org.apache.hadoop.hive.common.type.Timestamp.ofEpochSecond(
                        Math.floorDiv(ts.millisecond(), 1000), nanosOfSecond(ts)));
            }
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> {
                Timestamp ts = row.getTimestamp(pos, type.precision());
                ((TimestampLocalTZWritable) value).set(
                        new TimestampTZ(Math.floorDiv(ts.millisecond(), 1000), nanosOfSecond(ts), localZone));
            }
            default -> throw new IllegalStateException("Unreadable type " + type);
        }
        return value;
    }

    static int nanosOfSecond(Timestamp ts) {
        return (int) Math.floorMod(ts.millisecond(), 1000L) * 1_000_000 + ts.nanoOfMillisecond();
    }

    private void readDecimal(Decimal d) {
        HiveDecimalWritable w = (HiveDecimalWritable) value;
        if (d.isCompact()) {
            w.setFromLongAndScale(d.toUnscaledLong(), d.scale());
        } else {
            w.setFromBigIntegerBytesAndScale(d.toUnscaledBytes(), d.scale());
        }
    }

    private void readString(Utf8String s) {
        if (value instanceof Text text) {
            text.set(s.buffer(), s.offset(), s.length());
        } else if (value instanceof HiveVarcharWritable varchar) {
            varchar.set(new HiveVarchar(s.toString(), type.length()));
        } else {
            ((HiveCharWritable) value).set(new HiveChar(s.toString(), type.length()));
        }
    }
}
