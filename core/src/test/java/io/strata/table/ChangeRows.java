package io.strata.table;

import io.strata.data.CloseableIterator;
import io.strata.data.Row;
import io.strata.oracle.PaimonOracle;
import io.strata.oracle.PaimonValues;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.source.ReadBuilder;

/** Rows of change reads as sorted "kind[values]" text, from Strata and from Paimon, for multiset comparisons. */
final class ChangeRows {

    private ChangeRows() {}

    /** Every row of a change plan, as "+I[...]", sorted. */
    static List<String> read(Table table, ChangePlan plan) throws IOException {
        List<String> out = new ArrayList<>();
        ChangeRead read = table.newChangeRead(plan);
        for (ChangeSplit split : plan.splits()) {
            try (CloseableIterator<Row> rows = read.open(split)) {
                while (rows.hasNext()) {
                    Row row = rows.next();
                    out.add(row.kind().shortString() + TestRows.format(row, plan.readType()));
                }
            }
        }
        out.sort(null);
        return out;
    }

    /** Paimon's read of the table with dynamic options (e.g. incremental-between), as "+I[...]", sorted. */
    static List<String> paimon(PaimonOracle oracle, String table, Map<String, String> options) throws Exception {
        org.apache.paimon.table.Table t = oracle.table("db", table).copy(options);
        RowType type = io.strata.oracle.PaimonTypes.toStrata(t.rowType());
        ReadBuilder rb = t.newReadBuilder();
        List<String> out = new ArrayList<>();
        try (RecordReader<InternalRow> reader = rb.newRead().createReader(rb.newScan().plan().splits())) {
            reader.forEachRemaining(r -> out.add(r.getRowKind().shortString()
                    + TestRows.format(PaimonValues.toStrataRow(r, t.rowType()), type)));
        }
        out.sort(null);
        return out;
    }

    /**
     * Paimon's streaming read of the table with dynamic options (scan.mode, ...), every plan until it
     * has caught up with the latest snapshot, as "+I[...]", sorted.
     */
    static List<String> paimonStream(PaimonOracle oracle, String table, Map<String, String> options) throws Exception {
        return ChangelogFiles.multiset(oracle.readStream("db", table, options), oracle.rowType("db", table));
    }

    /** Every plan a stream has now (until it has caught up), read, appended to {@code out}; returns the plans. */
    static List<ChangePlan> drain(Table table, ChangeStream stream, List<String> out) throws IOException {
        List<ChangePlan> plans = new ArrayList<>();
        for (java.util.Optional<ChangePlan> p = stream.nextPlan(); p.isPresent(); p = stream.nextPlan()) {
            out.addAll(read(table, p.get()));
            plans.add(p.get());
        }
        return plans;
    }
}
