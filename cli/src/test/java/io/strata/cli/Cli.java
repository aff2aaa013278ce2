package io.strata.cli;

import io.strata.catalog.Tables;
import io.strata.data.CloseableIterator;
import io.strata.data.Row;
import io.strata.data.RowValues;
import io.strata.fs.FileIO;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.Table;
import io.strata.table.TableRead;
import io.strata.types.RowType;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/** Runs strata commands in-process with captured output, and reads tables back through core. */
final class Cli {

    /** What a command printed and returned. */
    record Result(int exitCode, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- out\n" + out + "--- err\n" + err;
        }
    }

    private Cli() {}

    static Result run(String... args) {
        CommandLine cl = StrataCommand.newCommandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    /** Runs with {@code stdin} as standard input. */
    static Result runWithStdin(String stdin, String... args) {
        InputStream saved = System.in;
        System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
        try {
            return run(args);
        } finally {
            System.setIn(saved);
        }
    }

    static Table table(Path warehouse, String db, String name) {
        return Tables.load(FileIO.local(),
                new org.apache.hadoop.fs.Path(warehouse.resolve(db + ".db").resolve(name).toUri()));
    }

    /** The merged rows of the latest snapshot as "v1 | v2 | ..." strings, sorted. */
    static List<String> rows(Table table) {
        Plan plan = table.newScan().plan();
        RowType type = plan.readType();
        TableRead read = table.newRead(plan);
        List<String> lines = new ArrayList<>();
        for (Split split : plan.splits()) {
            try (CloseableIterator<Row> it = read.open(split)) {
                while (it.hasNext()) {
                    Row r = it.next();
                    List<String> cells = new ArrayList<>();
                    for (int i = 0; i < type.fieldCount(); i++) {
                        cells.add(String.valueOf(RowValues.get(r, i, type.typeAt(i))));
                    }
                    lines.add(String.join(" | ", cells));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        lines.sort(null);
        return lines;
    }

    static int snapshotCount(Table table) {
        return table.snapshots().snapshots().size();
    }
}
