package io.strata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.table.Table;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IngestCommandTest {

    @TempDir
    Path dir;

    private String wh;

    @BeforeEach
    void createTable() {
        wh = dir.resolve("lake").toString();
        Cli.Result r = Cli.run("create", "--warehouse", wh, "--table", "shop.orders", "--columns",
                "id BIGINT NOT NULL, name STRING, amount DECIMAL(10,2), dt STRING, paid BOOLEAN, "
                        + "day DATE, at TIMESTAMP(3)",
                "--primary-key", "dt,id", "--partition-by", "dt", "--option", "bucket=2");
        assertThat(r.exitCode()).as(r.toString()).isZero();
    }

    private Table table() {
        return Cli.table(dir.resolve("lake"), "shop", "orders");
    }

    private Path file(String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    private Cli.Result ingest(String... args) {
        List<String> all = new ArrayList<>(List.of("ingest", "--warehouse", wh, "--table", "shop.orders"));
        all.addAll(List.of(args));
        return Cli.run(all.toArray(String[]::new));
    }

    /**
     * A strict metastore sync that cannot reach its metastore fails every commit's callback after the
     * snapshot landed: ingest goes on, warns per commit and exits 3 (not 1, which would invite running it
     * again and writing the rows twice); compact says the same of its COMPACT snapshot.
     */
    @Test
    void commitsWhoseCallbackFailedCountAsCommittedAndExitWithThree() throws IOException {
        Cli.Result created = Cli.run("create", "--warehouse", wh, "--table", "shop.synced", "--columns",
                "id BIGINT NOT NULL, name STRING", "--primary-key", "id", "--option", "bucket=1",
                "--option", "metastore.sync.uri=thrift://127.0.0.1:1", "--option", "metastore.sync.strict=true",
                "--option", "metastore.sync.retry.max-attempts=1");
        assertThat(created.exitCode()).as(created.toString()).isZero();
        Path csv = file("synced.csv", "id,name\n1,a\n2,b\n");
        Cli.Result r = Cli.run("ingest", "--warehouse", wh, "--table", "shop.synced", "--format", "csv",
                "--batch-size", "1", csv.toString());
        assertThat(r.exitCode()).as(r.toString()).isEqualTo(3);
        assertThat(r.out()).contains("2 upserted").contains("2 commit(s): snapshot(s) 1, 2");
        assertThat(r.err()).contains("WARNING: Snapshot 1 of table").contains("WARNING: Snapshot 2 of table")
                .contains("stays committed");
        Table synced = Cli.table(dir.resolve("lake"), "shop", "synced");
        assertThat(Cli.rows(synced)).containsExactly("1 | a", "2 | b");

        Cli.Result compact = Cli.run("compact", "--warehouse", wh, "--table", "shop.synced");
        assertThat(compact.exitCode()).as(compact.toString()).isEqualTo(3);
        assertThat(compact.err()).contains("strata compact: COMMITTED, but a commit callback failed: Snapshot 3");
        assertThat(synced.latestSnapshot().orElseThrow().id()).isEqualTo(3);
        assertThat(Cli.rows(synced)).containsExactly("1 | a", "2 | b");
    }

    @Test
    void csvWithQuotesNullsAndTypesInOneCommit() throws IOException {
        Path csv = file("orders.csv", """
                dt,id,name,amount,paid,day,at
                2026-12-01,1,"Smith, Anna",10.50,true,2026-12-01,2026-12-01 10:15:30.123
                2026-12-01,2,"say ""hi""
                on two lines",20,0,,1764584130000
                2026-12-02,3,,-3.25,,20423,2026-12-02T08:00:00Z
                """);
        Cli.Result r = ingest("--format", "csv", csv.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).contains("Ingested 3 record(s) into shop.orders: 3 upserted, 0 deleted, 0 rejected, 0 skipped")
                .contains("1 commit(s): snapshot(s) 1");
        assertThat(Cli.rows(table())).containsExactly(
                "1 | Smith, Anna | 10.50 | 2026-12-01 | true | 20788 | 2026-12-01T10:15:30.123",
                "2 | say \"hi\"\non two lines | 20.00 | 2026-12-01 | false | null | 2025-12-01T10:15:30",
                "3 | null | -3.25 | 2026-12-02 | null | 20423 | 2026-12-02T08:00");
    }

    @Test
    void csvHeaderMapsByNameAndMissingColumnsAreNull() throws IOException {
        Path tsv = file("o.tsv", "ID\tdt\n7\t2026-12-03\n");
        Cli.Result r = ingest("--format", "csv", "--delimiter", "tab", tsv.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(Cli.rows(table())).containsExactly("7 | null | null | 2026-12-03 | null | null | null");
    }

    @Test
    void csvOpColumnAndByteOrderMark() throws IOException {
        Path csv = file("ops.csv", "\uFEFFdt;id;name;kind\n2026-12-01;1;a;+I\n2026-12-01;2;b;+I\n2026-12-01;1;;-D\n"
                + "2026-12-01;2;b2;+U\n2026-12-01;3;c;?\n");
        Cli.Result r = ingest("--format", "csv", "--delimiter", ";", "--op-column", "kind", csv.toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).contains("ops.csv:6: op value '?' is not a row kind (+I, +U, -U, -D)");
        Files.writeString(csv, Files.readString(csv).replace("c;?", "c;+I"));
        Cli.Result ok = ingest("--format", "csv", "--delimiter", ";", "--op-column", "kind", csv.toString());
        assertThat(ok.exitCode()).as(ok.toString()).isZero();
        assertThat(ok.out()).contains("4 upserted, 1 deleted");
        assertThat(Cli.rows(table())).containsExactly("2 | b2 | null | 2026-12-01 | null | null | null",
                "3 | c | null | 2026-12-01 | null | null | null");
        Cli.Result noOp = ingest("--format", "csv", "--op-column", "op", file("n.csv", "dt,id\n").toString());
        assertThat(noOp.exitCode()).isEqualTo(1);
        assertThat(noOp.err()).contains("n.csv:1: header has no op column 'op'");
    }

    @Test
    void malformedCsvFailsWithLineNumberAndCommitsNothing() throws IOException {
        Path csv = file("bad.csv", """
                dt,id,name,amount
                2026-12-01,1,a,1.00
                2026-12-01,2,"multi
                line",2.00
                2026-12-01,3,c,12.345
                2026-12-01,4,d,4.00
                """);
        Cli.Result r = ingest("--format", "csv", csv.toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).contains(csv + ":5: column 'amount' (DECIMAL(10, 2)): value '12.345': has more than 2 "
                + "decimal place(s)")
                .contains("FAILED: ingest into shop.orders stopped at " + csv + ":5; the open batch (2 record(s)) was not "
                        + "committed. Committed before: 0 commit(s), 0 upserted, 0 deleted.");
        assertThat(Cli.snapshotCount(table())).isZero();
    }

    @Test
    void csvFieldCountUnknownHeaderAndBrokenQuoting() throws IOException {
        Cli.Result fields = ingest("--format", "csv", file("f.csv", "dt,id\n2026-12-01,1\n2026-12-01\n").toString());
        assertThat(fields.exitCode()).isEqualTo(1);
        assertThat(fields.err()).contains("f.csv:3: has 1 field(s), the header has 2");

        Cli.Result header = ingest("--format", "csv", file("h.csv", "dt,id,colour\n2026-12-01,1,red\n").toString());
        assertThat(header.exitCode()).isEqualTo(1);
        assertThat(header.err()).contains("h.csv:1: header: 'colour' is not a column of the table");
        Cli.Result ignored = ingest("--format", "csv", "--ignore-unknown",
                dir.resolve("h.csv").toString());
        assertThat(ignored.exitCode()).as(ignored.toString()).isZero();

        Cli.Result quote = ingest("--format", "csv", "--on-error", "reject", "--reject-file",
                dir.resolve("r.csv").toString(), file("q.csv", "dt,id\n2026-12-01,2\n2026-12-01,\"3\n").toString());
        assertThat(quote.exitCode()).isEqualTo(1);
        assertThat(quote.err()).contains("q.csv:3: CSV syntax error");
        assertThat(Cli.snapshotCount(table())).isEqualTo(1);
    }

    /**
     * Issue 15, defect 5: a CSV header naming a column twice and a JSON record with a field twice used to keep the
     * last value silently; bytes that are not UTF-8 used to become U+FFFD. Now: refused, naming the line.
     */
    @Test
    void duplicateColumnsAndInvalidUtf8AreRefusedNotGuessed() throws IOException {
        Cli.Result twice = ingest("--format", "csv", file("twice.csv", "dt,id,name,name\n2026-12-01,1,a,b\n").toString());
        assertThat(twice.exitCode()).isEqualTo(1);
        assertThat(twice.err()).contains("twice.csv:1: header names column 'name' twice (fields 3 and 4)");

        Path json = file("dup.jsonl", "{\"dt\":\"2026-12-01\",\"id\":1,\"name\":\"a\",\"name\":\"b\"}\n"
                + "{\"dt\":\"2026-12-01\",\"id\":2,\"name\":\"c\"}\n");
        Cli.Result dup = ingest("--format", "json", "--on-error", "reject", "--reject-file",
                dir.resolve("dup.rej").toString(), json.toString());
        assertThat(dup.exitCode()).as(dup.toString()).isZero();
        assertThat(dup.err()).contains("dup.jsonl:1: not valid JSON: Duplicate field 'name'");
        assertThat(Cli.rows(table())).containsExactly("2 | c | null | 2026-12-01 | null | null | null");

        byte[] latin1 = "dt,id,name\n2026-12-01,3,caf\u00e9\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        Path csv = dir.resolve("latin1.csv");
        Files.write(csv, latin1);
        Cli.Result bad = ingest("--format", "csv", csv.toString());
        assertThat(bad.exitCode()).isEqualTo(1);
        assertThat(bad.err()).contains("latin1.csv:2: not valid UTF-8").contains("iconv");
        Path jsonl = dir.resolve("latin1.jsonl");
        Files.write(jsonl, "{\"dt\":\"2026-12-01\",\"id\":4,\"name\":\"caf\u00e9\"}\n"
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        Cli.Result badJson = ingest("--format", "json", jsonl.toString());
        assertThat(badJson.exitCode()).isEqualTo(1);
        assertThat(badJson.err()).contains("latin1.jsonl:1: not valid UTF-8");
        assertThat(Cli.rows(table())).as("nothing of the refused inputs landed").hasSize(1);
    }

    /** Issue 15, defect 5: DATE 99999999 (a day number) was taken while TIMESTAMP 10000-01-01 was not; both refused now. */
    @Test
    void datesOutsideYears1To9999AreRefusedAsTimestampsAre() throws IOException {
        Cli.Result r = ingest("--format", "csv", "--on-error", "reject", "--reject-file", dir.resolve("d.rej").toString(),
                file("days.csv", "dt,id,day,at\n2026-12-01,1,99999999,\n2026-12-01,2,,10000-01-01 00:00:00\n"
                        + "2026-12-01,3,2932896,9999-12-31 23:59:59\n").toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.err()).contains("days.csv:2: column 'day' (DATE): value '99999999': out of range for DATE")
                .contains("days.csv:3: column 'at' (TIMESTAMP(3)): value '10000-01-01 00:00:00': not a timestamp");
        assertThat(Cli.rows(table())).containsExactly("3 | null | null | 2026-12-01 | null | 2932896 | 9999-12-31T23:59:59");
    }

    @Test
    void rejectModeWritesRejectsAndGoesOn() throws IOException {
        Path csv = file("mixed.csv", """
                dt,id,name,amount
                2026-12-01,1,a,1.00
                2026-12-01,x,b,2.00
                2026-12-01,3,"c, d",abc
                ,4,e,4.00
                2026-12-01,5,f,5.00
                """);
        Path rejects = dir.resolve("rejects.csv");
        Cli.Result r = ingest("--format", "csv", "--on-error", "reject", "--reject-file", rejects.toString(),
                csv.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.err()).contains("mixed.csv:3: column 'id' (BIGINT NOT NULL): value 'x': not a whole number")
                .contains("mixed.csv:4: column 'amount' (DECIMAL(10, 2)): value 'abc': not a decimal number")
                .contains("mixed.csv:5: column 'dt' is NOT NULL (primary key) but has no value");
        assertThat(r.out()).contains("5 record(s) into shop.orders: 2 upserted, 0 deleted, 3 rejected (to " + rejects + ")");
        assertThat(Files.readAllLines(rejects)).containsExactly("dt,id,name,amount", "2026-12-01,x,b,2.00",
                "2026-12-01,3,\"c, d\",abc", "\"\",4,e,4.00");
        assertThat(Cli.rows(table())).hasSize(2);
    }

    @Test
    void jsonLinesWithOpColumnAndBadLines() throws IOException {
        Path json = file("c.jsonl", """
                {"dt":"2026-12-01","id":1,"name":"a","amount":1.10,"op":"+I"}
                {"dt":"2026-12-01","id":2,"name":"b","amount":2,"op":"+I"}

                {"dt":"2026-12-01","id":1,"op":"-D"}
                {"dt":"2026-12-01","id":2,"name":"b2","amount":"2.20","paid":true,"op":"+U"}
                """);
        Cli.Result r = ingest("--format", "json", "--op-column", "op", json.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).contains("5 record(s) into shop.orders: 3 upserted, 1 deleted, 0 rejected, 1 skipped");
        assertThat(Cli.rows(table())).containsExactly("2 | b2 | 2.20 | 2026-12-01 | true | null | null");

        Path bad = file("bad.jsonl", """
                {"dt":"2026-12-01","id":3}
                {"dt":"2026-12-01","id":4,
                [1,2]
                {"dt":"2026-12-01","id":5,"paid":"maybe"}
                {"dt":"2026-12-01","id":6,"day":"12/01/2026"}
                {"dt":"2026-12-01","id":99999999999999999999}
                {"dt":"2026-12-01","id":7,"color":"red"}
                {"dt":"2026-12-01","id":8,"op":"X"}
                """);
        Path rejects = dir.resolve("rej.jsonl");
        Cli.Result b = ingest("--format", "json", "--on-error", "reject", "--reject-file", rejects.toString(),
                bad.toString());
        assertThat(b.exitCode()).as(b.toString()).isZero();
        assertThat(b.err()).contains("bad.jsonl:2: not valid JSON")
                .contains("bad.jsonl:3: expected a JSON object, got a JSON array")
                .contains("bad.jsonl:4: column 'paid' (BOOLEAN): value \"maybe\": not a boolean")
                .contains("bad.jsonl:5: column 'day' (DATE): value \"12/01/2026\": not a date yyyy-MM-dd")
                .contains("bad.jsonl:6: column 'id' (BIGINT NOT NULL): value 99999999999999999999: out of range")
                .contains("bad.jsonl:7: 'color' is not a column of the table")
                .contains("bad.jsonl:8: 'op' is not a column");
        assertThat(Files.readAllLines(rejects)).hasSize(7).first().asString().startsWith("{\"dt\":\"2026-12-01\",\"id\":4,");
        assertThat(b.out()).contains("1 upserted, 0 deleted, 7 rejected");
    }

    @Test
    void debeziumEventsMergeIntoTheRightRows() throws IOException {
        Path events = file("cdc.jsonl", """
                {"schema":{"type":"struct"},"payload":{"op":"r","before":null,"after":{"dt":"2026-12-01","id":1,"name":"a","amount":"1.00"}}}
                {"op":"c","after":{"dt":"2026-12-01","id":2,"name":"b","amount":2.5,"day":20423,"at":1764584130123}}
                {"op":"c","after":{"dt":"2026-12-01","id":3,"name":"c","amount":"AQ==","at":1764584130123456}}
                {"op":"u","before":{"dt":"2026-12-01","id":1,"name":"a"},"after":{"dt":"2026-12-01","id":1,"name":"a2","amount":"1.50"}}
                {"op":"d","before":{"dt":"2026-12-01","id":2},"after":null}
                null
                {"schema":{},"payload":null}
                {"op":"u","before":{"dt":"2026-12-01","id":3},"after":{"dt":"2026-12-02","id":3,"name":"moved"}}
                """);
        Cli.Result r = ingest("--format", "debezium", events.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).contains("8 record(s) into shop.orders: 5 upserted, 2 deleted, 0 rejected, 2 skipped")
                .contains("1 commit(s): snapshot(s) 1");
        assertThat(Cli.rows(table())).containsExactly(
                "1 | a2 | 1.50 | 2026-12-01 | null | null | null",
                "3 | moved | null | 2026-12-02 | null | null | null");
    }

    @Test
    void debeziumDecodesNumbersAndReportsMissingOp() throws IOException {
        Path events = file("cdc.jsonl", """
                {"op":"c","after":{"dt":"2026-12-01","id":3,"name":"c","amount":"AQ==","day":20423,"at":1764584130123456}}
                {"op":"c","after":{"dt":"2026-12-01","id":4,"amount":{"scale":1,"value":"AQ=="},"at":1764584130123}}
                """);
        Cli.Result ok = ingest("--format", "debezium", events.toString());
        assertThat(ok.exitCode()).as(ok.toString()).isZero();
        assertThat(Cli.rows(table())).containsExactly(
                "3 | c | 0.01 | 2026-12-01 | null | 20423 | 2025-12-01T10:15:30.123",
                "4 | null | 0.10 | 2026-12-01 | null | null | 2025-12-01T10:15:30.123");

        Path bad = file("bad.jsonl", """
                {"op":"c","after":{"dt":"2026-12-01","id":5}}
                {"payload":{"before":null,"after":{"dt":"2026-12-01","id":6}}}
                {"op":"d","before":null}
                {"op":"t"}
                {"op":"c","after":{"dt":"2026-12-01","id":7,"amount":"abc"}}
                """);
        Cli.Result failed = ingest("--format", "debezium", bad.toString());
        assertThat(failed.exitCode()).isEqualTo(1);
        assertThat(failed.err()).contains("bad.jsonl:2: no 'op' field (expected c, r, u or d)")
                .contains("the open batch (1 record(s)) was not committed");
        assertThat(Cli.snapshotCount(table())).isEqualTo(1);

        Cli.Result rejected = ingest("--format", "debezium", "--on-error", "reject", "--reject-file",
                dir.resolve("r.jsonl").toString(), bad.toString());
        assertThat(rejected.exitCode()).as(rejected.toString()).isZero();
        assertThat(rejected.err()).contains("bad.jsonl:3: op 'd' without 'before'")
                .contains("bad.jsonl:4: op 't' (truncate) is not supported")
                .contains("bad.jsonl:5: after: column 'amount' (DECIMAL(10, 2)): value \"abc\": neither a decimal");
        assertThat(rejected.out()).contains("1 upserted, 0 deleted, 4 rejected");
    }

    @Test
    void batchesCommitSeparatelyAndAFailureKeepsEarlierBatches() throws IOException {
        StringBuilder csv = new StringBuilder("dt,id,amount\n");
        for (int i = 1; i <= 7; i++) {
            csv.append("2026-12-01,").append(i).append(',').append(i == 6 ? "bad" : i + ".00").append('\n');
        }
        Cli.Result r = ingest("--format", "csv", "--batch-size", "2", file("b.csv", csv.toString()).toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).contains("b.csv:7: column 'amount'")
                .contains("the open batch (1 record(s)) was not committed. Committed before: 2 commit(s) "
                        + "(snapshots 1, 2), 4 upserted, 0 deleted.");
        assertThat(Cli.snapshotCount(table())).isEqualTo(2);
        assertThat(Cli.rows(table())).hasSize(4);

        Cli.Result two = ingest("--format", "csv", "--batch-size", "3",
                file("c1.csv", "dt,id\n2026-12-02,1\n2026-12-02,2\n").toString(),
                file("c2.csv", "dt,id\n2026-12-02,3\n2026-12-02,4\n").toString());
        assertThat(two.exitCode()).as(two.toString()).isZero();
        assertThat(two.out()).contains("2 commit(s): snapshot(s) 3, 4");
        assertThat(table().snapshots().snapshot(3).deltaRecordCount()).isEqualTo(3);
    }

    @Test
    void readsStandardInput() {
        Cli.Result r = Cli.runWithStdin("{\"dt\":\"2026-12-01\",\"id\":1,\"name\":\"stdin\"}\n",
                "ingest", "--path", dir.resolve("lake/shop.db/orders").toString(), "--format", "json", "-");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(Cli.rows(table())).containsExactly("1 | stdin | null | 2026-12-01 | null | null | null");

        Cli.Result bad = Cli.runWithStdin("{\"dt\":\"2026-12-01\",\"id\":2}\n{\"id\":3}\n",
                "ingest", "--warehouse", wh, "--table", "shop.orders", "--format", "json", "-");
        assertThat(bad.exitCode()).isEqualTo(1);
        assertThat(bad.err()).contains("<stdin>:2: column 'dt' is NOT NULL (primary key) but has no value");
    }

    @Test
    void appendTableTakesInsertsOnly() throws IOException {
        assertThat(Cli.run("create", "--warehouse", wh, "--table", "shop.log", "--columns", "msg STRING, n INT")
                .exitCode()).isZero();
        Path in = file("log.jsonl", "{\"msg\":\"a\",\"n\":1,\"op\":\"+I\"}\n{\"msg\":\"a\",\"op\":\"-D\"}\n");
        Cli.Result r = Cli.run("ingest", "--warehouse", wh, "--table", "shop.log", "--format", "json",
                "--op-column", "op", in.toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).contains("log.jsonl:2: the table has no primary key, so it cannot apply a -D");
    }

    @Test
    void badArgumentsAreUsageErrors() throws IOException {
        Path in = file("x.csv", "dt,id\n");
        assertBad("Missing required option: '--format", in.toString());
        assertBad("Invalid value for option '--format'", "--format", "xml", in.toString());
        assertBad("Missing required parameter: '<input>'", "--format", "csv");
        assertBad("does not exist, is not readable or is a directory", "--format", "csv", dir.resolve("nope.csv").toString());
        assertBad("--on-error reject needs --reject-file", "--format", "csv", "--on-error", "reject", in.toString());
        assertBad("--reject-file is used with --on-error reject only", "--format", "csv", "--reject-file", "r",
                in.toString());
        assertBad("its directory does not exist", "--format", "csv", "--on-error", "reject", "--reject-file",
                dir.resolve("no/such/dir/r.csv").toString(), in.toString());
        assertBad("Invalid --batch-size -1", "--format", "csv", "--batch-size", "-1", in.toString());
        assertBad("Invalid --delimiter ';;'", "--format", "csv", "--delimiter", ";;", in.toString());
        assertBad("apply to --format csv only", "--format", "json", "--delimiter", ";", in.toString());
        assertBad("Debezium events carry their own 'op'", "--format", "debezium", "--op-column", "op", in.toString());
        assertBad("can be read once only", "--format", "csv", "-", "-");
        Cli.Result missing = Cli.run("ingest", "--warehouse", wh, "--table", "shop.none", "--format", "csv",
                in.toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("No table shop.none");
        assertThat(Cli.run("ingest", "--help").out()).contains("--on-error").contains("Exit codes");
        assertThat(Cli.snapshotCount(table())).isZero();
    }

    private void assertBad(String message, String... args) {
        Cli.Result r = ingest(args);
        assertThat(r.exitCode()).as(r.toString()).isEqualTo(2);
        assertThat(r.err()).contains(message);
    }
}
