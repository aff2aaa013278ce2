package io.strata.format.parquet;

import io.strata.format.ColumnVector;
import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import io.strata.types.TypeRoot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * What to read from one file for a read type: the fields matched to the file's columns by field id
 * (by name only when the file carries no ids), one {@link FieldNode} per read field that the file has,
 * and the primitive columns beneath them. A read field the file lacks reads as {@link ColumnVector#NULLS}.
 */
final class ReadTree {

    final ColumnVector[] columns;
    final List<FieldNode> nodes = new ArrayList<>();
    final List<LeafColumn> leaves = new ArrayList<>();
    private final MessageType schema;

    private ReadTree(RowType readType, MessageType schema) {
        this.schema = schema;
        this.columns = new ColumnVector[readType.fieldCount()];
        for (int i = 0; i < readType.fieldCount(); i++) {
            DataField field = readType.field(i);
            Type fileField = match(schema, field);
            if (fileField == null) {
                columns[i] = ColumnVector.NULLS;
                continue;
            }
            FieldNode node = build(field.name(), field.type(), fileField, new String[] {fileField.getName()}, 0, 0);
            nodes.add(node);
            columns[i] = node.vector;
        }
    }

    /** Plans the read; fails naming the column whose file type cannot be read as the read type. */
    static ReadTree plan(RowType readType, MessageType fileSchema) {
        return new ReadTree(readType, fileSchema);
    }

    /** The file field that holds a read field: by id, or by name in a file that carries no ids; null when none. */
    static Type match(GroupType group, DataField field) {
        boolean fileHasIds = false;
        for (Type t : group.getFields()) {
            if (t.getId() != null) {
                fileHasIds = true;
                if (t.getId().intValue() == field.id()) {
                    return t;
                }
            }
        }
        if (!fileHasIds && group.containsField(field.name())) {
            return group.getType(field.name());
        }
        return null;
    }

    private FieldNode build(String name, DataType readType, Type fileType, String[] path, int slotRep, int slotDef) {
        int nullDef = schema.getMaxDefinitionLevel(path);
        if (fileType.isPrimitive()) {
            if (!(readType instanceof AtomicType atomic)) {
                throw incompatible(name, fileType, readType);
            }
            LeafColumn leaf = leaf(name, atomic, fileType.asPrimitiveType(), path, slotDef);
            return new FieldNode.Leaf(leaf);
        }
        GroupType group = fileType.asGroupType();
        if (readType instanceof RowType row) {
            return struct(name, row, group, path, slotRep, slotDef, nullDef);
        }
        if (group.getFieldCount() != 1 || !group.getType(0).isRepetition(Type.Repetition.REPEATED)) {
            throw incompatible(name, fileType, readType);
        }
        Type repeated = group.getType(0);
        String[] repeatedPath = append(path, repeated.getName());
        int elementRep = schema.getMaxRepetitionLevel(repeatedPath);
        int elementDef = schema.getMaxDefinitionLevel(repeatedPath);
        if (readType instanceof ArrayType array) {
            // Paimon's 3-level list; a repeated primitive or multi-field group is the element itself (2-level).
            boolean threeLevel = !repeated.isPrimitive() && repeated.asGroupType().getFieldCount() == 1;
            Type element = threeLevel ? repeated.asGroupType().getType(0) : repeated;
            String[] elementPath = threeLevel ? append(repeatedPath, element.getName()) : repeatedPath;
            FieldNode child = build(name + ".element", array.element(), element, elementPath, elementRep, elementDef);
            return new FieldNode.Repeated(ArrayVector.array(child.vector), new FieldNode[] {child}, child.levels,
                    slotRep, slotDef, nullDef, elementRep, elementDef);
        }
        DataType keyType;
        DataType valueType;
        if (readType instanceof MapType map) {
            keyType = map.key();
            valueType = map.value();
        } else if (readType instanceof MultisetType multiset) {
            keyType = multiset.element();
            valueType = new AtomicType(TypeRoot.INT, 0, 0, false);
        } else {
            throw incompatible(name, fileType, readType);
        }
        if (repeated.isPrimitive() || repeated.asGroupType().getFieldCount() != 2) {
            throw incompatible(name, fileType, readType);
        }
        GroupType keyValue = repeated.asGroupType();
        FieldNode key = build(name + ".key", keyType, keyValue.getType(0),
                append(repeatedPath, keyValue.getType(0).getName()), elementRep, elementDef);
        FieldNode value = build(name + ".value", valueType, keyValue.getType(1),
                append(repeatedPath, keyValue.getType(1).getName()), elementRep, elementDef);
        return new FieldNode.Repeated(ArrayVector.map(key.vector, value.vector), new FieldNode[] {key, value},
                key.levels, slotRep, slotDef, nullDef, elementRep, elementDef);
    }

    private FieldNode struct(String name, RowType row, GroupType group, String[] path, int slotRep, int slotDef, int nullDef) {
        ColumnVector[] fields = new ColumnVector[row.fieldCount()];
        List<FieldNode> children = new ArrayList<>();
        for (int i = 0; i < row.fieldCount(); i++) {
            DataField field = row.field(i);
            Type fileField = match(group, field);
            if (fileField == null) {
                fields[i] = ColumnVector.NULLS;
                continue;
            }
            FieldNode child = build(name + "." + field.name(), field.type(), fileField,
                    append(path, fileField.getName()), slotRep, slotDef);
            children.add(child);
            fields[i] = child.vector;
        }
        LeafColumn levels = children.isEmpty() ? levelsOnly(group, path) : children.get(0).levels;
        return new FieldNode.Struct(new StructVector(fields), children.toArray(new FieldNode[0]), levels,
                slotRep, slotDef, nullDef);
    }

    /** The first leaf of a group none of whose fields is read, read only for the group's own nulls. */
    private LeafColumn levelsOnly(GroupType group, String[] path) {
        Type t = group;
        String[] p = path;
        while (!t.isPrimitive()) {
            t = t.asGroupType().getType(0);
            p = append(p, t.getName());
        }
        LeafColumn leaf = new LeafColumn(schema.getColumnDescription(p), vectorFor(t.asPrimitiveType()), 0);
        leaves.add(leaf);
        return leaf;
    }

    private LeafColumn leaf(String name, AtomicType readType, PrimitiveType fileType, String[] path, int slotDef) {
        LeafVector vector = vectorFor(fileType);
        if (!readable(vector, fileType, readType)) {
            throw incompatible(name, fileType, readType);
        }
        vector.shareAs(readType);
        LeafColumn leaf = new LeafColumn(schema.getColumnDescription(path), vector, slotDef);
        leaves.add(leaf);
        return leaf;
    }

    private static LeafVector vectorFor(PrimitiveType type) {
        LogicalTypeAnnotation annotation = type.getLogicalTypeAnnotation();
        int scale = annotation instanceof DecimalLogicalTypeAnnotation d ? d.getScale() : 0;
        return switch (type.getPrimitiveTypeName()) {
            case BOOLEAN -> new BooleanVector();
            case INT32 -> new IntVector(scale);
            case INT64 -> {
                if (annotation instanceof TimestampLogicalTypeAnnotation ts) {
                    yield new TimestampVector(switch (ts.getUnit()) {
                        case MILLIS -> TimestampVector.Encoding.MILLIS;
                        case MICROS -> TimestampVector.Encoding.MICROS;
                        case NANOS -> TimestampVector.Encoding.NANOS;
                    });
                }
                yield new LongVector(scale);
            }
            case INT96 -> new TimestampVector(TimestampVector.Encoding.INT96);
            case FLOAT -> new FloatVector();
            case DOUBLE -> new DoubleVector();
            case BINARY, FIXED_LEN_BYTE_ARRAY -> new BytesVector(scale);
        };
    }

    /** Whether the vector of the file's column answers the getter of the read type. */
    private static boolean readable(LeafVector vector, PrimitiveType fileType, AtomicType readType) {
        return switch (readType.root()) {
            case BOOLEAN -> vector instanceof BooleanVector;
            case TINYINT, SMALLINT, INT, DATE, TIME -> vector instanceof IntVector;
            case BIGINT -> vector instanceof IntVector || vector instanceof LongVector;
            case FLOAT -> vector instanceof IntVector || vector instanceof LongVector || vector instanceof FloatVector;
            case DOUBLE -> vector instanceof IntVector || vector instanceof LongVector || vector instanceof FloatVector
                    || vector instanceof DoubleVector;
            case DECIMAL -> vector instanceof IntVector || vector instanceof LongVector || vector instanceof BytesVector;
            case CHAR, VARCHAR, BINARY, VARBINARY -> vector instanceof BytesVector;
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> vector instanceof TimestampVector;
            case ARRAY, MAP, MULTISET, ROW -> false;
        };
    }

    private static IllegalArgumentException incompatible(String name, Type fileType, DataType readType) {
        return new IllegalArgumentException("column '" + name + "' is stored as '" + fileType.toString().trim()
                + "' and cannot be read as " + readType.asSqlString());
    }

    private static String[] append(String[] path, String name) {
        String[] out = Arrays.copyOf(path, path.length + 1);
        out[path.length] = name;
        return out;
    }
}
