package io.strata.cli.hive;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits HiveQL text into statements on {@code ;}, except inside quotes ({@code '...'}, {@code "..."},
 * {@code `...`}) and comments ({@code -- ...} to the end of the line). Empty statements are dropped.
 */
public final class SqlScript {

    private SqlScript() {}

    /** The statements of {@code text}, trimmed, without their {@code ;}. */
    public static List<String> split(String text) {
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                current.append(c);
                if (c == '\\' && quote != '`' && i + 1 < text.length()) {
                    current.append(text.charAt(++i));
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '-' && i + 1 < text.length() && text.charAt(i + 1) == '-') {
                // A comment: skip to the end of the line (the newline itself is kept as a separator).
                while (i + 1 < text.length() && text.charAt(i + 1) != '\n') {
                    i++;
                }
            } else if (c == ';') {
                add(statements, current);
            } else {
                if (c == '\'' || c == '"' || c == '`') {
                    quote = c;
                }
                current.append(c);
            }
        }
        add(statements, current);
        return statements;
    }

    /** Whether {@code text} ends a statement: a {@code ;} outside quotes and comments, then only blanks. */
    public static boolean isComplete(String text) {
        String trimmed = stripComments(text).strip();
        return trimmed.endsWith(";");
    }

    private static String stripComments(String text) {
        StringBuilder s = new StringBuilder();
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote == 0 && c == '-' && i + 1 < text.length() && text.charAt(i + 1) == '-') {
                while (i + 1 < text.length() && text.charAt(i + 1) != '\n') {
                    i++;
                }
                continue;
            }
            if (quote == 0 && (c == '\'' || c == '"' || c == '`')) {
                quote = c;
            } else if (quote != 0 && c == quote) {
                quote = 0;
            }
            // An unterminated quote is never complete: hide its ';' from the caller.
            s.append(quote != 0 && c == ';' ? ' ' : c);
        }
        return s.toString();
    }

    private static void add(List<String> statements, StringBuilder current) {
        String statement = current.toString().strip();
        if (!statement.isEmpty()) {
            statements.add(statement);
        }
        current.setLength(0);
    }
}
