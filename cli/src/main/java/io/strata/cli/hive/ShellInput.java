package io.strata.cli.hive;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * The lines the {@code strata sql} shell reads: at a terminal through JLine (prompt, line editing, history
 * kept in a file), otherwise plain lines of standard input without a prompt (pipes, files, tests).
 */
public interface ShellInput extends AutoCloseable {

    /** The next line, or null at the end of input. */
    String readLine(String prompt) throws IOException;

    @Override
    void close() throws IOException;

    /**
     * A JLine reader when this process has a terminal, else a plain reader of {@code in}.
     *
     * @param history where JLine keeps the shell's history
     */
    static ShellInput open(InputStream in, Path history) throws IOException {
        if (System.console() == null) {
            return plain(in);
        }
        Terminal terminal = TerminalBuilder.builder().system(true).build();
        LineReader reader = LineReaderBuilder.builder().terminal(terminal)
                .variable(LineReader.HISTORY_FILE, history)
                .build();
        return new ShellInput() {
            @Override
            public String readLine(String prompt) {
                try {
                    return reader.readLine(prompt);
                } catch (UserInterruptException e) {
                    // Ctrl-C drops the line being typed, as shells do; Ctrl-D (end of file) leaves.
                    return "";
                } catch (EndOfFileException e) {
                    return null;
                }
            }

            @Override
            public void close() throws IOException {
                reader.getHistory().save();
                terminal.close();
            }
        };
    }

    /** Lines of {@code in}, without prompts. */
    static ShellInput plain(InputStream in) {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        return new ShellInput() {
            @Override
            public String readLine(String prompt) throws IOException {
                return reader.readLine();
            }

            @Override
            public void close() {
                // Standard input belongs to the process.
            }
        };
    }
}
