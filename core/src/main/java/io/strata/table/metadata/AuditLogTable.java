package io.strata.table.metadata;

import io.strata.api.PublicApi;
import io.strata.data.ArrayData;
import io.strata.data.CloseableIterator;
import io.strata.data.Decimal;
import io.strata.data.MapData;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.table.ChangePlan;
import io.strata.table.ChangeRead;
import io.strata.table.ChangeSplit;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.Table;
import io.strata.table.TableRead;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.OptionalLong;

/**
 * {@code audit_log}: the table's rows with their row kind in a first column {@code rowkind} ({@code +I},
 * {@code -U}, {@code +U}, {@code -D}), as Paimon's {@code t$audit_log}. Without read options: the rows a read of
 * the snapshot returns (every key once, with the kind of its latest change). With Paimon's read options
 * {@code incremental-between} ({@code "from,to"} snapshot ids), {@code incremental-between-timestamp} or
 * {@code incremental-between-scan-mode} ({@link #withReadOptions}): the changes of the snapshots in that range,
 * deletes and updates included, as the core's incremental read gives them (a diff, between two tags or in the
 * diff scan mode, with the keys it deleted as {@code -D}).
 */
@PublicApi
public final class AuditLogTable extends BaseMetadataTable {

    /** The name: {@code db.t.audit_log} in HiveQL, {@code t$audit_log} in Paimon. */
    public static final String NAME = "audit_log";

    /** Paimon's read options that make the table an incremental read. */
    public static final List<String> INCREMENTAL_OPTIONS = List.of("incremental-between",
            "incremental-between-timestamp", "incremental-between-scan-mode", "incremental-between-tag-to-snapshot",
            "incremental-to-auto-tag");

    private final Map<String, String> readOptions;

    AuditLogTable(Table table) {
        this(table, Map.of());
    }

    private AuditLogTable(Table table, Map<String, String> readOptions) {
        super(table, NAME, rowType(table.schema().rowType()), true);
        this.readOptions = Map.copyOf(readOptions);
    }

    private static RowType rowType(RowType data) {
        List<DataField> fields = new ArrayList<>(data.fieldCount() + 1);
        // An id no column of the table has: the kind is not one of its columns.
        fields.add(new DataField(data.highestFieldId() + 1, "rowkind", DataTypes.STRING()));
        fields.addAll(data.fields());
        return RowType.of(fields.toArray(DataField[]::new));
    }

    /**
     * The same table reading the changes Paimon's read options name ({@link #INCREMENTAL_OPTIONS}); other options
     * are ignored. Fails naming the option when a value is malformed.
     */
    public AuditLogTable withReadOptions(Map<String, String> options) {
        AuditLogTable changed = new AuditLogTable(table, options);
        if (changed.isIncremental()) {
            table.newIncrementalScan().withOptions(options); // checks the values now, not at the first read
        }
        return changed;
    }

    /** Whether rows are the changes of a range of snapshots rather than a snapshot's rows. */
    public boolean isIncremental() {
        return readOptions.containsKey("incremental-between") || readOptions.containsKey("incremental-between-timestamp")
                || readOptions.containsKey("incremental-to-auto-tag");
    }

    @Override
    public CloseableIterator<Row> rows(OptionalLong snapshotId) throws IOException {
        if (isIncremental()) {
            ChangePlan plan = table.newIncrementalScan().withOptions(readOptions).plan();
            // As Paimon's audit_log: a diff shows the keys it deleted too.
            ChangeRead read = table.newChangeRead(plan).withDeletes();
            Iterator<ChangeSplit> splits = plan.splits().iterator();
            return new KindedRows(() -> splits.hasNext() ? read.open(splits.next()) : null);
        }
        if (table.latestSnapshot().isEmpty()) {
            return MetadataRows.iterator(List.of());
        }
        Plan plan = snapshotId.isPresent() ? table.newScan().asOfSnapshot(snapshotId.getAsLong()).plan()
                : table.newScan().plan();
        TableRead read = table.newRead(plan).withRowKinds();
        Iterator<Split> splits = plan.splits().iterator();
        return new KindedRows(() -> splits.hasNext() ? read.open(splits.next()) : null);
    }

    /** The next split's rows, or null after the last split. */
    private interface SplitRows {
        CloseableIterator<Row> next() throws IOException;
    }

    /** The rows of one split after another, each shown with its kind first. */
    private static final class KindedRows implements CloseableIterator<Row> {

        private final SplitRows splits;
        private final KindedRow row = new KindedRow();
        private CloseableIterator<Row> current;
        private boolean done;

        KindedRows(SplitRows splits) {
            this.splits = splits;
        }

        @Override
        public boolean hasNext() {
            try {
                while (!done && (current == null || !current.hasNext())) {
                    if (current != null) {
                        current.close();
                    }
                    current = splits.next();
                    done = current == null;
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e.getMessage(), e);
            }
            return !done;
        }

        @Override
        public Row next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return row.of(current.next());
        }

        @Override
        public void close() throws IOException {
            if (current != null) {
                current.close();
            }
        }
    }

    /**
     * A row of the table seen with its kind as a first string column; a view, valid until the next row (as the
     * rows of a read are).
     */
    private static final class KindedRow implements Row {

        private static final Map<RowKind, Utf8String> KINDS = new EnumMap<>(RowKind.class);

        static {
            for (RowKind kind : RowKind.values()) {
                KINDS.put(kind, Utf8String.fromString(kind.shortString()));
            }
        }

        private Row row;

        KindedRow of(Row row) {
            this.row = row;
            return this;
        }

        @Override
        public int arity() {
            return row.arity() + 1;
        }

        @Override
        public RowKind kind() {
            return RowKind.INSERT;
        }

        @Override
        public boolean isNullAt(int pos) {
            return pos != 0 && row.isNullAt(pos - 1);
        }

        @Override
        public boolean getBoolean(int pos) {
            return row.getBoolean(pos - 1);
        }

        @Override
        public byte getByte(int pos) {
            return row.getByte(pos - 1);
        }

        @Override
        public short getShort(int pos) {
            return row.getShort(pos - 1);
        }

        @Override
        public int getInt(int pos) {
            return row.getInt(pos - 1);
        }

        @Override
        public long getLong(int pos) {
            return row.getLong(pos - 1);
        }

        @Override
        public float getFloat(int pos) {
            return row.getFloat(pos - 1);
        }

        @Override
        public double getDouble(int pos) {
            return row.getDouble(pos - 1);
        }

        @Override
        public Utf8String getString(int pos) {
            return pos == 0 ? KINDS.get(row.kind()) : row.getString(pos - 1);
        }

        @Override
        public Decimal getDecimal(int pos, int precision, int scale) {
            return row.getDecimal(pos - 1, precision, scale);
        }

        @Override
        public Timestamp getTimestamp(int pos, int precision) {
            return row.getTimestamp(pos - 1, precision);
        }

        @Override
        public byte[] getBinary(int pos) {
            return row.getBinary(pos - 1);
        }

        @Override
        public ArrayData getArray(int pos) {
            return row.getArray(pos - 1);
        }

        @Override
        public MapData getMap(int pos) {
            return row.getMap(pos - 1);
        }

        @Override
        public Row getRow(int pos, int arity) {
            return row.getRow(pos - 1, arity);
        }
    }
}
