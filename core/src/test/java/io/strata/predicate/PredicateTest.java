package io.strata.predicate;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PredicateTest {

    private final RowType type = RowType.of(
            new DataField(0, "id", DataTypes.BIGINT()),
            new DataField(1, "name", DataTypes.STRING()),
            new DataField(2, "score", DataTypes.DOUBLE()));
    private final PredicateBuilder pb = new PredicateBuilder(type);

    private static GenericRow row(Long id, String name, Double score) {
        return GenericRow.of(id, name == null ? null : Utf8String.fromString(name), score);
    }

    @Test
    void comparisonsFollowSqlNullSemantics() {
        Predicate p = pb.greaterThan("id", 10L);
        assertThat(p.test(row(11L, "a", 1.0))).isTrue();
        assertThat(p.test(row(10L, "a", 1.0))).isFalse();
        assertThat(p.test(row(null, "a", 1.0))).isFalse();
        assertThat(pb.isNull("name").test(row(1L, null, 1.0))).isTrue();
        assertThat(pb.in("name", Utf8String.fromString("x"), Utf8String.fromString("y")).test(row(1L, "y", 0.0))).isTrue();
        assertThat(pb.in("name", Utf8String.fromString("x")).test(row(1L, "y", 0.0))).isFalse();
        assertThat(PredicateBuilder.or(pb.equal("id", 1L), pb.lessThan("score", 0.5)).test(row(2L, "a", 0.1))).isTrue();
        assertThat(PredicateBuilder.and(pb.equal("id", 2L), pb.lessThan("score", 0.05)).test(row(2L, "a", 0.1))).isFalse();
    }

    @Test
    void literalsOfAnotherWidthCompareByValue() {
        assertThat(pb.equal("id", 5).test(row(5L, "a", 0.0))).isTrue();
        assertThat(pb.between("id", 4, 6).mayMatch(10, row(5L, null, null), row(9L, null, null), null)).isTrue();
    }

    @Test
    void statisticsSkipOnlyWhatCannotMatch() {
        GenericRow min = row(100L, "b", 1.0);
        GenericRow max = row(200L, "m", 2.0);
        assertThat(pb.equal("id", 150L).mayMatch(10, min, max, new Long[] {0L, 0L, 0L})).isTrue();
        assertThat(pb.equal("id", 250L).mayMatch(10, min, max, new Long[] {0L, 0L, 0L})).isFalse();
        assertThat(pb.lessThan("id", 100L).mayMatch(10, min, max, null)).isFalse();
        assertThat(pb.greaterOrEqual("name", Utf8String.fromString("m")).mayMatch(10, min, max, null)).isTrue();
        assertThat(pb.isNull("name").mayMatch(10, min, max, new Long[] {0L, 0L, 0L})).isFalse();
        assertThat(pb.isNull("name").mayMatch(10, min, max, new Long[] {0L, 3L, 0L})).isTrue();
        assertThat(pb.equal("id", 1L).mayMatch(10, row(null, null, null), row(null, null, null), new Long[] {10L, 0L, 0L}))
                .as("all null").isFalse();
        assertThat(pb.equal("id", 1L).mayMatch(10, null, null, null)).as("unknown stats").isTrue();
    }

    @Test
    void restrictionKeepsOnlyAllowedFieldsAndWeakensOr() {
        Predicate p = PredicateBuilder.and(pb.equal("id", 1L), pb.equal("name", Utf8String.fromString("a")));
        assertThat(p.restrictTo(Set.of(0))).isEqualTo(pb.equal("id", 1L));
        Predicate or = PredicateBuilder.or(pb.equal("id", 1L), pb.equal("name", Utf8String.fromString("a")));
        assertThat(or.restrictTo(Set.of(0))).isNull();
        assertThat(p.fields()).containsExactlyInAnyOrder(0, 1);
    }
}
