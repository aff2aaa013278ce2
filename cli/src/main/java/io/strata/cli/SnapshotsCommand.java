package io.strata.cli;

import io.strata.snapshot.Snapshot;
import io.strata.table.Table;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code strata snapshots}: one line per snapshot of a table, oldest first: id, kind, commit time (UTC),
 * commit user (first 8 characters), schema id, and the record counts of the commit and of the table.
 * Exit codes: 0 listed (also for a table with no snapshot), 1 a snapshot could not be read, 2 bad arguments.
 */
@Command(name = "snapshots", mixinStandardHelpOptions = true,
        description = "List the snapshots of a table: id, kind, commit time, user, delta and total record counts.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  strata snapshots --warehouse /lake --table shop.orders",
            "  strata snapshots --path /lake/shop.db/orders --limit 5",
            "",
            "Exit codes: 0 listed, 1 a snapshot could not be read, 2 bad arguments or no such table."})
final class SnapshotsCommand extends TableCommand {

    /** Characters of the commit user shown: enough to tell writers apart, short enough for one line. */
    private static final int USER_CHARS = 8;

    @Mixin
    TableAddress address;

    @Option(names = "--limit", paramLabel = "<n>", description = "Only the newest n snapshots.")
    Integer limit;

    @Override
    int run() {
        PrintWriter out = out();
        PrintWriter err = err();
        address.validate();
        if (limit != null && limit < 1) {
            throw usage("Invalid --limit " + limit + ": must be at least 1");
        }
        Table table = address.load();
        List<Snapshot> snapshots;
        try {
            snapshots = table.snapshots().snapshots();
        } catch (RuntimeException e) {
            err.printf("FAILED reading the snapshots of %s: %s%n", address.displayName(), e.getMessage());
            err.flush();
            return 1;
        }
        if (snapshots.isEmpty()) {
            out.printf("Table %s has no snapshot yet%n", address.displayName());
            out.flush();
            return 0;
        }
        List<Snapshot> shown = limit == null || limit >= snapshots.size()
                ? snapshots : snapshots.subList(snapshots.size() - limit, snapshots.size());
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("id", "kind", "committed", "user", "schema", "delta records", "total records"));
        for (Snapshot s : shown) {
            rows.add(List.of(Long.toString(s.id()), s.commitKind().name(), Formats.time(s.timeMillis()),
                    shortUser(s.commitUser()), Long.toString(s.schemaId()), count(s.deltaRecordCount()),
                    count(s.totalRecordCount())));
        }
        out.print(Formats.table(rows, ""));
        out.printf("%d of %d snapshot(s) of %s%n", shown.size(), snapshots.size(), address.displayName());
        out.flush();
        return 0;
    }

    private static String shortUser(String user) {
        if (user == null) {
            return "-";
        }
        return user.length() <= USER_CHARS ? user : user.substring(0, USER_CHARS);
    }

    private static String count(Long n) {
        return n == null ? "-" : Long.toString(n);
    }
}
