package io.strata.hive;

import io.strata.data.Row;
import io.strata.types.DataType;
import java.time.ZoneId;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;

/**
 * The connector's read path for tests of other packages (its classes are package-private): how a Strata
 * column of a type is shown to Hive.
 */
public final class HiveReadPath {

    private final HiveFieldReader reader;
    private final TypeInfo typeInfo;

    /** The read path of a column of {@code type}, with local-zone timestamps shown in {@code zone}. */
    public HiveReadPath(DataType type, ZoneId zone) {
        this.reader = new HiveFieldReader(type, zone);
        this.typeInfo = HiveTypeMapping.typeInfo(type, zone);
    }

    /** The Hive type the column reads as. */
    public TypeInfo typeInfo() {
        return typeInfo;
    }

    /** The inspector of the values {@link #read} gives. */
    public ObjectInspector inspector() {
        return reader.inspector();
    }

    /** The Hive value of {@code row}'s field {@code pos}, or null (a reused Writable for flat types). */
    public Object read(Row row, int pos) {
        return reader.read(row, pos);
    }
}
