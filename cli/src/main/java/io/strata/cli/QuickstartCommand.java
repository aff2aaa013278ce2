package io.strata.cli;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.CloseableIterator;
import io.strata.data.Decimal;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.data.RowValues;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.snapshot.Snapshot;
import io.strata.table.BatchWrite;
import io.strata.table.FileStoreTable;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.TableRead;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code strata quickstart}: creates a primary-key table in a local warehouse, writes upserts and
 * deletes over several commits, compacts, and prints the merged rows and the snapshots.
 */
@Command(name = "quickstart", mixinStandardHelpOptions = true,
        description = "Create a table in a local warehouse, write upserts and deletes over several commits, "
                + "compact, and print the merged rows and the snapshots.")
final class QuickstartCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--warehouse", description = "Warehouse directory (default: ${DEFAULT-VALUE}).",
            defaultValue = "strata-quickstart")
    File warehouse;

    @Option(names = "--fresh", description = "Delete the quickstart table first instead of continuing on it.")
    boolean fresh;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        FileIO io = FileIO.local();
        FileSystemCatalog catalog = new FileSystemCatalog(io, new Path(warehouse.getAbsoluteFile().toURI()));
        Identifier id = Identifier.of("shop", "orders");
        catalog.createDatabase("shop", true);
        if (fresh && catalog.tableExists(id)) {
            catalog.dropTable(id);
        }
        boolean existed = catalog.tableExists(id);
        out.printf("Warehouse %s: %s table %s%n", catalog.warehouse(), existed ? "continuing on existing" : "creating", id);
        FileStoreTable table = catalog.createTable(id, Schema.newBuilder()
                .column("dt", DataTypes.STRING())
                .column("order_id", DataTypes.BIGINT())
                .column("customer", DataTypes.STRING())
                .column("amount", DataTypes.DECIMAL(10, 2))
                .partitionKeys("dt")
                .primaryKey("dt", "order_id")
                .option("bucket", "2")
                .option("file.format", "parquet")
                .build(), true);

        long first = commit(table, out, "insert 6 orders", w -> {
            for (int i = 1; i <= 6; i++) {
                w.write(order(i <= 3 ? "2026-12-01" : "2026-12-02", i, "customer-" + i, 10 * i + 0.5));
            }
        });
        commit(table, out, "update orders 2 and 5, delete order 3", w -> {
            w.write(GenericRow.ofKind(RowKind.UPDATE_AFTER, s("2026-12-01"), 2L, s("customer-2"), dec(99.99)));
            w.write(GenericRow.ofKind(RowKind.UPDATE_AFTER, s("2026-12-02"), 5L, s("customer-5 (vip)"), dec(250.00)));
            w.delete(order("2026-12-01", 3, null, 0));
        });
        commit(table, out, "insert order 7, delete order 6", w -> {
            w.write(order("2026-12-02", 7, "customer-7", 70.25));
            w.delete(order("2026-12-02", 6, null, 0));
        });
        long compacted = table.compactFull();
        out.printf("%ncompact: snapshot %d (COMPACT)%n", compacted);

        out.printf("%nMerged rows of %s (latest snapshot):%n", id);
        printRows(table, table.newScan().plan(), out);
        out.printf("%nAs of snapshot %d (time travel):%n", first);
        printRows(table, table.newScan().asOfSnapshot(first).plan(), out);

        out.printf("%nSnapshots:%n");
        out.printf("  %4s  %-8s  %12s  %12s%n", "id", "kind", "total rows", "delta rows");
        for (Snapshot s : table.snapshotManager().snapshots()) {
            out.printf("  %4d  %-8s  %12d  %12d%n", s.id(), s.commitKind(), s.totalRecordCount(), s.deltaRecordCount());
        }
        out.flush();
        return 0;
    }

    @FunctionalInterface
    private interface Writes {
        void apply(BatchWrite w);
    }

    private static long commit(FileStoreTable table, PrintWriter out, String what, Writes writes) {
        try (BatchWrite w = table.newBatchWrite()) {
            writes.apply(w);
            long id = w.commit();
            out.printf("commit: snapshot %d (%s)%n", id, what);
            return id;
        }
    }

    private static void printRows(FileStoreTable table, Plan plan, PrintWriter out) throws IOException {
        RowType type = plan.readType();
        out.printf("  %s%n", String.join(" | ", type.fieldNames()));
        TableRead read = table.newRead(plan);
        List<String> lines = new ArrayList<>();
        for (Split split : plan.splits()) {
            try (CloseableIterator<Row> rows = read.open(split)) {
                while (rows.hasNext()) {
                    Row r = rows.next();
                    List<String> cells = new ArrayList<>();
                    for (int i = 0; i < type.fieldCount(); i++) {
                        cells.add(String.valueOf(RowValues.get(r, i, type.typeAt(i))));
                    }
                    lines.add(String.join(" | ", cells));
                }
            }
        }
        lines.sort(null);
        for (String l : lines) {
            out.printf("  %s%n", l);
        }
    }

    private static GenericRow order(String dt, long id, String customer, double amount) {
        return GenericRow.of(s(dt), id, customer == null ? null : s(customer), dec(amount));
    }

    private static Utf8String s(String v) {
        return Utf8String.fromString(v);
    }

    private static Decimal dec(double v) {
        return Decimal.fromBigDecimal(BigDecimal.valueOf(v), 10, 2);
    }
}
