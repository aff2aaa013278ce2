package io.strata.lsm;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.BinaryRow;
import io.strata.data.BinaryRowWriter;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.FileSource;
import io.strata.manifest.SimpleStats;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Whether a file holds expired records by the statistics of its time field, whatever {@code metadata.stats-*}
 * kept of them (as Paimon 1.4.2's {@code RecordLevelExpire.isExpireFile}): a minimum found in all-columns or dense
 * value statistics is judged; a file without one (none or counts mode, dense statistics of other columns) is not
 * expired by its statistics.
 */
class RecordLevelExpireStatsTest {

    private static final long NOW_SECONDS = 1_700_000_000L;
    private static final int OLD = (int) (NOW_SECONDS - 7200);
    private static final int FRESH = (int) NOW_SECONDS;

    /** Time field "ts" (INT seconds) at position 1 of (id INT, ts INT, v INT); expiry after one hour. */
    private final RecordLevelExpire expire = new RecordLevelExpire(1, "ts", DataTypes.INT(), Duration.ofHours(1), 0,
            () -> NOW_SECONDS * 1000);

    private static SimpleStats stats(Integer... mins) {
        BinaryRowWriter min = new BinaryRowWriter(mins.length);
        DataType type = DataTypes.INT();
        for (int i = 0; i < mins.length; i++) {
            min.write(i, mins[i], type);
        }
        Long[] nulls = new Long[mins.length];
        Arrays.fill(nulls, 0L);
        BinaryRow row = min.complete();
        return new SimpleStats(row, row, nulls);
    }

    private static DataFileMeta file(long schemaId, SimpleStats valueStats, List<String> valueStatsCols) {
        return new DataFileMeta("data-x-0.orc", 100, 10, BinaryRow.EMPTY_ROW, BinaryRow.EMPTY_ROW, SimpleStats.EMPTY_STATS,
                valueStats, 0, 9, schemaId, 1, List.of(), null, 0L, null, FileSource.APPEND, valueStatsCols, null, null,
                null);
    }

    @Test
    void theTimeFieldsMinimumIsFoundInEveryLayout() {
        // All columns.
        assertThat(expire.hasExpiredRecords(file(0, stats(1, OLD, 3), null))).isTrue();
        assertThat(expire.hasExpiredRecords(file(0, stats(1, FRESH, 3), null))).isFalse();
        // Dense: the time field at another position, or the only one.
        assertThat(expire.hasExpiredRecords(file(0, stats(OLD, 5), List.of("ts", "v")))).isTrue();
        assertThat(expire.hasExpiredRecords(file(0, stats(1, OLD), List.of("id", "ts")))).isTrue();
        assertThat(expire.hasExpiredRecords(file(0, stats(FRESH), List.of("ts")))).isFalse();
    }

    @Test
    void aFileWithoutTheMinimumIsNotExpiredByItsStatistics() {
        // Dense statistics of other columns only, or of none (metadata.stats-mode none).
        assertThat(expire.hasExpiredRecords(file(0, stats(OLD, OLD), List.of("id", "v")))).isFalse();
        assertThat(expire.hasExpiredRecords(file(0, SimpleStats.EMPTY_STATS, List.of()))).isFalse();
        // All columns with no minimum (none or counts mode, not dense).
        assertThat(expire.hasExpiredRecords(file(0, stats(null, null, null), null))).isFalse();
        // Another schema: not judged.
        assertThat(expire.hasExpiredRecords(file(1, stats(1, OLD, 3), null))).isFalse();
    }
}
