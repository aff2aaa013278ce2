package io.strata.benchmarks.hive;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.Decimal;
import io.strata.data.GenericRow;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** Writes the Strata table kinds with Strata's core API (catalog, schema, batch writes, compaction). */
final class StrataTables {

    private static final String DATABASE = "bench";

    private final FileSystemCatalog catalog;
    private final ScanDataSet data;
    private final int buckets;

    StrataTables(Path warehouse, ScanDataSet data, int buckets) {
        this.catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()));
        this.catalog.createDatabase(DATABASE, true);
        this.data = data;
        this.buckets = buckets;
    }

    /**
     * Creates and fills table {@code name} of {@code kind} in {@code format}; returns its directory, the LOCATION
     * Hive registers. Throws what core throws if it refuses the table's options (deletion vectors, until its
     * writers take them).
     */
    Path write(String name, TableKind kind, String format) {
        Map<String, String> options = new HashMap<>();
        options.put("bucket", Integer.toString(buckets));
        options.put("file.format", format);
        options.put("file.compression", "zstd");
        if (kind == TableKind.DELETION_VECTORS) {
            options.put("deletion-vectors.enabled", "true");
        }
        Schema schema = Schema.newBuilder()
                .column("k", DataTypes.BIGINT().withNullable(false))
                .column("i", DataTypes.INT())
                .column("l", DataTypes.BIGINT())
                .column("s", DataTypes.STRING())
                .column("amount", DataTypes.DECIMAL(ScanDataSet.AMOUNT_PRECISION, ScanDataSet.AMOUNT_SCALE))
                .column("d", DataTypes.DOUBLE())
                .column("dt", DataTypes.DATE())
                .column("ts", DataTypes.TIMESTAMP(3))
                .column("b", DataTypes.BOOLEAN())
                .column("g", DataTypes.STRING())
                .primaryKey("k")
                .options(options)
                .build();
        Identifier id = Identifier.of(DATABASE, name);
        Table table = catalog.createTable(id, schema, false);
        try (BatchWrite write = table.newBatchWrite()) {
            for (long k = 0; k < data.rows; k++) {
                write.write(row(data.values(k, 0)));
            }
            write.commit();
        } catch (Exception e) {
            throw new IllegalStateException("Writing the base rows of " + name + " failed", e);
        }
        for (int round = 1; round <= data.updateRounds; round++) {
            try (BatchWrite write = table.newBatchWrite()) {
                for (long k = 0; k < data.rows; k++) {
                    if (data.updated(k, round)) {
                        write.write(row(data.values(k, round)));
                    }
                }
                write.commit();
            } catch (Exception e) {
                throw new IllegalStateException("Writing update round " + round + " of " + name + " failed", e);
            }
        }
        if (kind == TableKind.COMPACTED) {
            table.compactFull();
        }
        return Path.of(catalog.tablePath(id).toUri());
    }

    private static GenericRow row(ScanDataSet.Values v) {
        return GenericRow.of(
                v.k(),
                v.i(),
                v.l(),
                v.s() == null ? null : Utf8String.fromString(v.s()),
                Decimal.fromUnscaledLong(v.amountUnscaled(), ScanDataSet.AMOUNT_PRECISION, ScanDataSet.AMOUNT_SCALE),
                v.d(),
                v.dt(),
                Timestamp.fromEpochMillis(v.tsMillis()),
                v.b(),
                Utf8String.fromString(v.g()));
    }
}
