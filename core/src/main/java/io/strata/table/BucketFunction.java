package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.data.KeyEncoder;
import io.strata.data.Row;
import io.strata.schema.TableSchema;
import io.strata.types.RowType;
import java.util.List;

/**
 * The bucket a row belongs to in a table with a fixed number of buckets ({@code bucket} &gt; 0): Paimon's
 * function, the absolute value of the Murmur hash of the bucket-key columns (encoded as Paimon's binary
 * row) modulo the number of buckets. Every Strata write routes rows with it; an engine that spreads rows
 * over tasks uses it to hand each bucket to one task.
 *
 * <p>Not thread-safe: it reuses one buffer.
 */
@PublicApi
public final class BucketFunction {

    private final KeyEncoder keys;
    private final int numBuckets;

    private BucketFunction(RowType rowType, int[] keyPositions, int numBuckets) {
        if (numBuckets <= 0) {
            throw new IllegalArgumentException("A bucket function needs a fixed number of buckets, not " + numBuckets);
        }
        this.keys = new KeyEncoder(rowType, keyPositions);
        this.numBuckets = numBuckets;
    }

    /**
     * The function over rows of the table's own row type. Fails naming the table's bucket option when the
     * table has no fixed buckets, and when it has no bucket key.
     */
    public static BucketFunction of(TableSchema schema) {
        int numBuckets = schema.tableOptions().bucket();
        if (numBuckets <= 0) {
            throw new IllegalArgumentException("The table has bucket=" + numBuckets
                    + ": only a table with a fixed number of buckets (bucket > 0) has a bucket function");
        }
        return of(schema, numBuckets);
    }

    /**
     * The function over rows of the table's own row type into {@code numBuckets} buckets: for tables whose
     * partitions each keep a bucket count of their own (postpone-bucket tables, {@code bucket = -2}, where a
     * partition's count is the one its files record). Fails when the table has no bucket key.
     */
    public static BucketFunction of(TableSchema schema, int numBuckets) {
        List<String> bucketKeys = schema.bucketKeys();
        if (bucketKeys.isEmpty()) {
            throw new IllegalArgumentException("The table has bucket=" + numBuckets
                    + " but no bucket key: set 'bucket-key' or a primary key");
        }
        RowType rowType = schema.rowType();
        return new BucketFunction(rowType, bucketKeys.stream().mapToInt(rowType::requireIndexOf).toArray(), numBuckets);
    }

    /**
     * The function over rows that hold only the bucket-key columns, in the table's bucket-key order and
     * of their types ({@code keyType}).
     */
    public static BucketFunction ofKeys(RowType keyType, int numBuckets) {
        int[] positions = new int[keyType.fieldCount()];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = i;
        }
        return new BucketFunction(keyType, positions, numBuckets);
    }

    /** The bucket of {@code row}, in {@code [0, numBuckets)}. */
    public int bucket(Row row) {
        return Math.abs(keys.hash(row) % numBuckets);
    }

    public int numBuckets() {
        return numBuckets;
    }
}
