package io.strata.reliability.badinput;

import io.strata.reliability.badinput.BadInput.Prepare;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Every kind of bad input the reliability suite tries, by category. The template warehouse
 * ({@link BadInputCatalogueIT}) holds {@code shop.orders} (primary key {@code dt, id}, partitioned by {@code dt},
 * 2 buckets, Parquet, two committed batches, tag {@code t1}), {@code shop.readings} (primary key {@code id},
 * ORC) and {@code shop.events} (an append table).
 */
final class BadInputCatalogue {

    static final String CLI = "CLI arguments";
    static final String OPTIONS = "table options";
    static final String CSV = "CSV records";
    static final String JSON = "JSON records";
    static final String DEBEZIUM = "Debezium records";
    static final String HIVE = "HiveQL DDL";
    static final String CORRUPT = "corrupted files";

    /** The header of a CSV input of shop.orders. */
    private static final String ORDERS_HEADER = "id,name,amount,day,ts,dt\n";

    private static final String[] ORDERS = {"--warehouse", "{wh}", "--table", "shop.orders"};

    private final List<BadInput> kinds = new ArrayList<>();

    private BadInputCatalogue() {}

    static List<BadInput> all() {
        BadInputCatalogue c = new BadInputCatalogue();
        c.cliArguments();
        c.tableOptions();
        c.csvRecords();
        c.jsonRecords();
        c.debeziumRecords();
        c.hiveDdl();
        c.corruptedFiles();
        return List.copyOf(c.kinds);
    }

    private void cliArguments() {
        refuse(CLI, "an unknown command", 2, List.of("frobnicate"), "frobnicate");
        refuse(CLI, "an unknown option", 2, List.of("--tabel"), "describe", "--warehouse", "{wh}", "--tabel",
                "shop.orders");
        refuse(CLI, "a table name without a database", 2, List.of("orders"), "describe", "--warehouse", "{wh}",
                "--table", "orders");
        refuse(CLI, "a table name with a slash", 2, List.of("a/b"), "create", "--warehouse", "{wh}", "--table",
                "shop.a/b", "--columns", "id INT");
        refuse(CLI, "a database name that is an absolute path", 2, List.of("/tmp/dbz"), "create", "--warehouse",
                "{wh}", "--table", "/tmp/dbz.t", "--columns", "id INT");
        refuse(CLI, "a table name with ..", 2, List.of(".."), "create", "--warehouse", "{wh}", "--table",
                "shop...", "--columns", "id INT");
        refuse(CLI, "a table name of 129 characters", 2, List.of("128"), "create", "--warehouse", "{wh}",
                "--table", "shop." + "t".repeat(129), "--columns", "id INT");
        refuse(CLI, "a table name with a space", 2, List.of("my table"), "create", "--warehouse", "{wh}",
                "--table", "shop.my table", "--columns", "id INT");
        refuse(CLI, "a warehouse on another file system (an s3a:// URI)", 2, List.of("--warehouse", "s3a:",
                "local file system"), "create", "--warehouse", "s3a://bucket/lake", "--table", "shop.more", "--columns",
                "id INT");
        refuse(CLI, "a table directory on another file system (an hdfs:// URI)", 2, List.of("--table", "hdfs:"),
                "sync", "--metastore", "embedded", "--table", "hdfs://nn:8020/lake/shop.db/orders");
        refuse(CLI, "both --table and --path", 2, List.of("--path"), "describe", "--warehouse", "{wh}",
                "--table", "shop.orders", "--path", "{wh}/shop.db/orders");
        refuse(CLI, "neither --table nor --path", 2, List.of("--table"), "describe", "--warehouse", "{wh}");
        refuse(CLI, "a table that does not exist", 2, List.of("shop.nope"), "describe", "--warehouse", "{wh}",
                "--table", "shop.nope");
        refuse(CLI, "a --path that is not a table", 2, List.of("{wh}/shop.db"), "describe", "--path",
                "{wh}/shop.db");
        refuse(CLI, "creating a table that exists", 1, List.of("shop.orders", "exists"), "create", "--warehouse",
                "{wh}", "--table", "shop.orders", "--columns", "id INT");
        refuse(CLI, "an unknown column type", 2, List.of("INTEGR"), "create", "--warehouse", "{wh}", "--table",
                "shop.t2", "--columns", "id INTEGR");
        refuse(CLI, "a column named twice", 2, List.of("id"), "create", "--warehouse", "{wh}", "--table",
                "shop.t2", "--columns", "id INT, v STRING, id BIGINT");
        refuse(CLI, "a primary key naming no column", 2, List.of("nope"), "create", "--warehouse", "{wh}",
                "--table", "shop.t2", "--columns", "id INT", "--primary-key", "nope", "--option", "bucket=1");
        refuse(CLI, "a partition key naming no column", 2, List.of("nope"), "create", "--warehouse", "{wh}",
                "--table", "shop.t2", "--columns", "id INT", "--partition-by", "nope");
        refuse(CLI, "a create without columns", 2, List.of("--columns"), "create", "--warehouse", "{wh}",
                "--table", "shop.t2");
        refuse(CLI, "a spec file that does not exist", 2, List.of("{in}/nope.sql"), "create", "--warehouse",
                "{wh}", "--table", "shop.t2", "--spec", "{in}/nope.sql");
        refuse(CLI, "snapshots with a negative limit", 2, List.of("--limit"), "snapshots", "--warehouse", "{wh}",
                "--table", "shop.orders", "--limit", "-1");
        refuse(CLI, "a tag name with a newline", 2, List.of("tag"), "tags", "--warehouse", "{wh}", "--table",
                "shop.orders", "create", "bad\nname");
        refuse(CLI, "a tag that exists", 2, List.of("t1"), "tags", "--warehouse", "{wh}", "--table",
                "shop.orders", "create", "t1");
        refuse(CLI, "a tag on a snapshot that does not exist", 2, List.of("999"), "tags", "--warehouse", "{wh}",
                "--table", "shop.orders", "create", "t2", "--snapshot", "999");
        refuse(CLI, "deleting a tag that does not exist", 2, List.of("nope"), "tags", "--warehouse", "{wh}",
                "--table", "shop.orders", "delete", "nope");
        refuse(CLI, "a retention time without a unit", 2, List.of("7x"), "tags", "--warehouse", "{wh}",
                "--table", "shop.orders", "create", "t2", "--time-retained", "7x");
        refuse(CLI, "a rollback to a snapshot that does not exist", 2, List.of("999"), "rollback", "--warehouse",
                "{wh}", "--table", "shop.orders", "--to-snapshot", "999");
        refuse(CLI, "a rollback to a snapshot id that is not a number", 2, List.of("abc"), "rollback",
                "--warehouse", "{wh}", "--table", "shop.orders", "--to-snapshot", "abc");
        refuse(CLI, "a rollback to a tag that does not exist", 2, List.of("nope"), "rollback", "--warehouse",
                "{wh}", "--table", "shop.orders", "--to-tag", "nope");
        refuse(CLI, "an expiration keeping no snapshot", 2, List.of("--retain-min"), "expire", "--warehouse",
                "{wh}", "--table", "shop.orders", "--retain-min", "0");
        refuse(CLI, "an expiration with retain-min above retain-max", 2, List.of("--retain-max"), "expire",
                "--warehouse", "{wh}", "--table", "shop.orders", "--retain-min", "5", "--retain-max", "2");
        refuse(CLI, "an expiration age that is not a duration", 2, List.of("5 parsecs"), "expire", "--warehouse",
                "{wh}", "--table", "shop.orders", "--older-than", "5 parsecs");
        refuse(CLI, "compacting a partition that does not exist", 2, List.of("dt=1999-01-01"), "compact",
                "--warehouse", "{wh}", "--table", "shop.orders", "--partition", "dt=1999-01-01");
        refuse(CLI, "compacting by a column that is not a partition key", 2, List.of("name"), "compact",
                "--warehouse", "{wh}", "--table", "shop.orders", "--partition", "name=x");
        refuse(CLI, "compacting a bucket the table does not have", 2, List.of("7"), "compact", "--warehouse",
                "{wh}", "--table", "shop.orders", "--bucket", "7");
        refuse(CLI, "a policy compaction of an append table", 2, List.of("shop.events", "no primary key"), "compact", "--warehouse",
                "{wh}", "--table", "shop.events", "--policy");
        refuse(CLI, "an input file that does not exist", 2, List.of("{in}/nope.csv"), "ingest", "--warehouse",
                "{wh}", "--table", "shop.orders", "--format", "csv", "--no-progress", "{in}/nope.csv");
        refuse(CLI, "an unknown input format", 2, List.of("xml"), "ingest", "--warehouse", "{wh}", "--table",
                "shop.orders", "--format", "xml", "--no-progress", "{in}/nope.csv");
        refuse(CLI, "rejecting records without a reject file", 2, List.of("--reject-file"), "ingest",
                "--warehouse", "{wh}", "--table", "shop.orders", "--format", "csv", "--on-error", "reject",
                "--no-progress", "-");
        refuse(CLI, "a CSV delimiter of two characters", 2, List.of("--delimiter"), "ingest", "--warehouse",
                "{wh}", "--table", "shop.orders", "--format", "csv", "--delimiter", "ab", "--no-progress", "-");
        refuse(CLI, "a SQL script given twice (-e and -f)", 2, List.of("-e", "-f"), "sql", "--warehouse", "{wh}",
                "-e", "SELECT 1", "-f", "{in}/script.sql");
    }

    private void tableOptions() {
        // Unknown keys are kept with a warning (Paimon tables carry other engines' options, and a primary-key table
        // without 'bucket' is in dynamic bucket mode), so a typo is named but not refused; a file index on a
        // column the table does not have is.
        createWith("a bloom-filter index on no column", List.of("file-index.bloom-filter.columns", "nope"),
                "file-index.bloom-filter.columns=nope");
        createWith("a bitmap index on no column", List.of("file-index.bitmap.columns", "nope"),
                "file-index.bitmap.columns=nope");
        createWith("a record-level expire time without its time field", List.of("record-level.time-field"),
                "record-level.expire-time=1 h");
        createWith("a bucket count that is not a number", List.of("bucket", "abc"), "bucket=abc");
        createWith("a bucket count of 0", List.of("bucket", "0"), "bucket=0");
        createWith("file.format=csv", List.of("file.format", "csv"), "file.format=csv");
        createWith("file.format=json", List.of("file.format", "json"), "file.format=json");
        createWith("an unknown merge engine", List.of("merge-engine", "nope"), "merge-engine=nope");
        createWith("an unknown changelog producer", List.of("changelog-producer", "nope"),
                "changelog-producer=nope");
        createWith("a sequence field naming no column", List.of("sequence.field", "nope"), "sequence.field=nope");
        createWith("a bucket key naming no column", List.of("bucket-key", "nope"), "bucket-key=nope");
        createWith("an option without '='", List.of("bucket"), "bucket");
        createWith("a negative number of retained snapshots", List.of("snapshot.num-retained.min"),
                "snapshot.num-retained.min=-1");
        createWith("a duration option that is not a duration", List.of("snapshot.time-retained", "soon"),
                "snapshot.time-retained=soon");
    }

    private void csvRecords() {
        ingest(CSV, "a header with a column twice", "csv", "id,name,name,amount,day,ts,dt\n1,a,b,1.00,2026-12-01,"
                + "2026-12-01 10:00:00,2026-12-01\n", List.of("name"));
        ingest(CSV, "a header naming no column", "csv", "id,nope,amount,day,ts,dt\n1,a,1.00,2026-12-01,"
                + "2026-12-01 10:00:00,2026-12-01\n", List.of("nope"));
        ingest(CSV, "a header without a primary-key column", "csv", "id,name\n1,a\n", List.of("dt"));
        ingest(CSV, "a record with more fields than the header", "csv", ORDERS_HEADER
                + "1,a,1.00,2026-12-01,2026-12-01 10:00:00,2026-12-01,extra\n", List.of("input.csv:2", "7 field"));
        ingest(CSV, "a BIGINT that is not a number", "csv", ORDERS_HEADER
                + "abc,a,1.00,2026-12-01,2026-12-01 10:00:00,2026-12-01\n", List.of("id", "abc"));
        ingest(CSV, "a BIGINT out of range", "csv", ORDERS_HEADER
                + "99999999999999999999,a,1.00,2026-12-01,2026-12-01 10:00:00,2026-12-01\n", List.of("id"));
        ingest(CSV, "a DATE of year 99999999", "csv", ORDERS_HEADER
                + "1,a,1.00,99999999,2026-12-01 10:00:00,2026-12-01\n", List.of("day", "99999999"));
        ingest(CSV, "a TIMESTAMP of year 10000", "csv", ORDERS_HEADER
                + "1,a,1.00,2026-12-01,10000-01-01 00:00:00,2026-12-01\n", List.of("ts", "10000-01-01"));
        ingest(CSV, "a DECIMAL(10,2) with too many digits", "csv", ORDERS_HEADER
                + "1,a,123456789012.5,2026-12-01,2026-12-01 10:00:00,2026-12-01\n", List.of("amount"));
        ingest(CSV, "a null primary-key value", "csv", ORDERS_HEADER
                + ",a,1.00,2026-12-01,2026-12-01 10:00:00,2026-12-01\n", List.of("id"));
        ingest(CSV, "an unterminated quote", "csv", ORDERS_HEADER
                + "1,\"a,1.00,2026-12-01,2026-12-01 10:00:00,2026-12-01\n", List.of("input.csv:2", "CSV syntax"));
        ingestBytes(CSV, "invalid UTF-8", "csv", utf8Broken(ORDERS_HEADER
                + "1,a\u0000,1.00,2026-12-01,2026-12-01 10:00:00,2026-12-01\n"), List.of("UTF-8"));
        ingest(CSV, "an unknown row kind in the op column", "csv", "op," + ORDERS_HEADER
                + "+X,1,a,1.00,2026-12-01,2026-12-01 10:00:00,2026-12-01\n", List.of("+X"), "--op-column", "op");
    }

    private void jsonRecords() {
        String good = "\"id\":1,\"name\":\"a\",\"amount\":1.00,\"day\":\"2026-12-01\",\"ts\":\"2026-12-01 10:00:00\","
                + "\"dt\":\"2026-12-01\"";
        ingest(JSON, "a field twice", "json", "{" + good + ",\"name\":\"b\"}\n", List.of("name"));
        ingest(JSON, "a line that is not JSON", "json", "{" + good + "\n", List.of("input.json:1", "not valid JSON"));
        ingest(JSON, "a line that is an array", "json", "[1,2]\n", List.of("input.json:1", "array"));
        ingest(JSON, "a string for a BIGINT", "json", "{" + good.replace("\"id\":1", "\"id\":\"x\"") + "}\n",
                List.of("id"));
        ingest(JSON, "a field naming no column", "json", "{" + good + ",\"nope\":1}\n", List.of("nope"));
        ingestBytes(JSON, "invalid UTF-8", "json", utf8Broken("{" + good.replace("\"a\"", "\"a\u0000\"") + "}\n"),
                List.of("UTF-8"));
    }

    private void debeziumRecords() {
        String row = "{\"id\":1,\"name\":\"a\",\"amount\":1.00,\"day\":\"2026-12-01\",\"ts\":\"2026-12-01 10:00:00\","
                + "\"dt\":\"2026-12-01\"}";
        ingest(DEBEZIUM, "an unknown operation", "debezium", "{\"op\":\"x\",\"after\":" + row + "}\n",
                List.of("op", "x"));
        ingest(DEBEZIUM, "a create without an after image", "debezium", "{\"op\":\"c\"}\n", List.of("after"));
        ingest(DEBEZIUM, "a delete without a before image", "debezium", "{\"op\":\"d\",\"after\":null}\n",
                List.of("before"));
        ingest(DEBEZIUM, "an event without an operation", "debezium", "{\"after\":" + row + "}\n", List.of("op"));
    }

    private void hiveDdl() {
        String handler = " STORED BY 'io.strata.hive.StrataStorageHandler'";
        String location = " LOCATION '{wh}/shop.db/orders'";
        hive("a declared column of another type", List.of("amount"),
                "CREATE EXTERNAL TABLE shop.o2 (id BIGINT, name STRING, amount STRING, day DATE, ts TIMESTAMP,"
                        + " dt STRING)" + handler + location);
        hive("a declared column the table does not have", List.of("nope"),
                "CREATE EXTERNAL TABLE shop.o2 (id BIGINT, name STRING, amount DECIMAL(10,2), day DATE,"
                        + " ts TIMESTAMP, dt STRING, nope INT)" + handler + location);
        hive("a location that holds no table", List.of("{wh}/shop.db"),
                "CREATE EXTERNAL TABLE shop.o2" + handler + " LOCATION '{wh}/shop.db'");
        // Hive shows no warning of a storage handler: a likely typo of an option is refused at CREATE TABLE.
        hive("a typo of the bucket option", List.of("buckets", "did you mean 'bucket'"),
                "CREATE TABLE shop.t2 (id INT, v STRING)" + handler
                        + " TBLPROPERTIES ('primary-key'='id', 'buckets'='2')");
        hive("a bucket count that is not a number", List.of("bucket", "abc"),
                "CREATE TABLE shop.t2 (id INT, v STRING)" + handler
                        + " TBLPROPERTIES ('primary-key'='id', 'bucket'='abc')");
        hive("an unknown merge engine", List.of("merge-engine", "nope"),
                "CREATE TABLE shop.t2 (id INT, v STRING)" + handler
                        + " TBLPROPERTIES ('primary-key'='id', 'bucket'='1', 'merge-engine'='nope')");
        hive("a primary key naming no column", List.of("nope"),
                "CREATE TABLE shop.t2 (id INT, v STRING)" + handler
                        + " TBLPROPERTIES ('primary-key'='nope', 'bucket'='1')");
        hive("file.format=csv", List.of("file.format", "csv"),
                "CREATE TABLE shop.t2 (id INT, v STRING)" + handler + " TBLPROPERTIES ('file.format'='csv')");
        hive("a table name with a slash", List.of("a/b"),
                "CREATE TABLE shop.`a/b` (id INT, v STRING)" + handler);
    }

    private void corruptedFiles() {
        damaged("a truncated snapshot file", w -> Workspace.truncateHalf(w.latestSnapshot("shop.orders")),
                1, "snapshots", ORDERS);
        damaged("a snapshot file of garbage", w -> Workspace.overwrite(w.latestSnapshot("shop.orders"),
                "\u0001\u0002 not json"), 1, "describe", ORDERS);
        damaged("a truncated schema file", w -> Workspace.truncateHalf(w.schemaFile("shop.orders")),
                1, "describe", ORDERS);
        damaged("a truncated manifest list", w -> Workspace.truncateHalf(w.manifestList("shop.orders")),
                1, "compact", ORDERS);
        damaged("a truncated manifest", w -> Workspace.truncateHalf(w.manifest("shop.orders")),
                1, "compact", ORDERS);
        damaged("a truncated Parquet data file", w -> Workspace.truncateHalf(w.dataFile("shop.orders")),
                1, "compact", ORDERS);
        damaged("a missing data file", w -> {
            java.nio.file.Path file = w.dataFile("shop.orders");
            java.nio.file.Files.delete(file);
            return file.getFileName().toString();
        }, 1, "compact", ORDERS);
        damaged("bytes flipped in a Parquet page", w -> Workspace.flip(w.dataFile("shop.orders"), 0.1),
                1, "compact", ORDERS);
        damaged("bytes flipped in an ORC stripe", w -> Workspace.flipOrcStripeData(w.dataFile("shop.readings")),
                1, "compact", "--warehouse", "{wh}", "--table", "shop.readings");
        damaged("a FIFO in place of a data file", w -> Workspace.replaceWithFifo(w.dataFile("shop.orders")),
                1, "compact", ORDERS);
        damaged("a LATEST hint naming a lost snapshot", w -> {
            java.nio.file.Path latest = w.latestSnapshot("shop.orders");
            java.nio.file.Files.delete(latest);
            return "names snapshot " + latest.getFileName().toString().substring("snapshot-".length());
        }, 1, "compact", ORDERS);
    }

    // --- builders

    private void refuse(String category, String kind, int exitCode, List<String> mentions, String... command) {
        kinds.add(new BadInput(category, kind, Prepare.NOTHING, List.of(command), exitCode, mentions));
    }

    private void createWith(String kind, List<String> mentions, String option) {
        List<String> command = new ArrayList<>(List.of("create", "--warehouse", "{wh}", "--table", "shop.t2",
                "--columns", "id INT NOT NULL, v STRING", "--primary-key", "id", "--option", option));
        String key = option.contains("=") ? option.substring(0, option.indexOf('=')) : option;
        if (!key.equals("bucket") && !key.equals("buckets")) {
            // A primary-key table needs a bucket count: only the option under test may be wrong.
            command.addAll(List.of("--option", "bucket=1"));
        }
        refuse(OPTIONS, kind, 2, mentions, command.toArray(String[]::new));
    }

    private void ingest(String category, String kind, String format, String content, List<String> mentions,
                        String... extra) {
        ingestBytes(category, kind, format, content.getBytes(StandardCharsets.UTF_8), mentions, extra);
    }

    private void ingestBytes(String category, String kind, String format, byte[] content, List<String> mentions,
                             String... extra) {
        List<String> command = new ArrayList<>(Arrays.asList(ORDERS));
        command.add(0, "ingest");
        command.addAll(List.of("--format", format, "--no-progress"));
        command.addAll(List.of(extra));
        command.add("{in}/input." + format);
        kinds.add(new BadInput(category, kind, w -> {
            w.input("input." + format, content);
            return "";
        }, List.copyOf(command), 1, mentions));
    }

    private void hive(String kind, List<String> mentions, String statement) {
        // MapReduce: DDL runs no task, and a Tez session would first start its application master.
        refuse(HIVE, kind, 1, mentions, "sql", "--warehouse", "{wh}", "--engine", "mr", "-e", statement);
    }

    private void damaged(String kind, Prepare damage, int exitCode, String subcommand, String... arguments) {
        List<String> command = new ArrayList<>();
        command.add(subcommand);
        command.addAll(List.of(arguments));
        kinds.add(new BadInput(CORRUPT, kind, damage, List.copyOf(command), exitCode, List.of("{damaged}")));
    }

    /** The text's UTF-8 with every NUL replaced by 0xC3 0x28, a lead byte followed by no continuation byte. */
    private static byte[] utf8Broken(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (byte b : bytes) {
            if (b == 0) {
                out.write(0xC3);
                out.write(0x28);
            } else {
                out.write(b);
            }
        }
        return out.toByteArray();
    }
}
