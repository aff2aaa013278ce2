package io.strata.lsm.mergeengine.aggregate;

import io.strata.data.Utf8String;
import io.strata.types.DataType;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code listagg} of a STRING field: joins non-null, non-empty values with the delimiter
 * ({@code fields.<f>.list-agg-delimiter}, default {@code ,}). With {@code fields.<f>.distinct} the
 * tokens of a new value (split on the whole delimiter) that the accumulator already holds, or that are
 * empty, are skipped; the accumulator itself is kept as it is. Cannot retract.
 */
final class ListaggAggregator extends FieldAggregator {

    private final byte[] delimiter;
    private final boolean distinct;

    ListaggAggregator(String field, DataType type, String delimiter, boolean distinct) {
        super("listagg", field, type);
        this.delimiter = Utf8String.fromString(delimiter).toBytes();
        this.distinct = distinct;
    }

    @Override
    public Object agg(Object accumulator, Object input) {
        if (accumulator == null || input == null) {
            return accumulator == null ? input : accumulator;
        }
        byte[] acc = ((Utf8String) accumulator).toBytes();
        byte[] in = ((Utf8String) input).toBytes();
        if (in.length == 0) {
            return accumulator;
        }
        if (acc.length == 0) {
            return input;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(acc.length + delimiter.length + in.length);
        out.writeBytes(acc);
        if (!distinct) {
            out.writeBytes(delimiter);
            out.writeBytes(in);
            return Utf8String.fromBytes(out.toByteArray());
        }
        Set<String> seen = new HashSet<>();
        for (byte[] token : split(acc)) {
            seen.add(Arrays.toString(token));
        }
        boolean added = false;
        for (byte[] token : split(in)) {
            if (token.length == 0 || !seen.add(Arrays.toString(token))) {
                continue;
            }
            out.writeBytes(delimiter);
            out.writeBytes(token);
            added = true;
        }
        return added ? Utf8String.fromBytes(out.toByteArray()) : accumulator;
    }

    /** Splits on the whole delimiter keeping empty tokens (a space when the delimiter is empty). */
    private List<byte[]> split(byte[] s) {
        byte[] sep = delimiter.length == 0 ? new byte[] {' '} : delimiter;
        List<byte[]> tokens = new ArrayList<>();
        if (s.length == 0) {
            return tokens;
        }
        int begin = 0;
        while (true) {
            int at = indexOf(s, sep, begin);
            if (at < 0) {
                tokens.add(Arrays.copyOfRange(s, begin, s.length));
                return tokens;
            }
            tokens.add(Arrays.copyOfRange(s, begin, at));
            begin = at + sep.length;
        }
    }

    private static int indexOf(byte[] s, byte[] sep, int from) {
        outer:
        for (int i = from; i <= s.length - sep.length; i++) {
            for (int j = 0; j < sep.length; j++) {
                if (s[i + j] != sep[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
