package io.strata.format.avro;

import static io.strata.types.DataTypes.ARRAY;
import static io.strata.types.DataTypes.BIGINT;
import static io.strata.types.DataTypes.DECIMAL;
import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.INT;
import static io.strata.types.DataTypes.MAP;
import static io.strata.types.DataTypes.ROW;
import static io.strata.types.DataTypes.STRING;
import static io.strata.types.DataTypes.TIMESTAMP;

import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.format.ColumnarBatch;
import io.strata.format.ColumnarRow;
import io.strata.format.FormatFiles;
import io.strata.format.FormatReader;
import io.strata.format.FormatWriter;
import io.strata.fs.FileIO;
import io.strata.oracle.RandomRows;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import io.strata.types.TypeRoot;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.hadoop.fs.Path;

/** Test helpers: the types Avro files hold, rows of them, Strata's writer and reader on local files. */
final class AvroFiles {

    static final FileIO IO = FileIO.local();
    static final AvroFormatFactory FACTORY = new AvroFormatFactory();

    private AvroFiles() {}

    /**
     * One column of every atomic type Paimon's Avro files hold ({@link RandomRows#atomicTypes()} but the
     * timestamps of precision 7..9), a NOT NULL column, and nested types: arrays, maps with string and
     * non-string keys, a multiset, rows in rows. Nested field ids are unique, as Paimon requires.
     */
    static RowType allTypes() {
        List<DataField> fields = new ArrayList<>();
        for (AtomicType type : RandomRows.atomicTypes()) {
            boolean timestamp = type.root() == TypeRoot.TIMESTAMP || type.root() == TypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE;
            if (!(timestamp && type.precision() > 6)) {
                fields.add(new DataField(fields.size(), "c" + fields.size(), type));
            }
        }
        int id = fields.size();
        fields.add(new DataField(id++, "not_null", INT().withNullable(false)));
        fields.add(new DataField(id++, "ints", ARRAY(INT())));
        fields.add(new DataField(id++, "rows", ARRAY(ROW(FIELD(100, "x", INT()), FIELD(101, "y", STRING())))));
        fields.add(new DataField(id++, "nested", ARRAY(ARRAY(DECIMAL(20, 2)))));
        fields.add(new DataField(id++, "by_name", MAP(STRING().withNullable(false), BIGINT())));
        fields.add(new DataField(id++, "by_int", MAP(INT().withNullable(false),
                ROW(FIELD(102, "v", TIMESTAMP(6)), FIELD(103, "w", ARRAY(STRING()))))));
        fields.add(new DataField(id++, "tags", new MultisetType(STRING(), true)));
        fields.add(new DataField(id, "r", ROW(FIELD(104, "a", DECIMAL(38, 4)),
                FIELD(105, "b", ROW(FIELD(106, "c", DataTypes.BYTES()), FIELD(107, "d", MAP(STRING(), INT())))))));
        return new RowType(fields);
    }

    static FormatWriter write(Path path, RowType type, List<? extends Row> rows, String compression) throws IOException {
        return FormatFiles.write(FACTORY, IO, path, type, rows, compression);
    }

    static List<GenericRow> read(Path path, RowType readType, int batchSize) throws IOException {
        return read(path, readType, null, batchSize);
    }

    /** Every row, as detached copies, read with the factory's reader told the file's write type (or not). */
    static List<GenericRow> read(Path path, RowType readType, RowType writeType, int batchSize) throws IOException {
        List<GenericRow> out = new ArrayList<>();
        try (FormatReader reader = writeType == null ? FACTORY.createReader(IO, path, readType, batchSize)
                : FACTORY.createReader(IO, path, readType, writeType, batchSize, null)) {
            ColumnarBatch batch;
            while ((batch = reader.nextBatch()) != null) {
                if (batch.numRows() > batchSize || batch.numRows() == 0) {
                    throw new AssertionError("batch of " + batch.numRows() + " rows, batch size " + batchSize);
                }
                ColumnarRow row = new ColumnarRow(batch.columns());
                for (int i = 0; i < batch.numRows(); i++) {
                    out.add(GenericRow.copyOf(row.at(i), readType));
                }
            }
        }
        return out;
    }

    /** The file's header: its schema text and codec, as any Avro reader sees them. */
    record Header(String schema, String codec) {}

    static Header header(java.nio.file.Path file) throws IOException {
        try (InputStream in = java.nio.file.Files.newInputStream(file);
                DataFileStream<Object> stream = new DataFileStream<>(in, new GenericDatumReader<>())) {
            return new Header(stream.getSchema().toString(), stream.getMetaString("avro.codec"));
        }
    }

    static Path hadoop(java.nio.file.Path file) {
        return new Path(file.toUri());
    }
}
