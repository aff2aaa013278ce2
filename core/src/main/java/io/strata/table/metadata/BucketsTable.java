package io.strata.table.metadata;

import static io.strata.table.metadata.MetadataRows.bigint;
import static io.strata.table.metadata.MetadataRows.notNull;
import static io.strata.table.metadata.MetadataRows.nullable;
import static io.strata.table.metadata.MetadataRows.string;
import static io.strata.table.metadata.MetadataRows.text;
import static io.strata.table.metadata.MetadataRows.timestamp;

import io.strata.data.BinaryRow;
import io.strata.data.CloseableIterator;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.manifest.ManifestEntry;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code buckets}: one row per (partition, bucket) that holds files in the snapshot, with its totals
 * ({@link FileTotals}), as Paimon's {@code t$buckets}; the partition is cast to text as in {@code files}
 * ({@code {2024-01-01}}). Rows come by partition text, then bucket.
 */
final class BucketsTable extends BaseMetadataTable {

    static final String NAME = "buckets";

    private static final RowType TYPE = MetadataRows.columns(
            nullable("partition", string()),
            notNull("bucket", DataTypes.INT()),
            notNull("record_count", bigint()),
            notNull("file_size_in_bytes", bigint()),
            notNull("file_count", bigint()),
            nullable("last_update_time", timestamp()));

    BucketsTable(Table table) {
        super(table, NAME, TYPE, true);
    }

    @Override
    public CloseableIterator<Row> rows(OptionalLong snapshotId) throws IOException {
        Optional<DescribedSnapshot> described = DescribedSnapshot.of(table, snapshotId);
        if (described.isEmpty()) {
            return CloseableIterator.empty();
        }
        Map<Bucket, FileTotals> byBucket = new LinkedHashMap<>();
        for (ManifestEntry entry : described.get().manifestEntries()) {
            byBucket.computeIfAbsent(new Bucket(entry.partition(), entry.bucket()), b -> new FileTotals()).add(entry);
        }
        RowType partitionType = described.get().schema().partitionType();
        List<BucketRow> buckets = new ArrayList<>();
        byBucket.forEach((bucket, totals) -> {
            if (totals.hasFiles()) {
                buckets.add(new BucketRow(PaimonText.row(bucket.partition(), partitionType), bucket.bucket(), totals));
            }
        });
        buckets.sort(Comparator.comparing(BucketRow::partition).thenComparingInt(BucketRow::bucket));
        List<Row> rows = new ArrayList<>(buckets.size());
        for (BucketRow b : buckets) {
            rows.add(GenericRow.of(
                    text(b.partition()),
                    b.bucket(),
                    b.totals().recordCount(),
                    b.totals().fileSizeInBytes(),
                    b.totals().fileCount(),
                    b.totals().lastUpdateTime()));
        }
        return MetadataRows.iterator(rows);
    }

    private record Bucket(BinaryRow partition, int bucket) {}

    private record BucketRow(String partition, int bucket, FileTotals totals) {}
}
