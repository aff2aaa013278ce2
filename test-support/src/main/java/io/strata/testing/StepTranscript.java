package io.strata.testing;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a second JVM reports of the steps it ran, written by the child and read back by the test.
 *
 * <p>The file: header lines {@code @<name>\t<value>} (facts about the run: start-up time, which jar a class
 * came from), then per step {@code @step\t<step>}, the step's output lines, and {@code @ok\t<millis>} or
 * {@code @error\t<message with causes>}. A failed step does not end the run: the test asserts on failures
 * too, and needs their text.
 */
public final class StepTranscript implements AutoCloseable {

    /** The work of one step: its output lines. */
    @FunctionalInterface
    public interface Step {
        List<String> run() throws Exception;
    }

    private final PrintWriter out;

    private StepTranscript(PrintWriter out) {
        this.out = out;
    }

    /** A transcript written to {@code file} (child side). */
    public static StepTranscript create(Path file) throws IOException {
        return new StepTranscript(new PrintWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8)));
    }

    /** Records a fact about the run. */
    public void header(String name, Object value) {
        out.println("@" + name + "\t" + value);
        out.flush();
    }

    /** Runs one step and records its output and time, or its failure. */
    public void step(String name, Step step) {
        out.println("@step\t" + name);
        long began = System.nanoTime();
        try {
            for (String line : step.run()) {
                out.println(line);
            }
            out.println("@ok\t" + (System.nanoTime() - began) / 1_000_000);
        } catch (Exception | LinkageError e) {
            out.println("@error\t" + describe(e));
        }
        out.flush();
    }

    @Override
    public void close() {
        out.close();
    }

    /** The message of {@code t} and of every cause, on one line. */
    public static String describe(Throwable t) {
        StringBuilder text = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (text.length() > 0) {
                text.append(" <- ");
            }
            text.append(c.getClass().getName()).append(": ").append(c.getMessage());
        }
        return text.toString().replace('\n', ' ').replace('\r', ' ');
    }

    /**
     * A transcript read back (parent side): the headers, and per step its output, its time or its error.
     * {@code log} is the tail of the child's console output, for failure messages.
     */
    public record Parsed(Map<String, String> headers, Map<String, List<String>> output, Map<String, String> errors,
                         Map<String, Long> millis, String log) {

        /** The output of a step that must have succeeded; {@code who} names the child in the failure. */
        public List<String> outputOf(String step, String who) {
            if (errors.containsKey(step)) {
                throw new AssertionError(who + " failed '" + step + "': " + errors.get(step) + "\nits log:\n" + log);
            }
            List<String> lines = output.get(step);
            if (lines == null) {
                throw new AssertionError(who + " never ran '" + step + "'; its log:\n" + log);
            }
            return lines;
        }

        /** A numeric header, or -1 when the child did not write it. */
        public long longHeader(String name) {
            String value = headers.get(name);
            return value == null ? -1 : Long.parseLong(value);
        }
    }

    /** Reads a transcript's lines. */
    public static Parsed parse(List<String> lines, String log) {
        Map<String, String> headers = new LinkedHashMap<>();
        Map<String, List<String>> output = new LinkedHashMap<>();
        Map<String, String> errors = new LinkedHashMap<>();
        Map<String, Long> millis = new LinkedHashMap<>();
        String current = null;
        List<String> currentLines = null;
        for (String line : lines) {
            int tab = line.indexOf('\t');
            String tag = line.startsWith("@") && tab > 0 ? line.substring(1, tab) : null;
            String value = tag == null ? null : line.substring(tab + 1);
            if (tag == null) {
                if (currentLines != null) {
                    currentLines.add(line);
                }
            } else if (tag.equals("step")) {
                current = value;
                currentLines = new ArrayList<>();
            } else if (tag.equals("ok") && current != null) {
                output.put(current, currentLines);
                millis.put(current, Long.parseLong(value));
            } else if (tag.equals("error") && current != null) {
                errors.put(current, value);
            } else if (current == null) {
                headers.put(tag, value);
            } else {
                // A header after the steps (e.g. peak heap at the end), or a row that looks like one.
                if (currentLines != null && !output.containsKey(current) && !errors.containsKey(current)) {
                    currentLines.add(line);
                } else {
                    headers.put(tag, value);
                }
            }
        }
        return new Parsed(headers, output, errors, millis, log);
    }
}
