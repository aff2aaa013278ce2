package io.strata.format.avro;

import io.strata.data.Decimal;
import io.strata.format.ColumnVector;
import io.strata.format.avro.AvroValueReaders.TimeUnit;
import io.strata.format.avro.AvroValueReaders.ValueReader;
import io.strata.format.avro.AvroVectors.Booleans;
import io.strata.format.avro.AvroVectors.Bytes;
import io.strata.format.avro.AvroVectors.Doubles;
import io.strata.format.avro.AvroVectors.Lists;
import io.strata.format.avro.AvroVectors.Longs;
import io.strata.format.avro.AvroVectors.Struct;
import io.strata.format.avro.AvroVectors.Timestamps;
import io.strata.format.avro.AvroVectors.Vector;
import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import io.strata.types.TypeRoot;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;

/**
 * What to decode from an Avro file for a read type: the read fields matched to the file's record fields,
 * a decoder per matched field and a skip for the others, and the vectors they fill.
 *
 * <p>Matching, at every record level: by the {@code field-id} property when the file's fields carry it
 * (the Iceberg convention); else, when the caller knows the row type the file was written with, by field
 * id through it (the read field's id names the file field it was written as, so renamed columns are
 * found and a column dropped and added again under its old name is not); else by name, which is how
 * Paimon's own Avro reader matches (its callers pass the names of the file's schema version). A read
 * field the file lacks reads as null.
 *
 * <p>Types: the file type must be the read type or narrower: {@code int} (TINYINT, SMALLINT, INT) reads as
 * any integer type, FLOAT, DOUBLE or DECIMAL; {@code long} as BIGINT, FLOAT, DOUBLE or DECIMAL;
 * {@code float} as FLOAT or DOUBLE; a decimal as a DECIMAL with no fewer integer digits and no smaller
 * scale; {@code string} as CHAR/VARCHAR, {@code bytes} as BINARY/VARBINARY; {@code date},
 * {@code time-millis}, {@code timestamp-*} and {@code local-timestamp-*} as DATE, TIME, TIMESTAMP and
 * TIMESTAMP WITH LOCAL TIME ZONE; arrays, maps (or arrays of key-value records) and records as ARRAY,
 * MAP/MULTISET and ROW. Anything else fails naming the column.
 */
final class AvroReadPlan {

    /** The field property that carries a field id in Iceberg's (and Paimon's Iceberg-compatible) Avro files. */
    static final String FIELD_ID_PROP = "field-id";

    /** One column per read field. */
    final ColumnVector[] columns;
    /** The vectors the file fills, emptied before each batch. */
    final List<Vector> vectors = new ArrayList<>();
    /** Reads one row: the record's fields, after the branch of a nullable top-level record. */
    final ValueReader row;

    private AvroReadPlan(Schema fileSchema, RowType readType, RowType writeType) {
        Schema record = fileSchema;
        int recordBranch = -1;
        if (fileSchema.getType() == Schema.Type.UNION) {
            recordBranch = nonNullBranch(fileSchema, "the file's rows");
            record = fileSchema.getTypes().get(recordBranch);
        }
        if (record.getType() != Schema.Type.RECORD) {
            throw new IllegalArgumentException("the file's rows are not records but " + record.getType());
        }
        this.columns = new ColumnVector[readType.fieldCount()];
        List<Vector> read = new ArrayList<>();
        ValueReader fields = record(record, readType, writeType, "", columns, read);
        vectors.addAll(read);
        int branch = recordBranch;
        this.row = branch < 0 ? fields : in -> {
            int index = in.readIndex();
            if (index != branch) {
                throw new IOException((index == 1 - branch ? "a null row" : "union branch " + index + " of a row")
                        + " (corrupt block)");
            }
            fields.read(in);
        };
    }

    /**
     * Plans a read; fails naming the column whose file type cannot be read as its read type.
     *
     * @param writeType the row type the file was written with (field ids and the names they had), or null
     */
    static AvroReadPlan plan(Schema fileSchema, RowType readType, RowType writeType) {
        return new AvroReadPlan(fileSchema, readType, writeType);
    }

    /**
     * Matches the read fields in a file record; sets {@code columns} and adds the vectors filled to
     * {@code read}; returns the reader of the record's fields.
     */
    private ValueReader record(Schema record, RowType readType, RowType writeType, String prefix,
            ColumnVector[] columns, List<Vector> read) {
        List<Schema.Field> fileFields = record.getFields();
        ValueReader[] steps = new ValueReader[fileFields.size()];
        for (int i = 0; i < readType.fieldCount(); i++) {
            DataField field = readType.field(i);
            String column = prefix + field.name();
            DataField written = writeType == null ? null : byId(writeType, field.id());
            Schema.Field fileField = match(record, field, writeType, written, column);
            if (fileField == null) {
                columns[i] = ColumnVector.NULLS;
                continue;
            }
            if (steps[fileField.pos()] != null) {
                throw new IllegalArgumentException("column '" + column + "' and another read column are both the"
                        + " file's field '" + fileField.name() + "'");
            }
            Built built = build(fileField.schema(), field.type(), written == null ? null : written.type(), column);
            steps[fileField.pos()] = built.reader;
            columns[i] = built.vector;
            read.add(built.vector);
        }
        for (int k = 0; k < steps.length; k++) {
            if (steps[k] == null) {
                steps[k] = AvroValueReaders.skip(fileFields.get(k).schema());
            }
        }
        return AvroValueReaders.record(steps);
    }

    private static Schema.Field match(Schema record, DataField field, RowType writeType, DataField written,
            String column) {
        if (hasFieldIds(record)) {
            for (Schema.Field f : record.getFields()) {
                if (f.getObjectProp(FIELD_ID_PROP) instanceof Number id && id.intValue() == field.id()) {
                    return f;
                }
            }
            return null;
        }
        if (writeType == null) {
            return record.getField(field.name());
        }
        if (written == null) {
            // Not in the file's schema version: added later (even if a dropped column had its name).
            return null;
        }
        Schema.Field f = record.getField(written.name());
        if (f == null) {
            throw new IllegalArgumentException("column '" + column + "' was written as '" + written.name()
                    + "', which the file's Avro schema does not have");
        }
        return f;
    }

    private static boolean hasFieldIds(Schema record) {
        for (Schema.Field f : record.getFields()) {
            if (f.getObjectProp(FIELD_ID_PROP) != null) {
                return true;
            }
        }
        return false;
    }

    private static DataField byId(RowType type, int id) {
        for (DataField f : type.fields()) {
            if (f.id() == id) {
                return f;
            }
        }
        return null;
    }

    /** The decoder of one value and the vector it fills. */
    private record Built(ValueReader reader, Vector vector) {}

    private Built build(Schema file, DataType readType, DataType writeType, String column) {
        if (file.getType() == Schema.Type.UNION) {
            int valueBranch = nonNullBranch(file, column);
            int nullBranch = 1 - valueBranch;
            Built value = build(file.getTypes().get(valueBranch), readType, writeType, column);
            return new Built(AvroValueReaders.nullable(nullBranch, valueBranch, value.reader, value.vector),
                    value.vector);
        }
        if (readType instanceof RowType row && file.getType() == Schema.Type.RECORD) {
            List<Vector> read = new ArrayList<>();
            ColumnVector[] fields = new ColumnVector[row.fieldCount()];
            ValueReader reader = record(file, row, writeType instanceof RowType w ? w : null, column + ".", fields, read);
            // The struct knows the vectors it fills, to add nulls to them for a null row.
            Struct struct = new Struct(fields, read.toArray(new Vector[0]));
            return new Built(in -> {
                reader.read(in);
                struct.addValue();
            }, struct);
        }
        if (readType instanceof ArrayType array && file.getType() == Schema.Type.ARRAY) {
            Built element = build(file.getElementType(), array.element(),
                    writeType instanceof ArrayType w ? w.element() : null, column + ".element");
            Lists lists = new Lists(element.vector, null);
            return new Built(AvroValueReaders.array(lists, element.reader), lists);
        }
        if (readType instanceof MapType || readType instanceof MultisetType) {
            Built map = map(file, readType, writeType, column);
            if (map != null) {
                return map;
            }
        }
        if (readType instanceof AtomicType atomic) {
            Built leaf = leaf(file, atomic);
            if (leaf != null) {
                return leaf;
            }
        }
        throw incompatible(column, file, readType);
    }

    /** MAP and MULTISET: an Avro map (string keys) or an array of {key, value} records; null if neither. */
    private Built map(Schema file, DataType readType, DataType writeType, String column) {
        DataType key = readType instanceof MapType m ? m.key() : ((MultisetType) readType).element();
        DataType value = readType instanceof MapType m ? m.value() : DataTypes.INT();
        DataType writtenKey = writeType instanceof MapType m ? m.key()
                : writeType instanceof MultisetType s ? s.element() : null;
        DataType writtenValue = writeType instanceof MapType m ? m.value() : null;
        if (file.getType() == Schema.Type.MAP) {
            if (!key.root().isCharacterString()) {
                return null;
            }
            Bytes keys = new Bytes(0);
            Built values = build(file.getValueType(), value, writtenValue, column + ".value");
            Lists lists = new Lists(keys, values.vector);
            return new Built(AvroValueReaders.map(lists, AvroValueReaders.bytes(keys), values.reader), lists);
        }
        if (file.getType() != Schema.Type.ARRAY || file.getElementType().getType() != Schema.Type.RECORD) {
            return null;
        }
        Schema entry = file.getElementType();
        Schema.Field keyField = entry.getField(AvroSchemas.KEY);
        Schema.Field valueField = entry.getField(AvroSchemas.VALUE);
        if (keyField == null || valueField == null) {
            return null;
        }
        Built keys = build(keyField.schema(), key, writtenKey, column + ".key");
        Built values = build(valueField.schema(), value, writtenValue, column + ".value");
        ValueReader[] steps = new ValueReader[entry.getFields().size()];
        for (Schema.Field f : entry.getFields()) {
            steps[f.pos()] = f == keyField ? keys.reader : f == valueField ? values.reader
                    : AvroValueReaders.skip(f.schema());
        }
        Lists lists = new Lists(keys.vector, values.vector);
        return new Built(AvroValueReaders.array(lists, AvroValueReaders.record(steps)), lists);
    }

    /** A primitive file value read as an atomic type, or null if it cannot be. */
    private static Built leaf(Schema file, AtomicType read) {
        LogicalType logical = file.getLogicalType();
        String name = logical == null ? null : logical.getName();
        Schema.Type type = file.getType();
        switch (read.root()) {
            case BOOLEAN:
                if (type == Schema.Type.BOOLEAN) {
                    Booleans v = new Booleans();
                    return new Built(AvroValueReaders.booleans(v), v);
                }
                return null;
            case TINYINT, SMALLINT, INT:
                return plain(file, Schema.Type.INT) ? integers(type) : null;
            case BIGINT:
                return plain(file, Schema.Type.INT) || plain(file, Schema.Type.LONG) ? integers(type) : null;
            case FLOAT, DOUBLE:
                if (plain(file, Schema.Type.INT) || plain(file, Schema.Type.LONG)) {
                    return integers(type);
                }
                if (plain(file, Schema.Type.FLOAT) || (read.root() == TypeRoot.DOUBLE
                        && plain(file, Schema.Type.DOUBLE))) {
                    Doubles v = new Doubles();
                    return new Built(type == Schema.Type.FLOAT ? AvroValueReaders.floats(v) : AvroValueReaders.doubles(v), v);
                }
                return null;
            case DECIMAL:
                return decimal(file, read);
            case CHAR, VARCHAR:
                return plain(file, Schema.Type.STRING) ? bytes(0) : null;
            case BINARY, VARBINARY:
                return plain(file, Schema.Type.BYTES) ? bytes(0) : null;
            case DATE:
                return type == Schema.Type.INT && "date".equals(name) ? integers(type) : null;
            case TIME:
                return type == Schema.Type.INT && "time-millis".equals(name) ? integers(type) : null;
            case TIMESTAMP:
                return type == Schema.Type.LONG && name != null && name.startsWith("timestamp-")
                        ? timestamps(name.substring("timestamp-".length())) : null;
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return type == Schema.Type.LONG && name != null && name.startsWith("local-timestamp-")
                        ? timestamps(name.substring("local-timestamp-".length())) : null;
            default:
                return null;
        }
    }

    /** Whether the file value is of the Avro type with no logical type on it. */
    private static boolean plain(Schema file, Schema.Type type) {
        return file.getType() == type && file.getLogicalType() == null;
    }

    private static Built integers(Schema.Type type) {
        Longs v = new Longs(0);
        return new Built(type == Schema.Type.INT ? AvroValueReaders.ints(v) : AvroValueReaders.longs(v), v);
    }

    private static Built bytes(int fileScale) {
        Bytes v = new Bytes(fileScale);
        return new Built(AvroValueReaders.bytes(v), v);
    }

    private static Built timestamps(String unit) {
        TimeUnit timeUnit = switch (unit) {
            case "millis" -> TimeUnit.MILLIS;
            case "micros" -> TimeUnit.MICROS;
            case "nanos" -> TimeUnit.NANOS;
            default -> null;
        };
        if (timeUnit == null) {
            return null;
        }
        Timestamps v = new Timestamps();
        return new Built(AvroValueReaders.timestamps(v, timeUnit), v);
    }

    /** A decimal (or an integer) read as a DECIMAL with at least its integer digits and scale, or null. */
    private static Built decimal(Schema file, AtomicType read) {
        int integerDigits = read.precision() - read.scale();
        if (plain(file, Schema.Type.INT) || plain(file, Schema.Type.LONG)) {
            return integerDigits >= (file.getType() == Schema.Type.INT ? 10 : 19) ? integers(file.getType()) : null;
        }
        if (file.getType() != Schema.Type.BYTES || !(file.getLogicalType() instanceof LogicalTypes.Decimal d)) {
            return null;
        }
        if (read.scale() < d.getScale() || integerDigits < d.getPrecision() - d.getScale()) {
            return null;
        }
        if (d.getPrecision() <= Decimal.MAX_COMPACT_PRECISION) {
            Longs v = new Longs(d.getScale());
            return new Built(AvroValueReaders.compactDecimal(v), v);
        }
        return bytes(d.getScale());
    }

    /** The index of the one non-null branch of a union of null and one type; fails for other unions. */
    private static int nonNullBranch(Schema union, String column) {
        List<Schema> branches = union.getTypes();
        if (branches.size() == 2) {
            if (branches.get(0).getType() == Schema.Type.NULL && branches.get(1).getType() != Schema.Type.NULL) {
                return 1;
            }
            if (branches.get(1).getType() == Schema.Type.NULL && branches.get(0).getType() != Schema.Type.NULL) {
                return 0;
            }
        }
        throw new IllegalArgumentException((column.startsWith("the ") ? column : "column '" + column + "'")
                + " is the Avro union " + union + "; only a union of null and one type is read");
    }

    private static IllegalArgumentException incompatible(String column, Schema file, DataType read) {
        return new IllegalArgumentException("column '" + column + "' is stored as Avro " + file
                + ", which cannot be read as " + read.asSqlString());
    }
}
