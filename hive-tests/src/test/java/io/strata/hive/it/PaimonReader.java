package io.strata.hive.it;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.paimon.Snapshot;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.fs.Path;
import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.FileStoreTableFactory;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.DataType;

/**
 * Apache Paimon 1.4.2, the format's oracle, reading a table Hive wrote through Strata: its merged rows as
 * Hive prints them (tab-separated, NULL for null; the types {@link HiveInsertIT} writes) and the kind of its
 * latest snapshot.
 */
final class PaimonReader {

    private PaimonReader() {}

    static List<String> rows(io.strata.table.Table strataTable) {
        return rows(strataTable, open(strataTable));
    }

    /** The rows of a tag's snapshot, as Paimon reads them ({@code scan.tag-name}). */
    static List<String> rowsOfTag(io.strata.table.Table strataTable, String tag) {
        return rows(strataTable, open(strataTable).copy(java.util.Map.of("scan.tag-name", tag)));
    }

    private static List<String> rows(io.strata.table.Table strataTable, FileStoreTable table) {
        if (table.latestSnapshot().isEmpty()) {
            return List.of();
        }
        List<DataType> types = table.rowType().getFieldTypes();
        List<InternalRow.FieldGetter> getters = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            getters.add(InternalRow.createFieldGetter(types.get(i), i));
        }
        ReadBuilder builder = table.newReadBuilder();
        List<String> rows = new ArrayList<>();
        try (RecordReader<InternalRow> reader = builder.newRead().createReader(builder.newScan().plan().splits())) {
            reader.forEachRemaining(row -> {
                List<String> cells = new ArrayList<>();
                for (InternalRow.FieldGetter getter : getters) {
                    Object value = getter.getFieldOrNull(row);
                    cells.add(value == null ? "NULL"
                            : value instanceof Decimal d ? plain(d.toBigDecimal())
                            : value instanceof byte[] bytes ? java.util.HexFormat.of().formatHex(bytes) : value.toString());
                }
                rows.add(String.join("\t", cells));
            });
        } catch (Exception e) {
            throw new IllegalStateException("Paimon could not read " + strataTable.location(), e);
        }
        return rows;
    }

    /** The kind of the latest snapshot, as Paimon reads it ({@code APPEND}, {@code OVERWRITE}, ...). */
    static String latestKind(io.strata.table.Table strataTable) {
        return open(strataTable).latestSnapshot().map(Snapshot::commitKind).map(Enum::name).orElse("none");
    }

    /** The statistics file of the latest snapshot, as Paimon reads it (what Spark's optimizer gets). */
    static java.util.Optional<org.apache.paimon.stats.Statistics> statistics(io.strata.table.Table strataTable) {
        return open(strataTable).statistics();
    }

    private static String plain(BigDecimal value) {
        return value.toPlainString();
    }

    private static FileStoreTable open(io.strata.table.Table strataTable) {
        return FileStoreTableFactory.create(LocalFileIO.create(), new Path(strataTable.location().toUri()));
    }
}
