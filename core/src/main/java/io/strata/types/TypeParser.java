package io.strata.types;

import io.strata.api.PublicApi;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Parses Paimon type strings such as {@code DECIMAL(38, 4) NOT NULL}, {@code TIMESTAMP(6) WITH LOCAL TIME ZONE}
 * or {@code MAP<STRING, ARRAY<INT>>}. Errors name the input and the position where parsing stopped.
 */
@PublicApi
public final class TypeParser {

    private final String input;
    private int pos;

    private TypeParser(String input) {
        this.input = input;
    }

    /** Parses one type string; fails with the string and the offending position. */
    public static DataType parse(String text) {
        TypeParser p = new TypeParser(text);
        DataType t = p.type();
        p.skipSpace();
        if (p.pos != text.length()) {
            throw p.error("unexpected text");
        }
        return t;
    }

    private DataType type() {
        int start = pos;
        try {
            return typeUnchecked();
        } catch (TypeSyntaxException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            // A type constructor rejected the parameters (e.g. DECIMAL(40, 2)): say which input it was.
            pos = start;
            throw error(e.getMessage());
        }
    }

    private DataType typeUnchecked() {
        String word = word().toUpperCase(Locale.ROOT);
        DataType t =
                switch (word) {
                    case "BOOLEAN" -> DataTypes.BOOLEAN();
                    case "TINYINT" -> DataTypes.TINYINT();
                    case "SMALLINT" -> DataTypes.SMALLINT();
                    case "INT", "INTEGER" -> DataTypes.INT();
                    case "BIGINT" -> DataTypes.BIGINT();
                    case "FLOAT" -> DataTypes.FLOAT();
                    case "DOUBLE" -> {
                        acceptWord("PRECISION");
                        yield DataTypes.DOUBLE();
                    }
                    case "DECIMAL", "NUMERIC", "DEC" -> {
                        int[] args = args(10, 0);
                        yield DataTypes.DECIMAL(args[0], args[1]);
                    }
                    case "CHAR", "CHARACTER" -> DataTypes.CHAR(args(1)[0]);
                    case "VARCHAR" -> DataTypes.VARCHAR(args(1)[0]);
                    case "STRING" -> DataTypes.STRING();
                    case "BINARY" -> DataTypes.BINARY(args(1)[0]);
                    case "VARBINARY" -> DataTypes.VARBINARY(args(1)[0]);
                    case "BYTES" -> DataTypes.BYTES();
                    case "DATE" -> DataTypes.DATE();
                    case "TIME" -> {
                        int p = args(0)[0];
                        acceptWords("WITHOUT", "TIME", "ZONE");
                        yield DataTypes.TIME(p);
                    }
                    case "TIMESTAMP" -> {
                        int p = args(6)[0];
                        if (acceptWords("WITH", "LOCAL", "TIME", "ZONE")) {
                            yield DataTypes.TIMESTAMP_LTZ(p);
                        }
                        acceptWords("WITHOUT", "TIME", "ZONE");
                        yield DataTypes.TIMESTAMP(p);
                    }
                    case "TIMESTAMP_LTZ" -> DataTypes.TIMESTAMP_LTZ(args(6)[0]);
                    case "ARRAY" -> {
                        expect('<');
                        DataType element = type();
                        expect('>');
                        yield DataTypes.ARRAY(element);
                    }
                    case "MULTISET" -> {
                        expect('<');
                        DataType element = type();
                        expect('>');
                        yield new MultisetType(element, true);
                    }
                    case "MAP" -> {
                        expect('<');
                        DataType key = type();
                        expect(',');
                        DataType value = type();
                        expect('>');
                        yield DataTypes.MAP(key, value);
                    }
                    case "ROW" -> rowBody();
                    default -> throw error("unknown type '" + word + "'");
                };
        if (acceptWords("NOT", "NULL")) {
            return t.withNullable(false);
        }
        acceptWord("NULL");
        return t;
    }

    private RowType rowBody() {
        expect('<');
        List<DataField> fields = new ArrayList<>();
        int id = 0;
        skipSpace();
        if (peek() != '>') {
            do {
                skipSpace();
                String name;
                if (peek() == '`') {
                    name = quotedName();
                } else {
                    name = word();
                }
                fields.add(new DataField(id++, name, type()));
                skipSpace();
            } while (accept(','));
        }
        expect('>');
        return new RowType(fields, true);
    }

    /** A `quoted` field name; a doubled backtick inside stands for one, as Paimon writes it. */
    private String quotedName() {
        int start = pos;
        pos++;
        StringBuilder name = new StringBuilder();
        while (true) {
            int end = input.indexOf('`', pos);
            if (end < 0) {
                pos = start;
                throw error("unterminated `name`");
            }
            name.append(input, pos, end);
            pos = end + 1;
            if (peek() != '`') {
                return name.toString();
            }
            name.append('`');
            pos++;
        }
    }

    private int[] args(int... defaults) {
        int[] values = defaults.clone();
        skipSpace();
        if (!accept('(')) {
            return values;
        }
        int i = 0;
        do {
            skipSpace();
            int start = pos;
            while (pos < input.length() && Character.isDigit(input.charAt(pos))) {
                pos++;
            }
            if (start == pos || i >= values.length) {
                throw error("expected a number");
            }
            long value = Long.parseLong(input.substring(start, Math.min(pos, start + 12)));
            if (pos - start > 10 || value > Integer.MAX_VALUE) {
                pos = start;
                throw error("number too large");
            }
            values[i++] = (int) value;
            skipSpace();
        } while (accept(','));
        expect(')');
        return values;
    }

    private String word() {
        skipSpace();
        int start = pos;
        while (pos < input.length() && (Character.isLetterOrDigit(input.charAt(pos)) || input.charAt(pos) == '_')) {
            pos++;
        }
        if (start == pos) {
            throw error("expected a type name");
        }
        return input.substring(start, pos);
    }

    private boolean acceptWords(String... words) {
        int saved = pos;
        for (String w : words) {
            if (!acceptWord(w)) {
                pos = saved;
                return false;
            }
        }
        return true;
    }

    private boolean acceptWord(String w) {
        skipSpace();
        int end = pos + w.length();
        if (end <= input.length()
                && input.regionMatches(true, pos, w, 0, w.length())
                && (end == input.length() || !Character.isLetterOrDigit(input.charAt(end)))) {
            pos = end;
            return true;
        }
        return false;
    }

    private boolean accept(char c) {
        skipSpace();
        if (pos < input.length() && input.charAt(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }

    private void expect(char c) {
        if (!accept(c)) {
            throw error("expected '" + c + "'");
        }
    }

    private char peek() {
        return pos < input.length() ? input.charAt(pos) : '\0';
    }

    private void skipSpace() {
        while (pos < input.length() && Character.isWhitespace(input.charAt(pos))) {
            pos++;
        }
    }

    private IllegalArgumentException error(String what) {
        return new TypeSyntaxException("Cannot parse type '" + input + "' at position " + pos + ": " + what);
    }

    /** A parse failure already naming the input and position; not wrapped again. */
    private static final class TypeSyntaxException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        TypeSyntaxException(String message) {
            super(message);
        }
    }
}
