package io.strata.manifest;

import io.strata.data.BinaryRow;
import io.strata.data.BinaryRowWriter;
import io.strata.data.RowValues;
import io.strata.data.Utf8String;
import io.strata.types.RowType;

/**
 * Min, max and null count per partition column over the entries of one manifest, in Paimon's "full"
 * mode: no truncation; values that are not comparable (binary) get no min/max.
 */
final class PartitionStatsCollector {

    private final RowType partitionType;
    private final Object[] mins;
    private final Object[] maxs;
    private final long[] nullCounts;

    PartitionStatsCollector(RowType partitionType) {
        this.partitionType = partitionType;
        int n = partitionType.fieldCount();
        this.mins = new Object[n];
        this.maxs = new Object[n];
        this.nullCounts = new long[n];
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    void collect(BinaryRow partition) {
        if (partition.arity() != mins.length) {
            throw new IllegalArgumentException("Partition row has " + partition.arity() + " fields but the partition type "
                    + partitionType + " has " + mins.length);
        }
        for (int i = 0; i < mins.length; i++) {
            Object v = RowValues.get(partition, i, partitionType.typeAt(i));
            if (v == null) {
                nullCounts[i]++;
                continue;
            }
            if (!(v instanceof Comparable)) {
                continue;
            }
            if (v instanceof Utf8String s) {
                // The partition row is reused by nobody, but its string is a view: keep a copy.
                v = s.copy();
            }
            if (mins[i] == null || ((Comparable) v).compareTo(mins[i]) < 0) {
                mins[i] = v;
            }
            if (maxs[i] == null || ((Comparable) v).compareTo(maxs[i]) > 0) {
                maxs[i] = v;
            }
        }
    }

    SimpleStats result() {
        BinaryRowWriter min = new BinaryRowWriter(mins.length);
        BinaryRowWriter max = new BinaryRowWriter(mins.length);
        Long[] counts = new Long[mins.length];
        for (int i = 0; i < mins.length; i++) {
            min.write(i, mins[i], partitionType.typeAt(i));
            max.write(i, maxs[i], partitionType.typeAt(i));
            counts[i] = nullCounts[i];
        }
        return new SimpleStats(min.complete(), max.complete(), counts);
    }
}
