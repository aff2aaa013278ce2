package io.strata.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.Split;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowKind;

/**
 * Apache Paimon 1.4.2 through its own Java API: a filesystem catalog, one {@link BatchWriteBuilder}
 * write and commit per data-set commit (with an {@link IOManager} so its write buffer can spill), and
 * a {@link ReadBuilder} read of all splits.
 */
final class PaimonEngine implements Engine {

    @Override
    public String name() {
        return "Paimon";
    }

    private static Catalog catalog(Path warehouse) {
        Options options = new Options();
        options.set("warehouse", warehouse.toUri().toString());
        options.set("cache-enabled", "false");
        return CatalogFactory.createCatalog(CatalogContext.create(options, new org.apache.hadoop.conf.Configuration()));
    }

    @Override
    public long write(Path warehouse, String table, String format, UpsertDataSet data, BenchmarkOptions options)
            throws Exception {
        Path ioDir = Files.createTempDirectory("paimon-bench-io");
        try (Catalog catalog = catalog(warehouse); IOManager io = IOManager.create(ioDir.toString())) {
            catalog.createDatabase("bench", true);
            Schema schema = Schema.newBuilder()
                    .column("k", DataTypes.BIGINT().notNull())
                    .column("i", DataTypes.INT())
                    .column("l", DataTypes.BIGINT())
                    .column("d", DataTypes.DOUBLE())
                    .column("s", DataTypes.STRING())
                    .column("dec", DataTypes.DECIMAL(UpsertDataSet.DECIMAL_PRECISION, UpsertDataSet.DECIMAL_SCALE))
                    .column("ts", DataTypes.TIMESTAMP(3))
                    .column("b", DataTypes.BOOLEAN())
                    .primaryKey("k")
                    .options(options.tableOptions(format))
                    .build();
            Identifier id = Identifier.create("bench", table);
            catalog.createTable(id, schema, false);
            Table t = catalog.getTable(id);
            long written = 0;
            for (int c = 0; c < data.commits; c++) {
                BatchWriteBuilder builder = t.newBatchWriteBuilder();
                try (BatchTableWrite write = builder.newWrite().withIOManager(io);
                        BatchTableCommit commit = builder.newCommit()) {
                    for (int r = data.commitStart(c); r < data.commitStart(c + 1); r++) {
                        GenericRow row = GenericRow.ofKind(data.delete[r] ? RowKind.DELETE : RowKind.INSERT,
                                data.key[r],
                                data.iNull[r] ? null : data.i[r],
                                data.l[r],
                                data.d[r],
                                data.s[r] == null ? null : BinaryString.fromBytes(data.s[r]),
                                Decimal.fromUnscaledLong(data.decUnscaled[r], UpsertDataSet.DECIMAL_PRECISION,
                                        UpsertDataSet.DECIMAL_SCALE),
                                Timestamp.fromEpochMillis(data.tsMillis[r]),
                                data.b[r]);
                        write.write(row);
                        written++;
                    }
                    commit.commit(write.prepareCommit());
                }
            }
            return written;
        } finally {
            deleteTree(ioDir);
        }
    }

    @Override
    public RowDigest read(Path tableDir) throws Exception {
        Path warehouse = tableDir.getParent().getParent();
        String db = tableDir.getParent().getFileName().toString().replaceFirst("\\.db$", "");
        try (Catalog catalog = catalog(warehouse)) {
            Table t = catalog.getTable(Identifier.create(db, tableDir.getFileName().toString()));
            ReadBuilder builder = t.newReadBuilder();
            List<Split> splits = builder.newScan().plan().splits();
            RowDigest digest = new RowDigest();
            try (RecordReader<InternalRow> reader = builder.newRead().createReader(splits)) {
                RecordReader.RecordIterator<InternalRow> batch;
                while ((batch = reader.readBatch()) != null) {
                    InternalRow row;
                    while ((row = batch.next()) != null) {
                        digest.add(hash(row));
                    }
                    batch.releaseBatch();
                }
            }
            return digest;
        }
    }

    /** Reads every field into {@link RowDigest#rowHash}, as {@code StrataEngine} does. */
    private static long hash(InternalRow row) {
        boolean iNull = row.isNullAt(1);
        boolean sNull = row.isNullAt(4);
        long stringHash = 0;
        if (!sNull) {
            BinaryString s = row.getString(4);
            int length = s.getSizeInBytes();
            stringHash = RowDigest.stringStart(length);
            for (int n = 0; n < length; n++) {
                stringHash = RowDigest.stringByte(stringHash, s.byteAt(n));
            }
        }
        Timestamp ts = row.getTimestamp(6, 3);
        return RowDigest.rowHash(row.getLong(0), iNull, iNull ? 0 : row.getInt(1), row.getLong(2), row.getDouble(3),
                sNull, stringHash,
                row.getDecimal(5, UpsertDataSet.DECIMAL_PRECISION, UpsertDataSet.DECIMAL_SCALE).toUnscaledLong(),
                ts.getMillisecond(), ts.getNanoOfMillisecond(), row.getBoolean(7));
    }

    static void deleteTree(Path root) throws java.io.IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var paths = Files.walk(root)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
