package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.data.BinaryRowWriter;
import io.strata.data.Decimal;
import io.strata.data.Timestamp;
import io.strata.oracle.PaimonOracle;
import io.strata.oracle.PaimonTypes;
import io.strata.oracle.PaimonValues;
import io.strata.oracle.RandomRows;
import io.strata.oracle.Rows;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.paimon.schema.TableSchema;
import org.apache.paimon.table.sink.FixedBucketRowKeyExtractor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Strata's {@link BucketFunction} against the bucket Apache Paimon's writer assigns: Paimon's
 * {@code FixedBucketRowKeyExtractor} (what {@code TableWriteImpl} uses for {@code bucket = N}) projects
 * the bucket key into a BinaryRow with generated code and applies its default bucket function. Both
 * forms of Strata's function are checked: over the table's rows (what Strata's writer uses) and over
 * rows of the bucket key alone (what the Hive connector's shuffle uses). A mismatch would put a key in a
 * bucket where Paimon never looks for it, silently duplicating keys.
 */
class BucketFunctionOracleTest {

    private static final int KEYS_PER_TYPE = 100_000;
    private static final int[] BUCKET_COUNTS = {1, 2, 3, 4, 7, 10, 16, 100, 1009};

    /** Every primitive key type, with the parameters that change the key's bytes. */
    static List<AtomicType> keyTypes() {
        return List.of(
                DataTypes.BOOLEAN(), DataTypes.TINYINT(), DataTypes.SMALLINT(), DataTypes.INT(), DataTypes.BIGINT(),
                DataTypes.FLOAT(), DataTypes.DOUBLE(),
                DataTypes.DECIMAL(10, 2), DataTypes.DECIMAL(18, 4), DataTypes.DECIMAL(19, 0), DataTypes.DECIMAL(38, 10),
                DataTypes.CHAR(5), DataTypes.CHAR(20), DataTypes.VARCHAR(10), DataTypes.STRING(),
                DataTypes.BINARY(4), DataTypes.BINARY(16), DataTypes.VARBINARY(10), DataTypes.BYTES(),
                DataTypes.DATE(), DataTypes.TIME(0), DataTypes.TIME(3),
                DataTypes.TIMESTAMP(0), DataTypes.TIMESTAMP(3), DataTypes.TIMESTAMP(6), DataTypes.TIMESTAMP(9),
                DataTypes.TIMESTAMP_LTZ(3), DataTypes.TIMESTAMP_LTZ(6), DataTypes.TIMESTAMP_LTZ(9));
    }

    @Test
    void everyKeyTypeBucketsLikePaimon() {
        long seed = 7;
        for (AtomicType keyType : keyTypes()) {
            check(List.of(keyType), new RandomRows(seed++).nullRate(0.05), KEYS_PER_TYPE);
        }
    }

    @Test
    void multiColumnKeysBucketLikePaimon() {
        List<AtomicType> types = keyTypes();
        java.util.Random random = new java.util.Random(11);
        for (int combination = 0; combination < 12; combination++) {
            List<DataType> key = new ArrayList<>();
            int columns = 2 + random.nextInt(4);
            for (int i = 0; i < columns; i++) {
                key.add(types.get(random.nextInt(types.size())));
            }
            check(key, new RandomRows(random.nextLong()).nullRate(0.1), 10_000);
        }
    }

    @Test
    void signedZerosAndNaNsBucketLikePaimon() {
        // Paimon hashes the key's raw bytes: -0.0 and 0.0 (and NaNs with other payloads) are different keys.
        Object[][] floats = {{-0.0f}, {0.0f}, {Float.NaN}, {Float.intBitsToFloat(0x7fc00001)}, {Float.intBitsToFloat(0xffc00000)}};
        Object[][] doubles = {{-0.0d}, {0.0d}, {Double.NaN}, {Double.longBitsToDouble(0x7ff8000000000001L)},
            {Double.longBitsToDouble(0xfff8000000000000L)}};
        List<Integer> floatBuckets = checkValues(DataTypes.FLOAT(), floats);
        List<Integer> doubleBuckets = checkValues(DataTypes.DOUBLE(), doubles);
        // Among 1009 buckets, Paimon (and so Strata) puts -0.0 and 0.0 apart: it does not normalise them.
        assertThat(floatBuckets.get(0)).isNotEqualTo(floatBuckets.get(1));
        assertThat(doubleBuckets.get(0)).isNotEqualTo(doubleBuckets.get(1));
    }

    @Test
    void nullsAndLongMultiByteStringsBucketLikePaimon() {
        Object[][] strings = {{null}, {Utf8String.fromString("")}, {Utf8String.fromString("abcdefg")},
            {Utf8String.fromString("abcdefgh")}, {Utf8String.fromString("中文中文中文中文")},
            {Utf8String.fromString("😀".repeat(300))}, {Utf8String.fromString("é".repeat(1000) + "x")}};
        checkValues(DataTypes.STRING(), strings);
        Object[][] decimals = {{null}, {Decimal.fromBigDecimal(new java.math.BigDecimal("-1"), 38, 10)},
            {Decimal.fromBigDecimal(new java.math.BigDecimal("-9999999999999999999999999999.9999999999"), 38, 10)}};
        checkValues(DataTypes.DECIMAL(38, 10), decimals);
        Object[][] timestamps = {{null}, {Timestamp.of(-1, 999_999)}, {Timestamp.of(0, 1)}};
        checkValues(DataTypes.TIMESTAMP(9), timestamps);
    }

    @Test
    void paimonsWriterPutsRowsInStratasBuckets(@TempDir Path warehouse) {
        // End to end: a real Paimon write, then each row's bucket directory against Strata's bucket.
        RowType type = RowType.of(
                new DataField(0, "dt", DataTypes.STRING().withNullable(false)),
                new DataField(1, "d", DataTypes.DOUBLE().withNullable(false)),
                new DataField(2, "big", DataTypes.DECIMAL(38, 4).withNullable(false)),
                new DataField(3, "ts", DataTypes.TIMESTAMP(9).withNullable(false)),
                new DataField(4, "s", DataTypes.STRING()));
        RowType keyType = type.project(List.of("d", "big", "ts"));
        int buckets = 5;
        RandomRows random = new RandomRows(5);
        List<GenericRow> rows = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            GenericRow row = random.row(type);
            row.set(0, Utf8String.fromString("day" + (i % 2)));
            rows.add(row);
        }
        rows.add(GenericRow.of(Utf8String.fromString("day0"), -0.0d, rows.get(0).get(2), rows.get(0).get(3), null));
        rows.add(GenericRow.of(Utf8String.fromString("day0"), 0.0d, rows.get(0).get(2), rows.get(0).get(3), null));
        try (PaimonOracle oracle = new PaimonOracle(warehouse)) {
            oracle.createTable("db", "t", type, List.of("dt"), List.of("dt", "d", "big", "ts"),
                    Map.of("bucket", Integer.toString(buckets), "file.format", "parquet"));
            oracle.write("db", "t", rows);
            Map<String, List<GenericRow>> byBucket = oracle.readByBucket("db", "t");
            int seen = 0;
            for (Map.Entry<String, List<GenericRow>> e : byBucket.entrySet()) {
                int bucket = Integer.parseInt(e.getKey().substring(e.getKey().indexOf("/bucket-") + 8));
                for (GenericRow row : e.getValue()) {
                    GenericRow key = GenericRow.of(row.get(1), row.get(2), row.get(3));
                    assertThat(Math.abs(BinaryRowWriter.toBinaryRow(key, keyType).murmurHash() % buckets))
                            .as("bucket of %s in %s", Rows.canonical(key, keyType), e.getKey())
                            .isEqualTo(bucket);
                    seen++;
                }
            }
            assertThat(seen).isEqualTo(Rows.deduplicate(rows, type, List.of("dt", "d", "big", "ts")).size());
        }
    }

    /** Checks each single-column key value in every bucket count; returns Paimon's 1009-bucket of each. */
    private static List<Integer> checkValues(AtomicType keyType, Object[][] values) {
        BucketChecker checker = new BucketChecker(List.of(keyType));
        List<Integer> buckets = new ArrayList<>();
        for (Object[] value : values) {
            for (int b = 0; b < BUCKET_COUNTS.length; b++) {
                buckets.add(checker.check(value, b));
            }
        }
        List<Integer> in1009 = new ArrayList<>();
        for (int i = BUCKET_COUNTS.length - 1; i < buckets.size(); i += BUCKET_COUNTS.length) {
            in1009.add(buckets.get(i));
        }
        return in1009;
    }

    private static void check(List<? extends DataType> keyTypes, RandomRows random, int keys) {
        BucketChecker checker = new BucketChecker(keyTypes);
        Object[] key = new Object[keyTypes.size()];
        for (int i = 0; i < keys; i++) {
            for (int k = 0; k < key.length; k++) {
                key[k] = random.value(keyTypes.get(k));
            }
            checker.check(key, i % BUCKET_COUNTS.length);
        }
    }

    /**
     * A Paimon append table schema {@code (p STRING, v INT, k0.., w STRING)} partitioned by {@code p}
     * with {@code bucket-key = k0,..}, so Paimon's projection picks key columns out of the middle of
     * a row; one Paimon extractor per bucket count. Strata builds the key row from the key values.
     */
    private static final class BucketChecker {
        private static final Utf8String PARTITION = Utf8String.fromString("part");
        private static final Utf8String VALUE = Utf8String.fromString("a value that is not part of the key");
        private final RowType tableType;
        private final RowType keyType;
        private final FixedBucketRowKeyExtractor[] paimon = new FixedBucketRowKeyExtractor[BUCKET_COUNTS.length];
        private final BucketFunction[] strataOverKeys = new BucketFunction[BUCKET_COUNTS.length];
        private final BucketFunction[] strataOverRows = new BucketFunction[BUCKET_COUNTS.length];
        private final RowKind[] kinds = RowKind.values();
        private int rowNumber;

        BucketChecker(List<? extends DataType> keyTypes) {
            List<DataField> fields = new ArrayList<>();
            List<DataField> keyFields = new ArrayList<>();
            List<String> keyNames = new ArrayList<>();
            fields.add(new DataField(0, "p", DataTypes.STRING()));
            fields.add(new DataField(1, "v", DataTypes.INT()));
            for (int k = 0; k < keyTypes.size(); k++) {
                DataField f = new DataField(2 + k, "k" + k, keyTypes.get(k));
                fields.add(f);
                keyFields.add(f);
                keyNames.add(f.name());
            }
            fields.add(new DataField(2 + keyTypes.size(), "w", DataTypes.STRING()));
            this.tableType = new RowType(fields);
            this.keyType = new RowType(keyFields);
            for (int b = 0; b < BUCKET_COUNTS.length; b++) {
                TableSchema schema = new TableSchema(
                        0,
                        PaimonTypes.toPaimonFields(fields),
                        tableType.highestFieldId(),
                        List.of("p"),
                        List.of(),
                        Map.of("bucket", Integer.toString(BUCKET_COUNTS[b]), "bucket-key", String.join(",", keyNames)),
                        null);
                paimon[b] = new FixedBucketRowKeyExtractor(schema);
                Map<String, String> options = Map.of("bucket", Integer.toString(BUCKET_COUNTS[b]),
                        "bucket-key", String.join(",", keyNames));
                strataOverRows[b] = BucketFunction.of(new io.strata.schema.TableSchema(0, fields,
                        tableType.highestFieldId(), List.of("p"), List.of(), options, null, 0));
                strataOverKeys[b] = BucketFunction.ofKeys(keyType, BUCKET_COUNTS[b]);
            }
        }

        /** Compares Strata's bucket of the key with Paimon's; returns Paimon's. */
        int check(Object[] key, int bucketCountIndex) {
            Object[] values = new Object[tableType.fieldCount()];
            values[0] = PARTITION;
            values[1] = rowNumber;
            System.arraycopy(key, 0, values, 2, key.length);
            values[values.length - 1] = VALUE;
            // The row's own kind must not matter: Paimon buckets an update or delete like the insert.
            GenericRow row = GenericRow.ofKind(kinds[rowNumber++ % kinds.length], values);

            FixedBucketRowKeyExtractor extractor = paimon[bucketCountIndex];
            extractor.setRecord(PaimonValues.toPaimonRow(row, tableType));
            int expected = extractor.bucket();
            int overRow = strataOverRows[bucketCountIndex].bucket(row);
            int actual = strataOverKeys[bucketCountIndex].bucket(GenericRow.of(key));
            if (actual != expected || overRow != expected) {
                assertThat(overRow)
                        .as("bucket of the row of key %s of %s among %d buckets", Rows.canonical(GenericRow.of(key),
                                keyType), keyType, BUCKET_COUNTS[bucketCountIndex])
                        .isEqualTo(expected);
                assertThat(actual)
                        .as("bucket of key %s of %s among %d buckets", Rows.canonical(GenericRow.of(key), keyType), keyType,
                                BUCKET_COUNTS[bucketCountIndex])
                        .isEqualTo(expected);
            }
            return expected;
        }
    }
}
