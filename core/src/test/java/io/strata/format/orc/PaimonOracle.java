package io.strata.format.orc;

import io.strata.data.GenericArray;
import io.strata.data.GenericMap;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import io.strata.types.MapType;
import io.strata.types.RowType;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.InternalArray;
import org.apache.paimon.data.InternalMap;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.format.FileFormat;
import org.apache.paimon.format.FormatReaderContext;
import org.apache.paimon.format.FormatWriter;
import org.apache.paimon.fs.Path;
import org.apache.paimon.fs.PositionOutputStream;
import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;

/** Apache Paimon 1.4.2 as the oracle: its types, values, tables and ORC format, converted to and from Strata's. */
final class PaimonOracle {

    private PaimonOracle() {}

    // ---- types

    static org.apache.paimon.types.DataType toPaimon(DataType type) {
        org.apache.paimon.types.DataType t;
        if (type instanceof ArrayType a) {
            t = org.apache.paimon.types.DataTypes.ARRAY(toPaimon(a.element()));
        } else if (type instanceof MapType m) {
            t = org.apache.paimon.types.DataTypes.MAP(toPaimon(m.key()), toPaimon(m.value()));
        } else if (type instanceof RowType r) {
            t = toPaimon(r);
        } else {
            AtomicType at = (AtomicType) type;
            t = switch (at.root()) {
                case BOOLEAN -> org.apache.paimon.types.DataTypes.BOOLEAN();
                case TINYINT -> org.apache.paimon.types.DataTypes.TINYINT();
                case SMALLINT -> org.apache.paimon.types.DataTypes.SMALLINT();
                case INT -> org.apache.paimon.types.DataTypes.INT();
                case BIGINT -> org.apache.paimon.types.DataTypes.BIGINT();
                case FLOAT -> org.apache.paimon.types.DataTypes.FLOAT();
                case DOUBLE -> org.apache.paimon.types.DataTypes.DOUBLE();
                case DECIMAL -> org.apache.paimon.types.DataTypes.DECIMAL(at.precision(), at.scale());
                case CHAR -> org.apache.paimon.types.DataTypes.CHAR(at.length());
                case VARCHAR -> org.apache.paimon.types.DataTypes.VARCHAR(at.length());
                case BINARY -> org.apache.paimon.types.DataTypes.BINARY(at.length());
                case VARBINARY -> org.apache.paimon.types.DataTypes.VARBINARY(at.length());
                case DATE -> org.apache.paimon.types.DataTypes.DATE();
                case TIME -> org.apache.paimon.types.DataTypes.TIME(at.precision());
                case TIMESTAMP -> org.apache.paimon.types.DataTypes.TIMESTAMP(at.precision());
                case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> org.apache.paimon.types.DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(at.precision());
                default -> throw new IllegalArgumentException(at.toString());
            };
        }
        return t.copy(type.nullable());
    }

    static org.apache.paimon.types.RowType toPaimon(RowType row) {
        List<org.apache.paimon.types.DataField> fields = new ArrayList<>();
        for (DataField f : row.fields()) {
            fields.add(new org.apache.paimon.types.DataField(f.id(), f.name(), toPaimon(f.type())));
        }
        return new org.apache.paimon.types.RowType(row.nullable(), fields);
    }

    static DataType fromPaimon(org.apache.paimon.types.DataType type) {
        DataType t = switch (type.getTypeRoot()) {
            case ARRAY -> DataTypes.ARRAY(fromPaimon(((org.apache.paimon.types.ArrayType) type).getElementType()));
            case MAP -> DataTypes.MAP(
                    fromPaimon(((org.apache.paimon.types.MapType) type).getKeyType()),
                    fromPaimon(((org.apache.paimon.types.MapType) type).getValueType()));
            case ROW -> fromPaimon((org.apache.paimon.types.RowType) type);
            // Simple types print the same in both: let Strata's parser read Paimon's SQL string.
            default -> io.strata.types.TypeParser.parse(type.copy(true).asSQLString());
        };
        return t.withNullable(type.isNullable());
    }

    static RowType fromPaimon(org.apache.paimon.types.RowType row) {
        List<DataField> fields = new ArrayList<>();
        for (org.apache.paimon.types.DataField f : row.getFields()) {
            fields.add(new DataField(f.id(), f.name(), fromPaimon(f.type())));
        }
        return new RowType(fields, row.isNullable());
    }

    // ---- values

    /** A Strata internal value (as in a GenericRow) as Paimon's internal value. */
    static Object toPaimonValue(Object v, DataType type) {
        if (v == null) {
            return null;
        }
        if (v instanceof Utf8String s) {
            return BinaryString.fromString(s.toString());
        }
        if (v instanceof io.strata.data.Decimal d) {
            AtomicType at = (AtomicType) type;
            return org.apache.paimon.data.Decimal.fromBigDecimal(d.toBigDecimal(), at.precision(), at.scale());
        }
        if (v instanceof io.strata.data.Timestamp ts) {
            return org.apache.paimon.data.Timestamp.fromEpochMillis(ts.millisecond(), ts.nanoOfMillisecond());
        }
        if (v instanceof GenericArray a) {
            DataType et = ((ArrayType) type).element();
            Object[] out = new Object[a.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = toPaimonValue(a.get(i), et);
            }
            return new org.apache.paimon.data.GenericArray(out);
        }
        if (v instanceof GenericMap m) {
            MapType mt = (MapType) type;
            Map<Object, Object> out = new LinkedHashMap<>();
            for (int i = 0; i < m.size(); i++) {
                out.put(toPaimonValue(m.keys().get(i), mt.key()), toPaimonValue(m.values().get(i), mt.value()));
            }
            return new org.apache.paimon.data.GenericMap(out);
        }
        if (v instanceof GenericRow r) {
            return toPaimonRow(r, (RowType) type);
        }
        return v;
    }

    static org.apache.paimon.data.GenericRow toPaimonRow(GenericRow row, RowType type) {
        Object[] out = new Object[type.fieldCount()];
        for (int i = 0; i < out.length; i++) {
            out[i] = toPaimonValue(row.get(i), type.typeAt(i));
        }
        return org.apache.paimon.data.GenericRow.of(out);
    }

    /** A Paimon row as {@link PlainValues} would show the same Strata row. */
    static List<Object> plain(InternalRow row, org.apache.paimon.types.RowType type) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < type.getFieldCount(); i++) {
            org.apache.paimon.types.DataType t = type.getTypeAt(i);
            out.add(plain(InternalRow.createFieldGetter(t, i).getFieldOrNull(row), t));
        }
        return out;
    }

    static Object plain(Object v, org.apache.paimon.types.DataType type) {
        if (v == null) {
            return null;
        }
        if (v instanceof BinaryString s) {
            return s.toString();
        }
        if (v instanceof byte[] b) {
            return HexFormat.of().formatHex(b);
        }
        if (v instanceof org.apache.paimon.data.Decimal d) {
            return d.toBigDecimal();
        }
        if (v instanceof org.apache.paimon.data.Timestamp t) {
            return io.strata.data.Timestamp.of(t.getMillisecond(), t.getNanoOfMillisecond()).toString();
        }
        if (v instanceof InternalArray a && type instanceof org.apache.paimon.types.ArrayType at) {
            return plainList(a, at.getElementType());
        }
        if (v instanceof InternalMap m && type instanceof org.apache.paimon.types.MapType mt) {
            List<Object> keys = plainList(m.keyArray(), mt.getKeyType());
            List<Object> values = plainList(m.valueArray(), mt.getValueType());
            Map<Object, Object> out = new LinkedHashMap<>();
            for (int i = 0; i < keys.size(); i++) {
                out.put(keys.get(i), values.get(i));
            }
            return out;
        }
        if (v instanceof InternalRow r && type instanceof org.apache.paimon.types.RowType rt) {
            return plain(r, rt);
        }
        if (v instanceof BigDecimal) {
            return v;
        }
        return v;
    }

    private static List<Object> plainList(InternalArray a, org.apache.paimon.types.DataType et) {
        InternalArray.ElementGetter getter = InternalArray.createElementGetter(et);
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            out.add(plain(getter.getElementOrNull(a, i), et));
        }
        return out;
    }

    // ---- files

    /** Reads an ORC file with Paimon's own ORC reader, as plain values. */
    static List<List<Object>> readOrc(java.nio.file.Path file, RowType type) throws IOException {
        org.apache.paimon.types.RowType paimonType = toPaimon(type);
        FileFormat format = FileFormat.fromIdentifier("orc", new Options());
        List<List<Object>> rows = new ArrayList<>();
        try (RecordReader<InternalRow> reader = format.createReaderFactory(paimonType, paimonType, new ArrayList<>())
                .createReader(new FormatReaderContext(
                        LocalFileIO.create(), new Path(file.toUri()), Files.size(file)))) {
            RecordReader.RecordIterator<InternalRow> batch;
            while ((batch = reader.readBatch()) != null) {
                InternalRow row;
                while ((row = batch.next()) != null) {
                    rows.add(plain(row, paimonType));
                }
                batch.releaseBatch();
            }
        }
        return rows;
    }

    /** Writes rows with Paimon's own ORC writer (format API, default options). */
    static void writeOrc(java.nio.file.Path file, RowType type, List<GenericRow> rows) throws IOException {
        org.apache.paimon.types.RowType paimonType = toPaimon(type);
        FileFormat format = FileFormat.fromIdentifier("orc", new Options());
        try (PositionOutputStream out = LocalFileIO.create().newOutputStream(new Path(file.toUri()), false)) {
            FormatWriter writer = format.createWriterFactory(paimonType).create(out, "zstd");
            for (GenericRow row : rows) {
                writer.addElement(toPaimonRow(row, type));
            }
            writer.close();
        }
    }

    /**
     * Creates an append table with {@code file.format=orc} through Paimon's filesystem catalog, writes the
     * rows in one commit and returns the table's row type (with the field ids Paimon assigned) and its
     * data files.
     */
    static TableFiles writeTable(java.nio.file.Path warehouse, RowType type, List<GenericRow> rows) throws Exception {
        try (Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(new Path(warehouse.toUri())))) {
            catalog.createDatabase("db", true);
            Schema.Builder schema = Schema.newBuilder().option("file.format", "orc").option("bucket", "-1");
            for (DataField f : type.fields()) {
                schema.column(f.name(), toPaimon(f.type()));
            }
            Identifier id = Identifier.create("db", "t");
            catalog.createTable(id, schema.build(), false);
            FileStoreTable table = (FileStoreTable) catalog.getTable(id);
            RowType tableType = fromPaimon(table.rowType());
            BatchWriteBuilder builder = table.newBatchWriteBuilder();
            try (BatchTableWrite write = builder.newWrite(); BatchTableCommit commit = builder.newCommit()) {
                for (GenericRow row : rows) {
                    write.write(toPaimonRow(row, tableType));
                }
                commit.commit(write.prepareCommit());
            }
            List<java.nio.file.Path> files;
            try (Stream<java.nio.file.Path> walk = Files.walk(warehouse)) {
                files = walk.filter(p -> p.getFileName().toString().endsWith(".orc")).sorted().toList();
            }
            return new TableFiles(tableType, files);
        }
    }

    record TableFiles(RowType type, List<java.nio.file.Path> files) {}
}
