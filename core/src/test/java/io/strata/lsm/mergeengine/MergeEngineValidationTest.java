package io.strata.lsm.mergeengine;

import static io.strata.types.DataTypes.ARRAY;
import static io.strata.types.DataTypes.BIGINT;
import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.INT;
import static io.strata.types.DataTypes.STRING;
import static io.strata.types.DataTypes.VARCHAR;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.schema.TableOptions;
import io.strata.schema.TableSchema;
import io.strata.types.DataField;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Merge-engine options that Strata cannot honour fail when a read is built, naming the option and the field. */
class MergeEngineValidationTest {

    private static final List<DataField> FIELDS = List.of(
            FIELD(0, "k", INT().withNullable(false)),
            FIELD(1, "name", STRING()),
            FIELD(2, "qty", BIGINT()),
            FIELD(3, "ts", BIGINT()),
            FIELD(4, "short_text", VARCHAR(10)),
            FIELD(5, "items", ARRAY(INT())));

    private static TableSchema schema(String... keyValues) {
        Map<String, String> options = new HashMap<>();
        options.put("bucket", "1");
        for (int i = 0; i < keyValues.length; i += 2) {
            options.put(keyValues[i], keyValues[i + 1]);
        }
        return new TableSchema(0, FIELDS, 5, List.of(), List.of("k"), options, null, 0);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "aggregation|fields.name.aggregate-function|sum|'fields.name.aggregate-function'|field 'name'|numeric",
            "aggregation|fields.items.aggregate-function|max|'fields.items.aggregate-function'|field 'items'|order",
            "aggregation|fields.short_text.aggregate-function|listagg|'fields.short_text.aggregate-function'|field 'short_text'|STRING",
            "aggregation|fields.qty.aggregate-function|bool_and|'fields.qty.aggregate-function'|field 'qty'|BOOLEAN",
            "aggregation|fields.qty.aggregate-function|collect|'fields.qty.aggregate-function'|field 'qty'|ARRAY",
            "aggregation|fields.name.aggregate-function|merge_map|'fields.name.aggregate-function'|field 'name'|MAP",
            "aggregation|fields.items.aggregate-function|nested_update|'fields.items.aggregate-function'|field 'items'|ARRAY<ROW",
            "aggregation|fields.default-aggregate-function|sum|default-aggregate-function|field 'name'|numeric",
            "partial-update|fields.ts.sequence-group|nope|'fields.ts.sequence-group'|'nope'|fields",
            "partial-update|fields.nope.sequence-group|name|'fields.nope.sequence-group'|'nope'|fields",
            "partial-update|fields.qty.aggregate-function|sum|'fields.qty.aggregate-function'|field 'qty'|sequence group",
            "partial-update|partial-update.remove-record-on-sequence-group|name|remove-record-on-sequence-group|'name'|sequence field"})
    void wrongCombinationsFailNamingOptionAndField(
            String engine, String key, String value, String option, String field, String hint) {
        TableSchema schema = schema("merge-engine", engine, key, value);
        assertThatThrownBy(() -> new MergeFunctionFactory(schema))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(option)
                .hasMessageContaining(field)
                .hasMessageContaining(hint);
    }

    @Test
    void aSequenceFieldCannotBeAggregated() {
        assertThatThrownBy(() -> new MergeFunctionFactory(schema("merge-engine", "aggregation",
                "sequence.field", "ts", "fields.ts.aggregate-function", "max")))
                .hasMessageContaining("'fields.ts.aggregate-function'").hasMessageContaining("sequence field");
    }

    @Test
    void conflictingDeleteOptionsFailNamingBoth() {
        assertThatThrownBy(() -> new MergeFunctionFactory(schema("merge-engine", "partial-update",
                "ignore-delete", "true", "partial-update.remove-record-on-delete", "true")))
                .hasMessageContaining("'ignore-delete'").hasMessageContaining("'partial-update.remove-record-on-delete'");
        assertThatThrownBy(() -> new MergeFunctionFactory(schema("merge-engine", "partial-update",
                "fields.ts.sequence-group", "name", "partial-update.remove-record-on-delete", "true")))
                .hasMessageContaining("sequence-group").hasMessageContaining("'partial-update.remove-record-on-delete'");
        assertThatThrownBy(() -> new MergeFunctionFactory(schema("merge-engine", "aggregation",
                "aggregation.remove-record-on-delete", "true", "fields.qty.ignore-retract", "true")))
                .hasMessageContaining("'aggregation.remove-record-on-delete'").hasMessageContaining("'fields.qty.ignore-retract'");
        assertThatThrownBy(() -> new MergeFunctionFactory(schema("merge-engine", "partial-update",
                "fields.ts.sequence-group", "name", "fields.qty.sequence-group", "name")))
                .hasMessageContaining("'name'").hasMessageContaining("another sequence group");
    }

    @Test
    void unknownAndUnimplementedFunctionsFailAtOptionValidation() {
        assertThatThrownBy(() -> TableOptions.validateForRead(Map.of("merge-engine", "aggregation",
                "fields.qty.aggregate-function", "count")))
                .hasMessageContaining("'fields.qty.aggregate-function'").hasMessageContaining("unknown aggregate function");
        assertThatThrownBy(() -> TableOptions.validateForRead(Map.of("merge-engine", "aggregation",
                "fields.qty.aggregate-function", "theta_sketch")))
                .hasMessageContaining("'fields.qty.aggregate-function'").hasMessageContaining("does not implement");
        assertThatThrownBy(() -> TableOptions.validateForRead(Map.of("fields.qty.ignore-retract", "maybe")))
                .hasMessageContaining("fields.qty.ignore-retract");
        assertThatThrownBy(() -> TableOptions.validateForRead(Map.of("fields.qty.merge-map-ts-field", "x")))
                .hasMessageContaining("fields.qty.merge-map-ts-field");
    }

    @Test
    void validCombinationsAreAcceptedAndFirstRowWritesAreRejected() {
        assertThatCode(() -> new MergeFunctionFactory(schema("merge-engine", "partial-update",
                "fields.ts.sequence-group", "name,qty", "fields.qty.aggregate-function", "sum",
                "partial-update.remove-record-on-sequence-group", "ts"))).doesNotThrowAnyException();
        assertThatCode(() -> new MergeFunctionFactory(schema("merge-engine", "aggregation",
                "fields.default-aggregate-function", "last_value", "fields.items.aggregate-function", "collect",
                "fields.items.distinct", "true", "fields.qty.aggregate-function", "first_not_null_value")))
                .doesNotThrowAnyException();
        assertThatCode(() -> TableOptions.validateForWrite(Map.of("merge-engine", "aggregation", "bucket", "1"), List.of("k")))
                .doesNotThrowAnyException();
        assertThatCode(() -> TableOptions.validateForWrite(Map.of("merge-engine", "first-row", "bucket", "1"), List.of("k")))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> TableOptions.validateForWrite(Map.of("merge-engine", "first-row", "bucket", "1",
                "changelog-producer", "full-compaction"), List.of("k")))
                .hasMessageContaining("'changelog-producer'").hasMessageContaining("'first-row'");
    }
}
