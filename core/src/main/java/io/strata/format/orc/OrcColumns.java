package io.strata.format.orc;

import io.strata.format.ColumnVector;
import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import io.strata.types.TypeRoot;
import java.io.IOException;
import java.util.List;
import java.util.TimeZone;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.Decimal64ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.orc.TypeDescription;
import org.apache.orc.TypeDescription.Category;

/**
 * Builds the adapter for one file column read as one type of the read schema. The file type must be
 * the read type or a narrower one that widens without loss (integers to wider integers, FLOAT, DOUBLE or
 * DECIMAL; FLOAT to DOUBLE; DECIMAL to more scale and integer digits; CHAR/VARCHAR to any string);
 * anything else fails naming the file and the column. Nested ROW fields are matched by field id.
 */
final class OrcColumns {

    private final Path path;
    private final TimeZone zone;

    OrcColumns(Path path, TimeZone zone) {
        this.path = path;
        this.zone = zone;
    }

    ColumnVector create(
            org.apache.hadoop.hive.ql.exec.vector.ColumnVector vector,
            TypeDescription fileType,
            DataType readType,
            String column)
            throws IOException {
        Category category = fileType.getCategory();
        if (!canRead(fileType, readType)) {
            throw new IOException("Column '" + column + "' of ORC file " + path + " has type " + fileType
                    + ", which cannot be read as " + readType.asSqlString());
        }
        if (readType instanceof ArrayType array) {
            ListColumnVector list = (ListColumnVector) vector;
            return new OrcListColumn(
                    list, create(list.child, fileType.getChildren().get(0), array.element(), column + ".element"));
        } else if (readType instanceof MapType map) {
            return mapColumn((MapColumnVector) vector, fileType, map.key(), map.value(), column);
        } else if (readType instanceof MultisetType multiset) {
            return mapColumn((MapColumnVector) vector, fileType, multiset.element(), DataTypes.INT(), column);
        } else if (readType instanceof RowType row) {
            return structColumn((StructColumnVector) vector, fileType, row, column);
        }
        OrcColumn flat = switch (category) {
            case BOOLEAN, BYTE, SHORT, INT, LONG, DATE -> new OrcLongColumn((LongColumnVector) vector);
            case FLOAT, DOUBLE -> new OrcDoubleColumn((DoubleColumnVector) vector);
            case STRING, VARCHAR, CHAR, BINARY -> new OrcBytesColumn((BytesColumnVector) vector);
            case DECIMAL -> vector instanceof Decimal64ColumnVector decimal64
                    ? new OrcDecimal64Column(decimal64, fileType.getScale())
                    : new OrcDecimalColumn((DecimalColumnVector) vector);
            case TIMESTAMP, TIMESTAMP_INSTANT -> new OrcTimestampColumn((TimestampColumnVector) vector, zone);
            default -> throw new IOException("Column '" + column + "' of ORC file " + path
                    + " has unsupported type " + fileType + " for " + readType.asSqlString());
        };
        return decodesExactly(fileType, readType) ? flat.exact() : flat;
    }

    /**
     * Whether ORC's vector for the file type holds the read type's values unchanged: integers (also read as
     * a wider integer), booleans, dates, FLOAT and DOUBLE as themselves, strings read as VARCHAR, binary, and
     * decimals of the same precision and scale. Not CHAR (padding), TIME, timestamps (zone conversion) or
     * conversions between kinds.
     */
    static boolean decodesExactly(TypeDescription file, DataType read) {
        Category c = file.getCategory();
        return switch (read.root()) {
            case BOOLEAN -> c == Category.BOOLEAN;
            case TINYINT, SMALLINT, INT, BIGINT -> integerWidth(c) > 0 && integerWidth(c) <= integerWidth(read.root());
            case FLOAT -> c == Category.FLOAT;
            case DOUBLE -> c == Category.DOUBLE;
            case VARCHAR -> c == Category.STRING || c == Category.VARCHAR;
            case BINARY, VARBINARY -> c == Category.BINARY;
            case DATE -> c == Category.DATE;
            case DECIMAL -> c == Category.DECIMAL && file.getPrecision() == ((AtomicType) read).precision()
                    && file.getScale() == ((AtomicType) read).scale();
            default -> false;
        };
    }

    private ColumnVector mapColumn(
            MapColumnVector vector, TypeDescription fileType, DataType key, DataType value, String column)
            throws IOException {
        List<TypeDescription> children = fileType.getChildren();
        return new OrcMapColumn(
                vector,
                create(vector.keys, children.get(0), key, column + ".key"),
                create(vector.values, children.get(1), value, column + ".value"));
    }

    private ColumnVector structColumn(StructColumnVector vector, TypeDescription fileType, RowType row, String column)
            throws IOException {
        ColumnVector[] fields = new ColumnVector[row.fieldCount()];
        for (int i = 0; i < fields.length; i++) {
            DataField field = row.field(i);
            int k = OrcTypes.childIndex(fileType, field);
            fields[i] = k < 0
                    ? ColumnVector.NULLS
                    : create(vector.fields[k], fileType.getChildren().get(k), field.type(), column + "." + field.name());
        }
        return new OrcStructColumn(vector, fields);
    }

    /** Whether values of the file type read as the read type without loss. */
    static boolean canRead(TypeDescription file, DataType read) {
        Category c = file.getCategory();
        return switch (read.root()) {
            case BOOLEAN -> c == Category.BOOLEAN;
            case TINYINT, SMALLINT, INT, BIGINT -> integerWidth(c) > 0 && integerWidth(c) <= integerWidth(read.root());
            case FLOAT -> c == Category.FLOAT || integerWidth(c) > 0;
            case DOUBLE -> c == Category.FLOAT || c == Category.DOUBLE || integerWidth(c) > 0;
            case DECIMAL -> {
                AtomicType d = (AtomicType) read;
                int integerDigits = d.precision() - d.scale();
                if (c == Category.DECIMAL) {
                    yield d.scale() >= file.getScale() && integerDigits >= file.getPrecision() - file.getScale();
                }
                yield integerWidth(c) > 0 && integerDigits >= integerDigits(c);
            }
            case CHAR, VARCHAR -> c == Category.STRING || c == Category.VARCHAR || c == Category.CHAR;
            case BINARY, VARBINARY -> c == Category.BINARY;
            case DATE -> c == Category.DATE;
            case TIME -> c == Category.INT;
            case TIMESTAMP -> c == Category.TIMESTAMP;
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> c == Category.TIMESTAMP_INSTANT;
            case ARRAY -> c == Category.LIST;
            case MAP, MULTISET -> c == Category.MAP;
            case ROW -> c == Category.STRUCT;
        };
    }

    /** Bytes of an integer kind, 0 if not an integer. */
    private static int integerWidth(Category c) {
        return switch (c) {
            case BYTE -> 1;
            case SHORT -> 2;
            case INT -> 4;
            case LONG -> 8;
            default -> 0;
        };
    }

    private static int integerWidth(TypeRoot root) {
        return switch (root) {
            case TINYINT -> 1;
            case SMALLINT -> 2;
            case INT -> 4;
            case BIGINT -> 8;
            default -> 0;
        };
    }

    /** Decimal digits needed for any value of an integer kind. */
    private static int integerDigits(Category c) {
        return switch (c) {
            case BYTE -> 3;
            case SHORT -> 5;
            case INT -> 10;
            default -> 19;
        };
    }
}
