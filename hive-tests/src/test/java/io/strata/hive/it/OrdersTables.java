package io.strata.hive.it;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.Decimal;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.math.BigDecimal;
import java.util.Map;

/**
 * The small primary-key table the row-level suites change: {@code (id INT, name STRING, amount DECIMAL(10,2),
 * dt STRING)}, key (dt, id), partitioned by dt, 2 buckets, registered in Hive as {@code strata_it.<name>} and
 * filled with four rows over two partitions in one commit (snapshot 1). Strata's own writer fills it: a Hive
 * INSERT (tested in {@code HiveInsertIT}) would cost a Tez or MapReduce job per table of the suites.
 */
final class OrdersTables {

    /** The rows {@link #create} inserts, as Hive prints them. */
    static final String[] INITIAL = {"1\ta\t1.00\t2024-01-01", "2\tb\t2.00\t2024-01-01", "3\tc\t3.00\t2024-01-02",
        "4\td\t4.00\t2024-01-02"};

    private OrdersTables() {}

    /** The table {@code database.name} of {@code catalog}, with {@code options} besides the bucket count. */
    static Table create(EmbeddedHive hive, FileSystemCatalog catalog, String database, String name,
            Map<String, String> options) {
        Schema.Builder schema = Schema.newBuilder()
                .column("id", DataTypes.INT().withNullable(false))
                .column("name", DataTypes.STRING())
                .column("amount", DataTypes.DECIMAL(10, 2))
                .column("dt", DataTypes.STRING().withNullable(false))
                .partitionKeys("dt")
                .primaryKey("dt", "id")
                .option("bucket", "2");
        options.forEach(schema::option);
        Table table = catalog.createTable(Identifier.of(database, name), schema.build(), false);
        hive.query("CREATE EXTERNAL TABLE strata_it." + name + " STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + table.location() + "'");
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(row(1, "a", "1.00", "2024-01-01"));
            w.write(row(2, "b", "2.00", "2024-01-01"));
            w.write(row(3, "c", "3.00", "2024-01-02"));
            w.write(row(4, "d", "4.00", "2024-01-02"));
            w.commit();
        }
        return table;
    }

    private static GenericRow row(int id, String name, String amount, String dt) {
        return GenericRow.of(id, Utf8String.fromString(name), Decimal.fromBigDecimal(new BigDecimal(amount), 10, 2),
                Utf8String.fromString(dt));
    }
}
