package io.strata.benchmarks;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.catalog.Tables;
import io.strata.data.CloseableIterator;
import io.strata.data.Decimal;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.Table;
import io.strata.table.TableRead;
import io.strata.types.DataTypes;
import java.nio.file.Path;

/** Strata through its public table API: one batch write and commit per data-set commit. */
final class StrataEngine implements Engine {

    @Override
    public String name() {
        return "Strata";
    }

    @Override
    public long write(Path warehouse, String table, String format, UpsertDataSet data, BenchmarkOptions options)
            throws Exception {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()));
        catalog.createDatabase("bench", true);
        Schema schema = Schema.newBuilder()
                .column("k", DataTypes.BIGINT().withNullable(false))
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
        Table t = catalog.createTable(Identifier.of("bench", table), schema, false);
        long written = 0;
        for (int c = 0; c < data.commits; c++) {
            try (BatchWrite write = t.newBatchWrite()) {
                for (int r = data.commitStart(c); r < data.commitStart(c + 1); r++) {
                    GenericRow row = GenericRow.ofKind(data.delete[r] ? RowKind.DELETE : RowKind.INSERT,
                            data.key[r],
                            data.iNull[r] ? null : data.i[r],
                            data.l[r],
                            data.d[r],
                            data.s[r] == null ? null : Utf8String.fromBytes(data.s[r]),
                            Decimal.fromUnscaledLong(data.decUnscaled[r], UpsertDataSet.DECIMAL_PRECISION,
                                    UpsertDataSet.DECIMAL_SCALE),
                            Timestamp.fromEpochMillis(data.tsMillis[r]),
                            data.b[r]);
                    write.write(row);
                    written++;
                }
                write.commit();
            }
        }
        return written;
    }

    @Override
    public RowDigest read(Path tableDir) throws Exception {
        Table t = Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(tableDir.toUri()));
        Plan plan = t.newScan().plan();
        TableRead read = t.newRead(plan);
        RowDigest digest = new RowDigest();
        for (Split split : plan.splits()) {
            try (CloseableIterator<Row> it = read.open(split)) {
                while (it.hasNext()) {
                    digest.add(hash(it.next()));
                }
            }
        }
        return digest;
    }

    /** Reads every field, as a query selecting all columns would, into {@link RowDigest#rowHash}. */
    private static long hash(Row row) {
        boolean iNull = row.isNullAt(1);
        boolean sNull = row.isNullAt(4);
        long stringHash = 0;
        if (!sNull) {
            Utf8String s = row.getString(4);
            byte[] buffer = s.buffer();
            int end = s.offset() + s.length();
            stringHash = RowDigest.stringStart(s.length());
            for (int n = s.offset(); n < end; n++) {
                stringHash = RowDigest.stringByte(stringHash, buffer[n]);
            }
        }
        Timestamp ts = row.getTimestamp(6, 3);
        return RowDigest.rowHash(row.getLong(0), iNull, iNull ? 0 : row.getInt(1), row.getLong(2), row.getDouble(3),
                sNull, stringHash,
                row.getDecimal(5, UpsertDataSet.DECIMAL_PRECISION, UpsertDataSet.DECIMAL_SCALE).toUnscaledLong(),
                ts.millisecond(), ts.nanoOfMillisecond(), row.getBoolean(7));
    }
}
