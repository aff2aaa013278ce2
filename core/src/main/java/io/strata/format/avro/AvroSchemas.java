package io.strata.format.avro;

import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import io.strata.types.TypeRoot;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;

/**
 * The Avro schema of a data file, derived from its row type the way Apache Paimon 1.4.2 derives it, so
 * that Paimon's Avro reader reads Strata's files and the two writers produce the same schema text:
 *
 * <ul>
 *   <li>a nullable type is the union {@code ["null", T]}; a nullable record field defaults to null;
 *   <li>TINYINT, SMALLINT, INT are {@code int}; DATE is {@code int} with logical type {@code date}; TIME
 *       (precision 0..3) is {@code int} {@code time-millis};
 *   <li>TIMESTAMP(0..3) is {@code long} {@code timestamp-millis}, (4..6) {@code timestamp-micros};
 *       TIMESTAMP WITH LOCAL TIME ZONE the same with {@code local-timestamp-millis}/{@code -micros};
 *   <li>DECIMAL(p, s) is {@code bytes} with logical type {@code decimal} (any precision);
 *   <li>CHAR/VARCHAR are {@code string}, BINARY/VARBINARY {@code bytes};
 *   <li>ROW is a record named after the enclosing record and the field ({@code record_<field>}, nested
 *       rows append {@code _<field>} again) in namespace {@code org.apache.paimon.avro.generated};
 *       array elements and string-keyed map values take the record name of their column;
 *   <li>MAP and MULTISET with a CHAR/VARCHAR key are Avro maps (a MULTISET's counts are nullable ints);
 *       other keys make an array of {@code {key, value}} records marked with the logical type
 *       {@code map} (Iceberg's convention).
 * </ul>
 *
 * <p>Field ids are not stored: Paimon's Avro files have none (a reader matches fields by name).
 * Types Paimon cannot put in an Avro file are refused naming the column: TIMESTAMP and TIMESTAMP WITH
 * LOCAL TIME ZONE of precision 7..9, TIME of precision 4..9 (Paimon's converter refuses them), and
 * MULTISET of a non-string element (Paimon's converter accepts it but its writer and reader fail on it).
 */
final class AvroSchemas {

    /** The name of a file's top-level record, nested records are named after it. */
    static final String RECORD_NAME = "org.apache.paimon.avro.generated.record";

    /** The logical type name Paimon puts on an array that holds a map with non-string keys. */
    static final String MAP_LOGICAL_TYPE = "map";

    /** The Avro fields of a map stored as an array of entries. */
    static final String KEY = "key";
    static final String VALUE = "value";

    private AvroSchemas() {}

    /** The schema of a file of this row type; fails naming the first column Avro cannot hold. */
    static Schema fileSchema(RowType fileType) {
        return convert(fileType, RECORD_NAME, null);
    }

    /** Fails, naming the column and its type, if a file of this row type cannot be written as Avro. */
    static void check(RowType rowType) {
        fileSchema(rowType);
    }

    /**
     * @param recordName the name a record made for this type gets
     * @param column the column (dotted path) being converted, null for the top-level row
     */
    private static Schema convert(DataType type, String recordName, String column) {
        Schema schema = switch (type.root()) {
            case BOOLEAN -> Schema.create(Schema.Type.BOOLEAN);
            case TINYINT, SMALLINT, INT -> Schema.create(Schema.Type.INT);
            case BIGINT -> Schema.create(Schema.Type.LONG);
            case FLOAT -> Schema.create(Schema.Type.FLOAT);
            case DOUBLE -> Schema.create(Schema.Type.DOUBLE);
            case CHAR, VARCHAR -> Schema.create(Schema.Type.STRING);
            case BINARY, VARBINARY -> Schema.create(Schema.Type.BYTES);
            case DATE -> LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
            case TIME -> time((AtomicType) type, column);
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> timestamp((AtomicType) type, column);
            case DECIMAL -> {
                AtomicType decimal = (AtomicType) type;
                yield LogicalTypes.decimal(decimal.precision(), decimal.scale())
                        .addToSchema(Schema.create(Schema.Type.BYTES));
            }
            case ROW -> record((RowType) type, recordName, column);
            case ARRAY -> Schema.createArray(convert(((ArrayType) type).element(), recordName, element(column)));
            case MAP -> map(((MapType) type).key(), ((MapType) type).value(), recordName, column);
            case MULTISET -> multiset((MultisetType) type, recordName, column);
        };
        return type.nullable() ? Schema.createUnion(Schema.create(Schema.Type.NULL), schema) : schema;
    }

    private static Schema time(AtomicType type, String column) {
        if (type.precision() > 3) {
            throw unsupported(column, type, "Avro stores TIME as milliseconds of the day (time-millis):"
                    + " precision 0..3 only");
        }
        return LogicalTypes.timeMillis().addToSchema(Schema.create(Schema.Type.INT));
    }

    private static Schema timestamp(AtomicType type, String column) {
        boolean local = type.root() == TypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE;
        if (type.precision() <= 3) {
            return (local ? LogicalTypes.localTimestampMillis() : LogicalTypes.timestampMillis())
                    .addToSchema(Schema.create(Schema.Type.LONG));
        }
        if (type.precision() <= 6) {
            return (local ? LogicalTypes.localTimestampMicros() : LogicalTypes.timestampMicros())
                    .addToSchema(Schema.create(Schema.Type.LONG));
        }
        throw unsupported(column, type, "Paimon's Avro files store timestamps as milliseconds or microseconds:"
                + " precision 0..6 only");
    }

    private static Schema record(RowType row, String recordName, String column) {
        SchemaBuilder.FieldAssembler<Schema> fields = SchemaBuilder.record(recordName).fields();
        for (DataField field : row.fields()) {
            String path = column == null ? field.name() : column + "." + field.name();
            Schema fieldSchema = convert(field.type(), recordName + "_" + field.name(), path);
            SchemaBuilder.GenericDefault<Schema> typed;
            try {
                typed = fields.name(field.name()).type(fieldSchema);
            } catch (RuntimeException e) {
                // Avro names are [A-Za-z_][A-Za-z0-9_]*; Paimon's writer fails on other names the same way.
                throw new IllegalArgumentException("Column '" + path + "' cannot be a field of an Avro data file: "
                        + e.getMessage(), e);
            }
            fields = field.type().nullable() ? typed.withDefault(null) : typed.noDefault();
        }
        try {
            return fields.endRecord();
        } catch (RuntimeException e) {
            // Two records of one schema with the same name, e.g. ROW columns "a" with field "b_c" and "a_b" with "c".
            throw new IllegalArgumentException("The columns " + (column == null ? "" : "of '" + column + "' ")
                    + "cannot be an Avro schema: " + e.getMessage(), e);
        }
    }

    private static Schema map(DataType key, DataType value, String recordName, String column) {
        if (key.root().isCharacterString()) {
            // Avro's own maps have string keys; the values take the column's record name.
            return Schema.createMap(convert(value, recordName, value(column)));
        }
        SchemaBuilder.FieldAssembler<Schema> entry = SchemaBuilder.record(recordName).fields()
                .name(KEY).type(convert(key, recordName + "_" + KEY, key(column))).noDefault();
        SchemaBuilder.GenericDefault<Schema> valueField =
                entry.name(VALUE).type(convert(value, recordName + "_" + VALUE, value(column)));
        Schema entries = (value.nullable() ? valueField.withDefault(null) : valueField.noDefault()).endRecord();
        Schema array = Schema.createArray(entries);
        // A name only: Avro knows no such logical type and ignores it; Paimon and Iceberg read it as a map.
        array.addProp(LogicalType.LOGICAL_TYPE_PROP, MAP_LOGICAL_TYPE);
        return array;
    }

    private static Schema multiset(MultisetType multiset, String recordName, String column) {
        if (!multiset.element().root().isCharacterString()) {
            // Paimon's converter makes an array of {key, value} records, but its Avro writer and reader
            // cast the type to ARRAY and fail (ClassCastException): no such file can exist.
            throw unsupported(column, multiset, "Paimon's Avro writer and reader handle MULTISET only with a"
                    + " CHAR/VARCHAR element");
        }
        // The count of each element, as a nullable INT (Paimon's MULTISET value type).
        return map(multiset.element(), DataTypes.INT(), recordName, column);
    }

    private static String element(String column) {
        return column + ".element";
    }

    private static String key(String column) {
        return column + ".key";
    }

    private static String value(String column) {
        return column + ".value";
    }

    private static IllegalArgumentException unsupported(String column, DataType type, String reason) {
        return new IllegalArgumentException("Column '" + column + "' has type " + type.asSqlString()
                + ", which an Avro data file cannot hold (" + reason + ")");
    }
}
