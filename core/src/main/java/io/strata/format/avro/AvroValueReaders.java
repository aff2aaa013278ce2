package io.strata.format.avro;

import io.strata.format.avro.AvroVectors.Booleans;
import io.strata.format.avro.AvroVectors.Bytes;
import io.strata.format.avro.AvroVectors.Doubles;
import io.strata.format.avro.AvroVectors.Lists;
import io.strata.format.avro.AvroVectors.Longs;
import io.strata.format.avro.AvroVectors.Timestamps;
import io.strata.format.avro.AvroVectors.Vector;
import java.io.IOException;
import java.math.BigInteger;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.Decoder;

/**
 * Decoders of Avro binary values into {@link AvroVectors}: each {@link ValueReader} reads one value of its
 * file schema and appends it (or a null) as one slot of its vector. Values of file fields no read field
 * wants are skipped by their schema. A value that cannot be what its schema says (a negative or too long
 * length, an unknown union branch) fails the read: the block is corrupt.
 */
final class AvroValueReaders {

    private AvroValueReaders() {}

    /** Reads one value and appends it to its vector. */
    interface ValueReader {
        void read(Decoder in) throws IOException;
    }

    /** A union of null and one type: the branch index, then the value of the non-null branch. */
    static ValueReader nullable(int nullBranch, int valueBranch, ValueReader value, Vector vector) {
        return in -> {
            int branch = in.readIndex();
            if (branch == nullBranch) {
                vector.addNull();
            } else if (branch == valueBranch) {
                value.read(in);
            } else {
                throw new IOException("union branch " + branch + " does not exist (corrupt block)");
            }
        };
    }

    static ValueReader ints(Longs vector) {
        return in -> vector.addValue(in.readInt());
    }

    static ValueReader longs(Longs vector) {
        return in -> vector.addValue(in.readLong());
    }

    static ValueReader floats(Doubles vector) {
        return in -> vector.addValue(in.readFloat());
    }

    static ValueReader doubles(Doubles vector) {
        return in -> vector.addValue(in.readDouble());
    }

    static ValueReader booleans(Booleans vector) {
        return in -> vector.addValue(in.readBoolean());
    }

    /**
     * Strings, bytes and wide decimals: Avro writes each as its length and the bytes, which are copied
     * straight into the vector's buffer (no String, Utf8 or ByteBuffer per value).
     */
    static ValueReader bytes(Bytes vector) {
        return in -> {
            int length = length(in);
            int offset = vector.reserve(length);
            in.readFixed(vector.buffer(), offset, length);
            vector.commit(length);
        };
    }

    /**
     * A decimal of precision up to 18 as its unscaled long: Paimon writes the shortest two's complement
     * bytes; longer sign-extended forms (other writers) are accepted while the value fits a long.
     */
    static ValueReader compactDecimal(Longs vector) {
        byte[] scratch = new byte[16];
        return new ValueReader() {
            private byte[] bytes = scratch;

            @Override
            public void read(Decoder in) throws IOException {
                int length = length(in);
                if (length > bytes.length) {
                    bytes = new byte[length];
                }
                in.readFixed(bytes, 0, length);
                if (length == 0) {
                    throw new IOException("a decimal of no bytes (corrupt block)");
                }
                if (length <= 8) {
                    long v = bytes[0]; // sign-extended
                    for (int i = 1; i < length; i++) {
                        v = (v << 8) | (bytes[i] & 0xFF);
                    }
                    vector.addValue(v);
                } else {
                    try {
                        vector.addValue(new BigInteger(bytes, 0, length).longValueExact());
                    } catch (ArithmeticException e) {
                        throw new IOException("a decimal of the file's precision does not fit 18 digits (corrupt block)");
                    }
                }
            }
        };
    }

    /** Time units of Avro's timestamp logical types. */
    enum TimeUnit {
        MILLIS,
        MICROS,
        NANOS
    }

    static ValueReader timestamps(Timestamps vector, TimeUnit unit) {
        return switch (unit) {
            case MILLIS -> in -> vector.addValue(in.readLong(), 0);
            case MICROS -> in -> {
                long v = in.readLong();
                vector.addValue(Math.floorDiv(v, 1000L), (int) Math.floorMod(v, 1000L) * 1000);
            };
            case NANOS -> in -> {
                long v = in.readLong();
                vector.addValue(Math.floorDiv(v, 1_000_000L), (int) Math.floorMod(v, 1_000_000L));
            };
        };
    }

    /** An Avro array: blocks of items, each item one slot of the element vector. */
    static ValueReader array(Lists vector, ValueReader element) {
        return in -> {
            int offset = vector.elements().size;
            long count = 0;
            for (long n = in.readArrayStart(); n != 0; n = in.arrayNext()) {
                for (long i = 0; i < n; i++) {
                    element.read(in);
                }
                count += n;
            }
            vector.addValue(offset, checkedCount(count));
        };
    }

    /** An Avro map: blocks of string keys and values, into the key and the value vector. */
    static ValueReader map(Lists vector, ValueReader key, ValueReader value) {
        return in -> {
            int offset = vector.elements().size;
            long count = 0;
            for (long n = in.readMapStart(); n != 0; n = in.mapNext()) {
                for (long i = 0; i < n; i++) {
                    key.read(in);
                    value.read(in);
                }
                count += n;
            }
            vector.addValue(offset, checkedCount(count));
        };
    }

    /** The fields of a record in the file's order: a reader for each field read, a skip for the others. */
    static ValueReader record(ValueReader[] fields) {
        return in -> {
            for (ValueReader field : fields) {
                field.read(in);
            }
        };
    }

    /** Reads past a value no read field wants. */
    static ValueReader skip(Schema schema) {
        return in -> GenericDatumReader.skip(schema, in);
    }

    /**
     * The length before a string's or bytes' content. It cannot exceed what is left of the block (all of
     * which a binary decoder over a block holds): a larger one is corruption, caught before a buffer is
     * grown for it.
     */
    private static int length(Decoder in) throws IOException {
        long length = in.readLong();
        long left = in instanceof BinaryDecoder binary ? binary.inputStream().available() : Integer.MAX_VALUE;
        if (length < 0 || length > left) {
            throw new IOException("a value of " + length + " bytes where " + left + " are left (corrupt block)");
        }
        return (int) length;
    }

    private static int checkedCount(long count) throws IOException {
        if (count < 0 || count > Integer.MAX_VALUE) {
            throw new IOException("an array or map of " + count + " items (corrupt block)");
        }
        return (int) count;
    }
}
