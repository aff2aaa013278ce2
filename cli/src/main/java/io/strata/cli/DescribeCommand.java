package io.strata.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.strata.table.Table;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code strata describe}: a table's schema, keys, options, latest snapshot and, per partition and bucket,
 * its live files, rows, bytes and LSM levels; as aligned text or as JSON ({@code --json}).
 * Exit codes: 0 described, 1 the table's metadata could not be read, 2 bad arguments or no such table.
 */
@Command(name = "describe", mixinStandardHelpOptions = true,
        description = "Describe a table: schema, keys, options, latest snapshot, and files and levels per "
                + "partition and bucket.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  strata describe --warehouse /lake --table shop.orders",
            "  strata describe --path /lake/shop.db/orders --json",
            "",
            "Exit codes: 0 described, 1 metadata could not be read, 2 bad arguments or no such table."})
final class DescribeCommand extends TableCommand {

    @Mixin
    TableAddress address;

    @Option(names = "--json", description = "Print JSON instead of text.")
    boolean json;

    @Override
    int run() throws JsonProcessingException {
        PrintWriter out = out();
        PrintWriter err = err();
        address.validate();
        Table table = address.load();
        TableDescription d;
        try {
            d = TableDescription.of(table, address.displayName());
        } catch (RuntimeException e) {
            err.printf("FAILED describing %s: %s%n", address.displayName(), e.getMessage());
            err.flush();
            return 1;
        }
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(d));
        } else {
            out.print(text(d));
        }
        out.flush();
        return 0;
    }

    static String text(TableDescription d) {
        String nl = System.lineSeparator();
        StringBuilder b = new StringBuilder();
        b.append("Table ").append(d.table()).append(nl);
        b.append("  location   ").append(d.location()).append(nl);
        b.append("  schema id  ").append(d.schemaId()).append(nl);
        if (d.comment() != null) {
            b.append("  comment    ").append(d.comment()).append(nl);
        }
        List<List<String>> columns = new ArrayList<>();
        columns.add(List.of("#", "column", "type", "null", "key", "comment"));
        for (int i = 0; i < d.columns().size(); i++) {
            TableDescription.Column c = d.columns().get(i);
            columns.add(List.of(Integer.toString(i), c.name(), c.type(), c.nullable() ? "yes" : "NOT NULL",
                    keyRole(d, c.name()), c.comment() == null ? "" : c.comment()));
        }
        b.append(nl).append("Columns").append(nl).append(Formats.table(columns, "  "));
        b.append(nl).append("Primary key     ").append(orNone(d.primaryKey())).append(nl);
        b.append("Partition keys  ").append(orNone(d.partitionKeys())).append(nl);
        b.append("Bucket keys     ").append(orNone(d.bucketKeys())).append(nl);
        b.append(nl).append("Options").append(nl);
        if (d.options().isEmpty()) {
            b.append("  (none)").append(nl);
        } else {
            List<List<String>> options = new ArrayList<>();
            options.add(List.of("key", "value"));
            d.options().forEach((k, v) -> options.add(List.of(k, v)));
            b.append(Formats.table(options, "  "));
        }
        b.append(nl).append("Latest snapshot").append(nl);
        TableDescription.SnapshotSummary s = d.latestSnapshot();
        if (s == null) {
            b.append("  (none: nothing committed yet)").append(nl);
            return b.toString();
        }
        b.append(String.format("  id %d, %s, committed %s, schema %d, %s records total, %s in this commit%n", s.id(),
                s.kind(), s.time(), s.schemaId(), count(s.totalRecords()), count(s.deltaRecords())));
        b.append(nl).append(filesSummary(d)).append(nl);
        if (!d.buckets().isEmpty()) {
            List<List<String>> rows = new ArrayList<>();
            rows.add(List.of("partition", "bucket", "files", "rows", "size", "levels"));
            for (TableDescription.Bucket k : d.buckets()) {
                rows.add(List.of(k.partition().isEmpty() ? "(unpartitioned)" : k.partition(),
                        Integer.toString(k.bucket()), Integer.toString(k.files()), Long.toString(k.rows()),
                        Formats.size(k.bytes()), levels(k.filesPerLevel())));
            }
            b.append(Formats.table(rows, "  "));
        }
        return b.toString();
    }

    private static String filesSummary(TableDescription d) {
        Set<String> partitions = new HashSet<>();
        long files = 0;
        long bytes = 0;
        long rows = 0;
        for (TableDescription.Bucket k : d.buckets()) {
            partitions.add(k.partition());
            files += k.files();
            bytes += k.bytes();
            rows += k.rows();
        }
        return String.format("Files of snapshot %d: %d partition(s), %d bucket(s), %d file(s), %d rows stored, %s",
                d.latestSnapshot().id(), partitions.size(), d.buckets().size(), files, rows, Formats.size(bytes));
    }

    private static String keyRole(TableDescription d, String column) {
        List<String> roles = new ArrayList<>();
        if (d.primaryKey().contains(column)) {
            roles.add("PK");
        }
        if (d.partitionKeys().contains(column)) {
            roles.add("partition");
        }
        if (d.bucketKeys().contains(column)) {
            roles.add("bucket");
        }
        return String.join(",", roles);
    }

    /** Files per level as {@code L0:2 L5:1}. */
    private static String levels(Map<Integer, Integer> filesPerLevel) {
        return filesPerLevel.entrySet().stream().map(e -> "L" + e.getKey() + ":" + e.getValue())
                .collect(Collectors.joining(" "));
    }

    private static String orNone(List<String> names) {
        return names.isEmpty() ? "(none)" : String.join(", ", names);
    }

    private static String count(Long n) {
        return n == null ? "?" : Long.toString(n);
    }
}
