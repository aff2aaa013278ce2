package io.strata.hive;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.Decimal;
import io.strata.data.GenericRow;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.predicate.Predicate;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.TimeZone;
import java.util.function.Function;
import org.apache.hadoop.hive.ql.io.sarg.PredicateLeaf;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgumentFactory;
import org.apache.hadoop.hive.serde2.io.HiveDecimalWritable;
import org.junit.jupiter.api.Test;

/**
 * Every literal type Hive's SearchArgument carries, converted to a planning predicate: a stored value
 * Hive's filter keeps must never be pruned (tested on the row and on statistics whose min and max are
 * that value), and the predicate must still exclude values Hive drops, so pruning happens.
 */
class SearchArgumentTypesTest {

    private static final ZoneId LA = ZoneId.of("America/Los_Angeles");

    private static final List<DataType> TYPES = List.of(DataTypes.TINYINT(), DataTypes.SMALLINT(), DataTypes.INT(),
            DataTypes.BIGINT(), DataTypes.BOOLEAN(), DataTypes.FLOAT(), DataTypes.DOUBLE(), DataTypes.DECIMAL(10, 2),
            DataTypes.DECIMAL(30, 5), DataTypes.CHAR(5), DataTypes.VARCHAR(20), DataTypes.DATE(), DataTypes.TIMESTAMP(9),
            DataTypes.TIMESTAMP_LTZ(6), DataTypes.BYTES(), DataTypes.TIME(3));
    private static final String[] NAMES = {"ti", "si", "i", "bi", "b", "f", "d", "dec", "bigdec", "c", "vc", "day", "ts",
        "ltz", "bin", "t"};
    private static final RowType ROW = rowType();

    private static RowType rowType() {
        List<DataField> fields = new ArrayList<>();
        for (int i = 0; i < TYPES.size(); i++) {
            fields.add(new DataField(i, NAMES[i], TYPES.get(i)));
        }
        return new RowType(fields, true);
    }

    private static SearchArgument.Builder sarg() {
        return SearchArgumentFactory.newBuilder();
    }

    private static Predicate convert(SearchArgument sarg, ZoneId zone) {
        return SearchArgumentFilter.convert(sarg, ROW, zone);
    }

    private static GenericRow row(String column, Object value) {
        Object[] values = new Object[TYPES.size()];
        values[ROW.indexOf(column)] = value;
        return GenericRow.of(values);
    }

    /**
     * For each stored value: if Hive keeps it, the predicate keeps it (row and statistics); the values Hive
     * drops that the predicate also drops are counted, and there must be at least {@code pruned}.
     */
    private static <T> void check(Predicate p, String column, List<T> stored, java.util.function.Predicate<T> hiveKeeps,
            int pruned) {
        assertThat(p).as("pushed").isNotNull();
        Long[] noNulls = new Long[TYPES.size()];
        java.util.Arrays.fill(noNulls, 0L);
        int prunedCount = 0;
        for (T v : stored) {
            GenericRow r = row(column, v);
            boolean kept = p.test(r) && p.mayMatch(1, r, r, noNulls);
            if (hiveKeeps.test(v)) {
                assertThat(kept).as("%s keeps %s (%s)", p, v, column).isTrue();
            } else if (!kept) {
                prunedCount++;
            }
        }
        assertThat(prunedCount).as("values %s prunes among %s", p, stored).isGreaterThanOrEqualTo(pruned);
    }

    @Test
    void integersUpToTheirBoundaries() {
        List<Byte> tiny = List.of(Byte.MIN_VALUE, (byte) -1, (byte) 0, (byte) 5, Byte.MAX_VALUE);
        check(convert(sarg().lessThan("ti", PredicateLeaf.Type.LONG, 5L).build(), LA), "ti", tiny, v -> v < 5, 2);
        check(convert(sarg().equals("ti", PredicateLeaf.Type.LONG, 127L).build(), LA), "ti", tiny, v -> v == 127, 4);
        check(convert(sarg().startNot().lessThanEquals("ti", PredicateLeaf.Type.LONG, -128L).end().build(), LA), "ti",
                tiny, v -> v > -128, 1);
        // A literal the column cannot hold: Hive decides alone.
        assertThat(convert(sarg().equals("ti", PredicateLeaf.Type.LONG, 128L).build(), LA)).isNull();
        List<Short> small = List.of(Short.MIN_VALUE, (short) 0, Short.MAX_VALUE);
        check(convert(sarg().in("si", PredicateLeaf.Type.LONG, -32768L, 32767L).build(), LA), "si", small,
                v -> v == Short.MIN_VALUE || v == Short.MAX_VALUE, 1);
        List<Integer> ints = List.of(Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE);
        check(convert(sarg().between("i", PredicateLeaf.Type.LONG, -1L, 1L).build(), LA), "i", ints,
                v -> v >= -1 && v <= 1, 2);
        List<Long> longs = List.of(Long.MIN_VALUE, 0L, Long.MAX_VALUE);
        check(convert(sarg().startNot().equals("bi", PredicateLeaf.Type.LONG, Long.MAX_VALUE).end().build(), LA), "bi",
                longs, v -> v != Long.MAX_VALUE, 1);
        check(convert(sarg().nullSafeEquals("bi", PredicateLeaf.Type.LONG, Long.MIN_VALUE).build(), LA), "bi", longs,
                v -> v == Long.MIN_VALUE, 2);
        // NOT (x <=> a) keeps null rows, which no core comparison keeps: not pushed.
        assertThat(convert(sarg().startNot().nullSafeEquals("bi", PredicateLeaf.Type.LONG, 1L).end().build(), LA)).isNull();
        // NOT (x = a) drops null rows in Hive too: pushed, and it prunes a file holding only a.
        assertThat(convert(sarg().startNot().equals("bi", PredicateLeaf.Type.LONG, 1L).end().build(), LA))
                .hasToString("bi NOT_EQUAL [1]");
    }

    @Test
    void booleans() {
        check(convert(sarg().equals("b", PredicateLeaf.Type.BOOLEAN, true).build(), LA), "b", List.of(true, false),
                v -> v, 1);
    }

    @Test
    void doublesTreatBothZerosAsEqual() {
        List<Double> stored = List.of(Double.NEGATIVE_INFINITY, -1.5, -0.0, 0.0, Double.MIN_VALUE, 1.5,
                Double.MAX_VALUE, Double.POSITIVE_INFINITY);
        check(convert(sarg().equals("d", PredicateLeaf.Type.FLOAT, 0.0).build(), LA), "d", stored, v -> v == 0.0, 5);
        check(convert(sarg().equals("d", PredicateLeaf.Type.FLOAT, -0.0).build(), LA), "d", stored, v -> v == 0.0, 5);
        check(convert(sarg().lessThanEquals("d", PredicateLeaf.Type.FLOAT, -0.0).build(), LA), "d", stored,
                v -> v <= -0.0, 4);
        check(convert(sarg().startNot().lessThan("d", PredicateLeaf.Type.FLOAT, 0.0).end().build(), LA), "d", stored,
                v -> v >= 0.0, 2);
        check(convert(sarg().lessThan("d", PredicateLeaf.Type.FLOAT, 1.5).build(), LA), "d", stored, v -> v < 1.5, 3);
        check(convert(sarg().in("d", PredicateLeaf.Type.FLOAT, 1.5, 0.0).build(), LA), "d", stored,
                v -> v == 1.5 || v == 0.0, 5);
        // NaN compares false with everything, and statistics leave it out: never pushed.
        assertThat(convert(sarg().lessThan("d", PredicateLeaf.Type.FLOAT, Double.NaN).build(), LA)).isNull();
    }

    /** Hive's SearchArgument carries FLOAT literals as doubles; Hive may compare in float or in double. */
    private static boolean hiveFloat(float v, double literal, int cmp) {
        boolean inFloat = Integer.signum(Float.compare(v == 0f ? 0f : v, (float) literal == 0f ? 0f : (float) literal)) == cmp;
        boolean inDouble = Integer.signum(Double.compare(v == 0f ? 0d : v, literal == 0d ? 0d : literal)) == cmp;
        return inFloat || inDouble;
    }

    @Test
    void floatsNeverLoseARowToFloatDoubleRounding() {
        float tenth = 0.1f;
        List<Float> stored = List.of(Float.NEGATIVE_INFINITY, -0.0f, 0.0f, Float.MIN_VALUE, Math.nextDown(tenth), tenth,
                Math.nextUp(tenth), 0.2f, 1.5f, Float.MAX_VALUE, Float.POSITIVE_INFINITY);
        for (double literal : new double[] {0.1, (double) 0.1f, 1.5, 0.0, -0.0, 1e-50, -1e-50, 1e300, 0.15}) {
            for (int cmp = -1; cmp <= 1; cmp++) {
                int c = cmp;
                Predicate p = switch (cmp) {
                    case -1 -> convert(sarg().lessThan("f", PredicateLeaf.Type.FLOAT, literal).build(), LA);
                    case 0 -> convert(sarg().equals("f", PredicateLeaf.Type.FLOAT, literal).build(), LA);
                    default -> convert(sarg().startNot().lessThanEquals("f", PredicateLeaf.Type.FLOAT, literal).end().build(), LA);
                };
                check(p, "f", stored, v -> hiveFloat(v, literal, c), literal == 1e300 ? 0 : cmp == 0 ? 5 : 1);
            }
        }
        // The float nearest to 0.1 is not 0.1: the predicate keeps exactly the floats around it.
        check(convert(sarg().equals("f", PredicateLeaf.Type.FLOAT, 0.1).build(), LA), "f", stored,
                v -> v == tenth, stored.size() - 2);
    }

    @Test
    void decimalsRoundOutwardToTheColumnScale() {
        List<Decimal> stored = new ArrayList<>();
        for (String s : new String[] {"-99999999.99", "-1.01", "1.00", "1.01", "99999999.99"}) {
            stored.add(Decimal.fromBigDecimal(new BigDecimal(s), 10, 2));
        }
        Function<String, HiveDecimalWritable> dec = HiveDecimalWritable::new;
        check(convert(sarg().lessThan("dec", PredicateLeaf.Type.DECIMAL, dec.apply("1.005")).build(), LA), "dec", stored,
                v -> v.toBigDecimal().compareTo(new BigDecimal("1.005")) < 0, 1);
        check(convert(sarg().startNot().lessThan("dec", PredicateLeaf.Type.DECIMAL, dec.apply("1.005")).end().build(), LA),
                "dec", stored, v -> v.toBigDecimal().compareTo(new BigDecimal("1.005")) >= 0, 2);
        check(convert(sarg().equals("dec", PredicateLeaf.Type.DECIMAL, dec.apply("1.0")).build(), LA), "dec", stored,
                v -> v.toBigDecimal().compareTo(BigDecimal.ONE) == 0, 4);
        check(convert(sarg().equals("dec", PredicateLeaf.Type.DECIMAL, dec.apply("99999999.99")).build(), LA), "dec",
                stored, v -> v.toBigDecimal().compareTo(new BigDecimal("99999999.99")) == 0, 4);
        // More digits than DECIMAL(10,2) holds: not pushed.
        assertThat(convert(sarg().lessThan("dec", PredicateLeaf.Type.DECIMAL, dec.apply("123456789012")).build(), LA))
                .isNull();
        List<Decimal> big = List.of(Decimal.fromBigDecimal(new BigDecimal("1234567890123456789012345.12345"), 30, 5),
                Decimal.fromBigDecimal(new BigDecimal("-1234567890123456789012345.12345"), 30, 5));
        check(convert(sarg().equals("bigdec", PredicateLeaf.Type.DECIMAL,
                dec.apply("1234567890123456789012345.12345")).build(), LA), "bigdec", big, v -> v.toBigDecimal().signum() > 0, 1);
    }

    private static String bare(Utf8String s) {
        return s.toString().replaceAll(" +$", "");
    }

    @Test
    void charMatchesWithOrWithoutPadding() {
        List<Utf8String> stored = new ArrayList<>();
        for (String s : new String[] {"a", "ab", "ab   ", "abc", "abc  ", "b", "b    "}) {
            stored.add(Utf8String.fromString(s));
        }
        // Hive passes a CHAR literal padded, a string literal as written.
        for (String literal : new String[] {"ab", "ab   "}) {
            check(convert(sarg().equals("c", PredicateLeaf.Type.STRING, literal).build(), LA), "c", stored,
                    v -> bare(v).equals("ab"), 4);
            check(convert(sarg().lessThanEquals("c", PredicateLeaf.Type.STRING, literal).build(), LA), "c", stored,
                    v -> bare(v).compareTo("ab") <= 0, 4);
            check(convert(sarg().startNot().lessThanEquals("c", PredicateLeaf.Type.STRING, literal).end().build(), LA), "c",
                    stored, v -> bare(v).compareTo("ab") > 0, 1);
            check(convert(sarg().in("c", PredicateLeaf.Type.STRING, literal, "b").build(), LA), "c", stored,
                    v -> bare(v).equals("ab") || bare(v).equals("b"), 2);
        }
        // A control character sorts below the padding: only equality is pushed.
        assertThat(convert(sarg().lessThan("c", PredicateLeaf.Type.STRING, "a\u0001").build(), LA)).isNull();
        assertThat(convert(sarg().equals("c", PredicateLeaf.Type.STRING, "a\u0001").build(), LA)).isNotNull();
        // "ab" and "ab " are equal CHAR values: NOT EQUAL cannot exclude either.
        assertThat(convert(sarg().startNot().equals("c", PredicateLeaf.Type.STRING, "ab").end().build(), LA)).isNull();
    }

    @Test
    void varcharRangesOnlyWhereJavaAndByteOrderAgree() {
        List<Utf8String> stored = new ArrayList<>();
        for (String s : new String[] {"", "a", "ab", "ab ", "b", "\uFF5E", "\uD83D\uDE00"}) {
            stored.add(Utf8String.fromString(s));
        }
        check(convert(sarg().lessThan("vc", PredicateLeaf.Type.STRING, "ab").build(), LA), "vc", stored,
                v -> v.toString().compareTo("ab") < 0, 5);
        check(convert(sarg().equals("vc", PredicateLeaf.Type.STRING, "ab ").build(), LA), "vc", stored,
                v -> v.toString().equals("ab "), 6);
        check(convert(sarg().equals("vc", PredicateLeaf.Type.STRING, "\uD83D\uDE00").build(), LA), "vc", stored,
                v -> v.toString().equals("\uD83D\uDE00"), 6);
        // Java orders U+FF5E after U+1F600's surrogates, UTF-8 before: a range on such a literal is not pushed.
        assertThat(convert(sarg().lessThan("vc", PredicateLeaf.Type.STRING, "\uFF5E").build(), LA)).isNull();
    }

    @Test
    void dates() {
        List<Integer> stored = new ArrayList<>();
        for (String s : new String[] {"0001-01-01", "1969-12-31", "1970-01-01", "2024-02-29", "9999-12-31"}) {
            stored.add((int) LocalDate.parse(s).toEpochDay());
        }
        int leap = (int) LocalDate.parse("2024-02-29").toEpochDay();
        check(convert(sarg().equals("day", PredicateLeaf.Type.DATE, java.sql.Date.valueOf(LocalDate.parse("2024-02-29")))
                .build(), LA), "day", stored, v -> v == leap, 4);
        int epoch = 0;
        check(convert(sarg().lessThan("day", PredicateLeaf.Type.DATE, java.sql.Date.valueOf(LocalDate.parse("1970-01-01")))
                .build(), LA), "day", stored, v -> v < epoch, 3);
    }

    /** What Hive 4 puts into the SearchArgument for a TIMESTAMP literal. */
    private static java.sql.Timestamp hiveTimestamp(String text) {
        return org.apache.hadoop.hive.common.type.Timestamp.valueOf(text).toSqlTimestamp();
    }

    @Test
    void timestampsAreWallClockTimesInAnyJvmZone() {
        TimeZone jvm = TimeZone.getDefault();
        try {
            for (String zone : new String[] {"UTC", "America/Los_Angeles", "Asia/Kolkata"}) {
                TimeZone.setDefault(TimeZone.getTimeZone(zone));
                List<Timestamp> stored = new ArrayList<>();
                for (String s : new String[] {"1969-12-31T23:59:59.999999999", "1970-01-01T00:00", "2024-03-10T02:30:00.123456789",
                    "2024-03-10T02:30:00.123456790", "2024-11-03T01:30"}) {
                    stored.add(Timestamp.fromLocalDateTime(LocalDateTime.parse(s)));
                }
                LocalDateTime gap = LocalDateTime.parse("2024-03-10T02:30:00.123456789");
                check(convert(sarg().equals("ts", PredicateLeaf.Type.TIMESTAMP, hiveTimestamp("2024-03-10 02:30:00.123456789"))
                        .build(), LA), "ts", stored, v -> v.toLocalDateTime().equals(gap), 4);
                LocalDateTime beforeEpoch = LocalDateTime.parse("1969-12-31T23:59:59.999999999");
                check(convert(sarg().lessThanEquals("ts", PredicateLeaf.Type.TIMESTAMP, hiveTimestamp("1969-12-31 23:59:59.999999999"))
                        .build(), LA), "ts", stored, v -> !v.toLocalDateTime().isAfter(beforeEpoch), 4);
            }
        } finally {
            TimeZone.setDefault(jvm);
        }
    }

    @Test
    void localTimeZoneTimestampsAreInstantsInTheSessionZone() {
        List<Timestamp> stored = new ArrayList<>();
        for (String s : new String[] {"2024-06-01T18:59:59.999999Z", "2024-06-01T19:00:00Z", "2024-06-01T12:00:00Z"}) {
            stored.add(Timestamp.fromInstant(Instant.parse(s)));
        }
        Instant noonInLa = Instant.parse("2024-06-01T19:00:00Z");
        // Hive passes the session-zone wall clock as Timestamp.valueOf(LocalDateTime).
        java.sql.Timestamp literal = java.sql.Timestamp.valueOf(LocalDateTime.parse("2024-06-01T12:00:00"));
        check(convert(sarg().equals("ltz", PredicateLeaf.Type.TIMESTAMP, literal).build(), LA), "ltz", stored,
                v -> v.toInstant().equals(noonInLa), 2);
        check(convert(sarg().lessThan("ltz", PredicateLeaf.Type.TIMESTAMP, literal).build(), LA), "ltz", stored,
                v -> v.toInstant().isBefore(noonInLa), 1);
        check(convert(sarg().equals("ltz", PredicateLeaf.Type.TIMESTAMP, literal).build(), ZoneId.of("UTC")), "ltz", stored,
                v -> v.toInstant().equals(Instant.parse("2024-06-01T12:00:00Z")), 2);
        // 01:30 happens twice in Los Angeles on 2024-11-03: which instant is meant is unknown.
        assertThat(convert(sarg().equals("ltz", PredicateLeaf.Type.TIMESTAMP,
                java.sql.Timestamp.valueOf(LocalDateTime.parse("2024-11-03T01:30:00"))).build(), LA)).isNull();
        TimeZone jvm = TimeZone.getDefault();
        try {
            // Near a transition of the JVM's zone the literal's wall clock may have been shifted.
            TimeZone.setDefault(TimeZone.getTimeZone("Europe/Berlin"));
            assertThat(convert(sarg().equals("ltz", PredicateLeaf.Type.TIMESTAMP,
                    java.sql.Timestamp.valueOf(LocalDateTime.parse("2024-03-31T02:30:00"))).build(), ZoneId.of("UTC"))).isNull();
        } finally {
            TimeZone.setDefault(jvm);
        }
    }

    @Test
    void typesHiveCannotCompareAsStoredAreNotPushed() {
        // TIME reads as a Hive string; a string literal says nothing about the stored milliseconds.
        assertThat(convert(sarg().equals("t", PredicateLeaf.Type.STRING, "07:08:09").build(), LA)).isNull();
        assertThat(convert(sarg().equals("bin", PredicateLeaf.Type.STRING, "x").build(), LA)).isNull();
        // The convertible conjunct of an AND still prunes.
        assertThat(convert(sarg().startAnd().equals("t", PredicateLeaf.Type.STRING, "07:08:09")
                .equals("i", PredicateLeaf.Type.LONG, 1L).end().build(), LA)).hasToString("i EQUAL [1]");
    }
}
