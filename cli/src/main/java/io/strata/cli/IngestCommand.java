package io.strata.cli;

import io.strata.cli.ingest.CsvRecordReader;
import io.strata.cli.ingest.DebeziumRecordReader;
import io.strata.cli.ingest.EpochUnit;
import io.strata.cli.ingest.IngestBatches;
import io.strata.cli.ingest.IngestProgress;
import io.strata.cli.ingest.InputRecord;
import io.strata.cli.ingest.JsonRecordReader;
import io.strata.cli.ingest.RecordException;
import io.strata.cli.ingest.RecordReader;
import io.strata.cli.ingest.RejectFile;
import io.strata.cli.ingest.RowConverter;
import io.strata.cli.ingest.ValueConverter;
import io.strata.table.CommitCallbackException;
import io.strata.table.CommitStateUnknownException;
import io.strata.table.Table;
import java.io.File;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code strata ingest}: writes change data from files or standard input (CSV, JSON lines, Debezium JSON)
 * into a table, in batches that each commit atomically. A malformed record is reported as
 * {@code <input>:<line>: <reason>}; with {@code --on-error fail} (default) the ingest stops without
 * committing the open batch, with {@code --on-error reject} the record goes to the reject file and the
 * ingest goes on. Exit codes: 0 done (rejects included), 1 stopped by a bad record or a failed write,
 * 2 bad arguments or no such table, 3 done but a commit callback failed, 4 stopped by a commit whose
 * outcome is unknown.
 */
@Command(name = "ingest", mixinStandardHelpOptions = true,
        description = "Write change data (CSV, JSON lines, Debezium JSON) from files or standard input into a table; "
                + "each batch commits atomically.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  strata ingest --warehouse /lake --table shop.orders --format csv orders.csv",
            "  strata ingest --warehouse /lake --table shop.orders --format json --op-column op changes.jsonl",
            "  kafkacat -C -t db.shop.orders -e | strata ingest --path /lake/shop.db/orders --format debezium -",
            "  strata ingest --warehouse /lake --table shop.orders --format csv --batch-size 100000 \\",
            "      --on-error reject --reject-file rejects.csv big-1.csv big-2.csv",
            "",
            "Exit codes: 0 ingested (rejected records included), 1 stopped by a bad record or a failed write"
                    + " (the open batch is not committed), 2 bad arguments or no such table, 3 ingested but a"
                    + " commit callback (the metastore sync) failed, 4 stopped by a commit whose outcome is unknown."})
final class IngestCommand extends TableCommand {

    /** The input formats. */
    enum Format { CSV, JSON, DEBEZIUM }

    /** What a malformed record does. */
    enum OnError { FAIL, REJECT }

    private static final String STDIN = "-";

    @Mixin
    TableAddress address;

    @Option(names = "--format", required = true, paramLabel = "<format>",
            description = "Input format: csv (with a header), json (one object per line), debezium "
                    + "(Debezium change events, one per line).")
    Format format;

    @Parameters(arity = "1..*", paramLabel = "<input>", description = "Input files, or - for standard input.")
    List<String> inputs;

    @Option(names = "--batch-size", paramLabel = "<records>", defaultValue = "0",
            description = "Input records per commit (default: the whole input in one commit).")
    long batchSize;

    @Option(names = "--on-error", paramLabel = "fail|reject", defaultValue = "fail",
            description = "On a malformed record: fail (stop; the open batch is not committed) or reject (write it to "
                    + "--reject-file and go on). Default: ${DEFAULT-VALUE}.")
    OnError onError;

    @Option(names = "--reject-file", paramLabel = "<file>", description = "Where rejected records go (--on-error reject).")
    Path rejectFile;

    @Option(names = "--op-column", paramLabel = "<name>",
            description = "csv/json: column holding each row's kind, +I, +U, -U or -D (default: every row upserts).")
    String opColumn;

    @Option(names = "--delimiter", paramLabel = "<char>", defaultValue = ",",
            description = "csv: field delimiter, one character or 'tab' (default: ${DEFAULT-VALUE}).")
    String delimiter;

    @Option(names = "--null-string", paramLabel = "<text>", defaultValue = "",
            description = "csv: a field equal to this is null (default: the empty field).")
    String nullString;

    @Option(names = "--ignore-unknown", description = "Skip input fields that are not columns of the table "
            + "(default: such a field is an error).")
    boolean ignoreUnknown;

    @Option(names = "--epoch-unit", paramLabel = "<unit>", defaultValue = "auto",
            description = "Unit of timestamps and times given as numbers: auto, millis, micros or nanos "
                    + "(default: ${DEFAULT-VALUE}, guessed from the magnitude).")
    EpochUnit epochUnit;

    @Option(names = "--no-progress", description = "Never draw the progress bar (drawn on stderr only on a terminal).")
    boolean noProgress;

    private PrintWriter out;
    private PrintWriter err;

    @Override
    int run() throws IOException {
        out = out();
        err = err();
        validate();
        Table table = address.load();
        RowConverter rows = new RowConverter(table.schema().rowType(), table.schema().primaryKeys(),
                new ValueConverter(epochUnit, format == Format.DEBEZIUM), ignoreUnknown);
        IngestRun run = new IngestRun();
        try (IngestBatches batches = new IngestBatches(table, batchSize);
                RejectFile rejects = rejectFile == null ? null : new RejectFile(rejectFile)) {
            boolean done;
            // The bar is closed before the summary, so the summary starts on a line of its own.
            try (IngestProgress progress = progress()) {
                done = ingestAll(rows, batches, rejects, progress, run);
            }
            if (!done) {
                return failed(batches, run);
            }
            summary(batches, rejects, run);
            return reportCallbackFailures(batches) ? COMMITTED_CALLBACK_FAILED : 0;
        } finally {
            out.flush();
            err.flush();
        }
    }

    /** Reads every input and commits the last batch; false if the ingest stopped. */
    private boolean ingestAll(RowConverter rows, IngestBatches batches, RejectFile rejects, IngestProgress progress,
            IngestRun run) {
        for (String input : inputs) {
            if (!ingest(input, rows, batches, rejects, progress, run)) {
                return false;
            }
        }
        try {
            batches.finish();
            return true;
        } catch (CommitStateUnknownException e) {
            err.printf("UNKNOWN whether the last batch was committed to %s: %s%n", address.displayName(),
                    e.getMessage());
            run.unknown = true;
            return false;
        } catch (RuntimeException e) {
            err.printf("FAILED committing to %s: %s%n", address.displayName(), e.getMessage());
            return false;
        }
    }

    /** Counts over all inputs, and where a failure happened. */
    private static final class IngestRun {
        long records;
        long skipped;
        long rejected;
        String failedAt;
        /** The commit that stopped the ingest may have landed. */
        boolean unknown;
    }

    /** Reads one input to its end; false if a record or write stopped the ingest. */
    private boolean ingest(String input, RowConverter rows, IngestBatches batches, RejectFile rejects,
            IngestProgress progress, IngestRun run) {
        String source = input.equals(STDIN) ? "<stdin>" : input;
        try (RecordReader reader = open(input, rows, progress)) {
            while (true) {
                InputRecord record;
                try {
                    record = reader.next();
                } catch (RecordException e) {
                    err.printf("%s:%d: %s%n", source, e.line(), e.getMessage());
                    if (onError == OnError.FAIL || e.fatal()) {
                        run.failedAt = source + ":" + e.line();
                        return false;
                    }
                    try {
                        rejects.write(reader.rejectHeader(), e.rejectText());
                    } catch (IOException io) {
                        err.printf("Cannot write reject file %s: %s%n", rejects.path(), io.getMessage());
                        run.failedAt = source + ":" + e.line();
                        return false;
                    }
                    run.rejected++;
                    continue;
                }
                if (record == null) {
                    return true;
                }
                run.records++;
                if (record.changes().isEmpty()) {
                    run.skipped++;
                    continue;
                }
                try {
                    batches.apply(record.changes());
                } catch (CommitStateUnknownException e) {
                    err.printf("%s:%d: UNKNOWN whether the batch was committed to %s: %s%n", source, record.line(),
                            address.displayName(), e.getMessage());
                    run.failedAt = source + ":" + record.line();
                    run.unknown = true;
                    return false;
                } catch (RuntimeException e) {
                    err.printf("%s:%d: writing to %s failed: %s%n", source, record.line(), address.displayName(),
                            e.getMessage());
                    run.failedAt = source + ":" + record.line();
                    return false;
                }
            }
        } catch (RecordException e) {
            // The reader could not start: a CSV without header or with an unknown column in it.
            err.printf("%s:%d: %s%n", source, e.line(), e.getMessage());
            run.failedAt = source + ":" + e.line();
            return false;
        } catch (IOException e) {
            err.printf("%s: cannot read: %s%n", source, e.getMessage());
            run.failedAt = source;
            return false;
        }
    }

    private RecordReader open(String input, RowConverter rows, IngestProgress progress)
            throws IOException, RecordException {
        InputStream in = input.equals(STDIN) ? nonClosing(System.in) : Files.newInputStream(Path.of(input));
        // Strict: a malformed byte fails the read (RecordException.NOT_UTF8) instead of becoming U+FFFD in the table.
        Reader reader = new InputStreamReader(progress.track(in), StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT));
        return switch (format) {
            case CSV -> new CsvRecordReader(reader, delimiterChar(), nullString, rows, opColumn);
            case JSON -> new JsonRecordReader(reader, rows, opColumn);
            case DEBEZIUM -> new DebeziumRecordReader(reader, rows);
        };
    }

    private int failed(IngestBatches batches, IngestRun run) {
        List<Long> ids = batches.snapshotIds();
        reportCallbackFailures(batches);
        err.printf("FAILED: ingest into %s stopped%s; the open batch (%d record(s)) %s. "
                        + "Committed before: %d commit(s)%s, %d upserted, %d deleted.%n",
                address.displayName(), run.failedAt == null ? "" : " at " + run.failedAt, batches.pendingRecords(),
                run.unknown ? "may or may not have been committed" : "was not committed",
                ids.size(), ids.isEmpty() ? "" : " (snapshots " + join(ids) + ")", batches.upserted(),
                batches.deleted());
        return run.unknown ? COMMIT_STATE_UNKNOWN : 1;
    }

    /** Commits that landed but whose callbacks failed; true if there were any. */
    private boolean reportCallbackFailures(IngestBatches batches) {
        for (CommitCallbackException e : batches.callbackFailures()) {
            err.printf("WARNING: %s%n", e.getMessage());
        }
        return !batches.callbackFailures().isEmpty();
    }

    private void summary(IngestBatches batches, RejectFile rejects, IngestRun run) {
        out.printf("Ingested %d record(s) into %s: %d upserted, %d deleted, %d rejected%s, %d skipped%n",
                run.records + run.rejected, address.displayName(), batches.upserted(), batches.deleted(), run.rejected,
                run.rejected > 0 ? " (to " + rejects.path() + ")" : "", run.skipped);
        List<Long> ids = batches.snapshotIds();
        out.printf("%d commit(s)%s%n", ids.size(), ids.isEmpty() ? "" : ": snapshot(s) " + join(ids));
    }

    private IngestProgress progress() {
        if (noProgress || !IngestProgress.terminalAttached()) {
            return IngestProgress.none();
        }
        long total = 0;
        for (String input : inputs) {
            if (input.equals(STDIN)) {
                return IngestProgress.start(-1);
            }
            total += new File(input).length();
        }
        return IngestProgress.start(total);
    }

    /** Argument checks picocli cannot express; each is a usage error (exit 2) naming the value. */
    private void validate() {
        address.validate();
        if (batchSize < 0) {
            throw usage("Invalid --batch-size " + batchSize + ": give a positive number of records (or 0 for one commit)");
        }
        if (onError == OnError.REJECT && rejectFile == null) {
            throw usage("--on-error reject needs --reject-file <file>");
        }
        if (onError == OnError.FAIL && rejectFile != null) {
            throw usage("--reject-file is used with --on-error reject only");
        }
        if (rejectFile != null && !Files.isDirectory(rejectFile.toAbsolutePath().getParent())) {
            throw usage("Cannot write --reject-file " + rejectFile + ": its directory does not exist");
        }
        if (format != Format.CSV && (!delimiter.equals(",") || !nullString.isEmpty())) {
            throw usage("--delimiter and --null-string apply to --format csv only");
        }
        if (format == Format.DEBEZIUM && opColumn != null) {
            throw usage("--op-column applies to csv and json: Debezium events carry their own 'op'");
        }
        delimiterChar();
        long stdin = inputs.stream().filter(STDIN::equals).count();
        if (stdin > 1) {
            throw usage("Standard input (-) can be read once only");
        }
        for (String input : inputs) {
            // Not only regular files: named pipes and /dev/fd/N (shell process substitution) are inputs too.
            if (!input.equals(STDIN) && (!Files.isReadable(Path.of(input)) || Files.isDirectory(Path.of(input)))) {
                throw usage("Input file " + input + " does not exist, is not readable or is a directory");
            }
        }
    }

    private char delimiterChar() {
        if (delimiter.equalsIgnoreCase("tab") || delimiter.equals("\\t")) {
            return '\t';
        }
        if (delimiter.length() != 1 || delimiter.charAt(0) == '"' || delimiter.charAt(0) == '\n'
                || delimiter.charAt(0) == '\r') {
            throw usage("Invalid --delimiter '" + delimiter + "': give one character other than a quote or a line break,"
                    + " or 'tab'");
        }
        return delimiter.charAt(0);
    }

    private static InputStream nonClosing(InputStream in) {
        return new FilterInputStream(in) {
            @Override
            public void close() {
                // Standard input belongs to the process, not to this reader.
            }
        };
    }

    private static String join(List<Long> ids) {
        return String.join(", ", ids.stream().map(String::valueOf).toList());
    }

}
