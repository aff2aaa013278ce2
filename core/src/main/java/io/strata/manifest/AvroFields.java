package io.strata.manifest;

import io.strata.data.BinaryRow;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;

/**
 * Reads fields of a generic Avro record by name, as Paimon does: a field the writer did not have
 * reads as null (newer fields in older files), a field the reader does not know is never looked at.
 * A missing required field fails naming the field and the record.
 */
final class AvroFields {

    private AvroFields() {}

    /** The value of the named field, or null if the record's schema has no such field. */
    static Object get(GenericRecord record, String name) {
        Schema.Field field = record.getSchema().getField(name);
        return field == null ? null : record.get(field.pos());
    }

    static Object required(GenericRecord record, String name) {
        Object value = get(record, name);
        if (value == null) {
            throw new IllegalArgumentException("Required field " + name + " is missing or null in record "
                    + record.getSchema().getFullName());
        }
        return value;
    }

    static int requiredInt(GenericRecord record, String name) {
        return ((Number) required(record, name)).intValue();
    }

    static long requiredLong(GenericRecord record, String name) {
        return ((Number) required(record, name)).longValue();
    }

    static String requiredString(GenericRecord record, String name) {
        return required(record, name).toString();
    }

    static GenericRecord requiredRecord(GenericRecord record, String name) {
        return (GenericRecord) required(record, name);
    }

    static Integer optionalInt(GenericRecord record, String name) {
        Object value = get(record, name);
        return value == null ? null : ((Number) value).intValue();
    }

    static Long optionalLong(GenericRecord record, String name) {
        Object value = get(record, name);
        return value == null ? null : ((Number) value).longValue();
    }

    static String optionalString(GenericRecord record, String name) {
        Object value = get(record, name);
        return value == null ? null : value.toString();
    }

    static byte[] optionalBytes(GenericRecord record, String name) {
        Object value = get(record, name);
        return value == null ? null : bytes((ByteBuffer) value);
    }

    static byte[] requiredBytes(GenericRecord record, String name) {
        return bytes((ByteBuffer) required(record, name));
    }

    /** A list of strings, or null. */
    static List<String> optionalStrings(GenericRecord record, String name) {
        Object value = get(record, name);
        if (value == null) {
            return null;
        }
        Collection<?> items = (Collection<?>) value;
        List<String> out = new ArrayList<>(items.size());
        for (Object item : items) {
            if (item == null) {
                throw new IllegalArgumentException("Null element in " + name + " of record " + record.getSchema().getFullName());
            }
            out.add(item.toString());
        }
        return out;
    }

    static List<String> requiredStrings(GenericRecord record, String name) {
        List<String> out = optionalStrings(record, name);
        if (out == null) {
            throw new IllegalArgumentException("Required field " + name + " is missing or null in record "
                    + record.getSchema().getFullName());
        }
        return out;
    }

    /** A BinaryRow stored in its manifest form (4-byte big-endian arity, then the row). */
    static BinaryRow requiredRow(GenericRecord record, String name) {
        byte[] bytes = requiredBytes(record, name);
        try {
            return BinaryRow.fromBytesWithArity(bytes);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Field " + name + " is not a valid BinaryRow: " + e.getMessage(), e);
        }
    }

    static ByteBuffer row(BinaryRow row) {
        return ByteBuffer.wrap(row.toBytesWithArity());
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] out = new byte[buffer.remaining()];
        buffer.duplicate().get(out);
        return out;
    }
}
