package io.strata.cli.quickstart;

import io.strata.data.CloseableIterator;
import io.strata.data.Decimal;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.schema.Schema;
import io.strata.table.Table;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.StreamWrite;
import io.strata.table.TableRead;
import io.strata.types.DataTypes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The quickstart's generated change-data feed: deterministic rounds of inserts, updates and deletes into
 * a primary-key table of orders, and two streams into a partial-update "customer 360" wide table, each
 * filling its own columns of one row per customer: a customer-profile stream (name, city) and an
 * orders-summary stream (order count, total spent, last order date, computed from the orders table).
 *
 * <p>Every stream is a {@link StreamWrite} with its own commit user and growing commit identifiers; the
 * round to generate follows from the orders stream's last committed identifier, so a second run continues
 * where the first stopped.
 */
public final class ChangeFeed {

    /** Orders commits per round. */
    static final int ORDER_COMMITS_PER_ROUND = 3;
    static final String ORDERS_USER = "quickstart-orders";
    static final String PROFILE_USER = "quickstart-customer-profiles";
    static final String SUMMARY_USER = "quickstart-orders-summary";
    private static final long[] CUSTOMERS = {101, 102, 103};
    private static final String[] CITIES_OF_103 = {"Helsinki", "Oslo", "Tallinn", "Riga"};

    /** One commit of one stream, for the command to print. */
    public record Commit(String table, String stream, long identifier, long snapshot, String what) {}

    private final Table orders;
    private final Table customers;
    private final Consumer<Commit> listener;

    public ChangeFeed(Table orders, Table customers, Consumer<Commit> listener) {
        this.orders = orders;
        this.customers = customers;
        this.listener = listener;
    }

    /** The primary-key table: one row per order, partitioned by day. */
    public static Schema ordersSchema() {
        return Schema.newBuilder()
                .column("dt", DataTypes.STRING())
                .column("order_id", DataTypes.BIGINT())
                .column("customer_id", DataTypes.BIGINT())
                .column("amount", DataTypes.DECIMAL(10, 2))
                .column("status", DataTypes.STRING())
                .partitionKeys("dt")
                .primaryKey("dt", "order_id")
                .option("bucket", "2")
                .option("file.format", "parquet")
                .build();
    }

    /** The wide table: one row per customer, its columns filled by two streams (partial update). */
    public static Schema customer360Schema() {
        return Schema.newBuilder()
                .column("customer_id", DataTypes.BIGINT())
                .column("name", DataTypes.STRING())
                .column("city", DataTypes.STRING())
                .column("orders", DataTypes.BIGINT())
                .column("total_spent", DataTypes.DECIMAL(12, 2))
                .column("last_order_dt", DataTypes.STRING())
                .primaryKey("customer_id")
                .option("bucket", "1")
                .option("merge-engine", "partial-update")
                .option("file.format", "parquet")
                .build();
    }

    /** The round the next run generates: 1 on new tables. */
    public int nextRound() {
        try (StreamWrite w = orders.newStreamWrite(ORDERS_USER)) {
            return (int) (w.lastCommittedIdentifier().orElse(0) / ORDER_COMMITS_PER_ROUND) + 1;
        }
    }

    /** Writes one round; returns the snapshot of the orders table after its first commit (for time travel). */
    public long writeRound(int round) {
        try (StreamWrite orderStream = orders.newStreamWrite(ORDERS_USER);
                StreamWrite profiles = customers.newStreamWrite(PROFILE_USER);
                StreamWrite summary = customers.newStreamWrite(SUMMARY_USER)) {
            long firstSnapshot;
            if (round == 1) {
                for (int i = 1; i <= 6; i++) {
                    orderStream.write(order(i <= 3 ? "2026-12-01" : "2026-12-02", i, CUSTOMERS[(i - 1) % 3],
                            new String[] {"20.00", "35.50", "12.00", "80.00", "15.25", "42.00"}[i - 1], "new"));
                }
                firstSnapshot = commit(orderStream, orders, "insert orders 1-6");
                profiles.write(profile(101, "Ada", "London"));
                profiles.write(profile(102, "Grace", "New York"));
                profiles.write(profile(103, "Linus", "Helsinki"));
                commit(profiles, customers, "customers 101-103: name, city");
                writeSummary(summary);

                orderStream.write(update(order("2026-12-01", 2, 102, "39.50", "shipped")));
                orderStream.write(update(order("2026-12-02", 4, 101, "80.00", "shipped")));
                orderStream.delete(order("2026-12-01", 3, 103, "12.00", "new"));
                commit(orderStream, orders, "update orders 2 and 4 (shipped), delete order 3");
                writeSummary(summary);

                orderStream.write(order("2026-12-03", 7, 103, "60.00", "new"));
                orderStream.delete(order("2026-12-02", 6, 103, "42.00", "new"));
                commit(orderStream, orders, "insert order 7, delete order 6");
                profiles.write(update(profile(102, "Grace", "Boston")));
                commit(profiles, customers, "customer 102 moved to Boston");
                writeSummary(summary);
            } else {
                String dt = String.format("2026-12-%02d", Math.min(28, round + 2));
                long first = 10L * round + 1;
                long second = first + 1;
                orderStream.write(order(dt, first, 101, round + "0.00", "new"));
                orderStream.write(order(dt, second, 102, round + "5.00", "new"));
                firstSnapshot = commit(orderStream, orders, "insert orders " + first + " and " + second);
                writeSummary(summary);

                orderStream.write(update(order(dt, first, 101, round + "0.00", "shipped")));
                commit(orderStream, orders, "update order " + first + " (shipped)");
                String city = CITIES_OF_103[(round - 1) % CITIES_OF_103.length];
                profiles.write(update(profile(103, "Linus", city)));
                commit(profiles, customers, "customer 103 moved to " + city);

                orderStream.delete(order(dt, second, 102, round + "5.00", "new"));
                commit(orderStream, orders, "delete order " + second);
                writeSummary(summary);
            }
            return firstSnapshot;
        }
    }

    /** Recomputes every customer's order columns from the orders table's latest snapshot and commits them. */
    private void writeSummary(StreamWrite summary) {
        Map<Long, BigDecimal> spent = new TreeMap<>();
        Map<Long, Long> counts = new TreeMap<>();
        Map<Long, String> last = new TreeMap<>();
        Plan plan = orders.newScan().plan();
        TableRead read = orders.newRead(plan);
        for (Split split : plan.splits()) {
            try (CloseableIterator<Row> rows = read.open(split)) {
                while (rows.hasNext()) {
                    Row r = rows.next();
                    long customer = r.getLong(2);
                    counts.merge(customer, 1L, Long::sum);
                    spent.merge(customer, r.getDecimal(3, 10, 2).toBigDecimal(), BigDecimal::add);
                    last.merge(customer, r.getString(0).toString(), (a, b) -> a.compareTo(b) >= 0 ? a : b);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("Reading " + orders.location() + " for the orders summary failed", e);
            }
        }
        for (long customer : CUSTOMERS) {
            BigDecimal total = spent.getOrDefault(customer, BigDecimal.ZERO).setScale(2);
            // Only this stream's columns are set: partial-update keeps the profile stream's name and city.
            summary.write(GenericRow.ofKind(RowKind.UPDATE_AFTER, customer, null, null,
                    counts.getOrDefault(customer, 0L), Decimal.fromBigDecimal(total, 12, 2),
                    last.containsKey(customer) ? s(last.get(customer)) : null));
        }
        commit(summary, customers, "order count, total spent, last order date of customers 101-103");
    }

    private long commit(StreamWrite w, Table table, String what) {
        long identifier = w.lastCommittedIdentifier().orElse(0) + 1;
        long snapshot = w.commit(identifier);
        listener.accept(new Commit(table.location().getName(), w.commitUser(), identifier, snapshot, what));
        return snapshot;
    }

    private static GenericRow order(String dt, long id, long customer, String amount, String status) {
        return GenericRow.of(s(dt), id, customer, Decimal.fromBigDecimal(new BigDecimal(amount), 10, 2), s(status));
    }

    private static GenericRow profile(long customer, String name, String city) {
        return GenericRow.of(customer, s(name), s(city), null, null, null);
    }

    private static GenericRow update(GenericRow row) {
        row.setKind(RowKind.UPDATE_AFTER);
        return row;
    }

    private static Utf8String s(String v) {
        return Utf8String.fromString(v);
    }
}
