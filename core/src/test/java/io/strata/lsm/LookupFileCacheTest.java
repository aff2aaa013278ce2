package io.strata.lsm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.data.BinaryRow;
import io.strata.data.BinaryRowWriter;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.FileSource;
import io.strata.manifest.SimpleStats;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lookups through local lookup files: every key of data files many blocks long is found with its value,
 * sequence number, kind and position, in little memory; the disk bound and the retention delete copies (built
 * again when needed); closing deletes them all.
 */
class LookupFileCacheTest {

    private static final RowType TYPE = new RowType(List.of(new DataField(0, "k", DataTypes.INT().withNullable(false)),
            new DataField(1, "v", DataTypes.STRING()), new DataField(2, "tags", DataTypes.ARRAY(DataTypes.INT()))));

    @TempDir
    Path dir;

    private static BinaryRow key(int k) {
        BinaryRowWriter w = new BinaryRowWriter(1);
        w.writeInt(0, k);
        return w.complete();
    }

    /** A data file of keys {@code from, from + step, ...} (count of them) at {@code level}. */
    private static DataFileMeta file(String name, int level, int from, int step, int count) {
        return new DataFileMeta(name, 1000, count, key(from), key(from + step * (count - 1)), SimpleStats.EMPTY_STATS,
                SimpleStats.EMPTY_STATS, 0, count, 0, level, List.of(), null, 0L, null, FileSource.APPEND, null,
                null, null, null);
    }

    /** The records of {@link #file}: value "v<key>@<level>", a nested array, sequence = key, every 7th a -U. */
    private static RecordCursor records(DataFileMeta meta, int from, int step) {
        int count = (int) meta.rowCount();
        return new RecordCursor() {
            int at = -1;
            GenericRow row;

            @Override
            public boolean advance() {
                if (++at >= count) {
                    return false;
                }
                int k = from + at * step;
                row = GenericRow.of(k, Utf8String.fromString("v" + k + "@" + meta.level()),
                        new io.strata.data.GenericArray(new Object[] {k, null}));
                return true;
            }

            @Override
            public Row value() {
                return row;
            }

            @Override
            public long sequenceNumber() {
                return from + (long) at * step;
            }

            @Override
            public RowKind kind() {
                return at % 7 == 6 ? RowKind.UPDATE_BEFORE : RowKind.INSERT;
            }

            @Override
            public void close() {}
        };
    }

    @Test
    void everyKeyOfFilesManyBlocksLongIsFoundInLittleMemory() throws IOException {
        // Level 1 holds the even keys 0..39998, level 2 every key 0..39999: a key found on level 1 wins.
        DataFileMeta even = file("even", 1, 0, 2, 20_000);
        DataFileMeta all = file("all", 2, 0, 1, 40_000);
        AtomicInteger opened = new AtomicInteger();
        try (LookupFileCache cache = new LookupFileCache(dir, Long.MAX_VALUE, Duration.ofHours(1), 64 * 1024,
                System::currentTimeMillis)) {
            LookupLevels levels = new LookupLevels(TYPE, TYPE.project(new int[] {0}), new int[] {0}, f -> {
                opened.incrementAndGet();
                return f == even ? records(even, 0, 2) : records(all, 0, 1);
            }, cache);
            List<LevelSortedRun> runs = List.of(new LevelSortedRun(1, new SortedRun(List.of(even))),
                    new LevelSortedRun(2, new SortedRun(List.of(all))));
            for (int k = 0; k < 40_000; k += 37) {
                LookupLevels.Found found = levels.find(GenericRow.of(k, null, null), runs);
                int level = k % 2 == 0 ? 1 : 2;
                assertThat(found.record().value().getString(1).toString()).isEqualTo("v" + k + "@" + level);
                assertThat(found.record().value().getArray(2).getInt(0)).isEqualTo(k);
                assertThat(found.record().value().getArray(2).isNullAt(1)).isTrue();
                assertThat(found.record().sequenceNumber()).isEqualTo(k);
                assertThat(found.record().level()).isEqualTo(level);
                assertThat(found.position()).isEqualTo(level == 1 ? k / 2 : k);
                assertThat(found.fileName()).isEqualTo(level == 1 ? "even" : "all");
                long index = level == 1 ? k / 2 : k;
                assertThat(found.record().kind()).isEqualTo(index % 7 == 6 ? RowKind.UPDATE_BEFORE : RowKind.INSERT);
            }
            assertThat(levels.find(GenericRow.of(40_000, null, null), runs)).isNull();
            assertThat(levels.find(GenericRow.of(-1, null, null), runs)).isNull();
            assertThat(opened.get()).as("each data file read once").isEqualTo(2);
            assertThat(cache.cachedFiles()).isEqualTo(2);
            assertThat(cache.diskBytes()).isGreaterThan(40L * LookupFile.BLOCK_BYTES);
            assertThat(cache.blocks().bytes()).as("decoded blocks bounded by the memory size")
                    .isLessThanOrEqualTo(64 * 1024 + 4L * LookupFile.BLOCK_BYTES);
            assertThat(Files.list(cache.directory()).count()).isEqualTo(2);
        }
    }

    @Test
    void theDiskBoundAndTheRetentionDeleteCopiesThatAreBuiltAgainWhenNeeded() throws IOException {
        DataFileMeta a = file("a", 1, 0, 1, 5_000);
        DataFileMeta b = file("b", 2, 0, 1, 5_000);
        long[] now = {0};
        AtomicInteger opened = new AtomicInteger();
        LookupFileCache cache = new LookupFileCache(dir, 10 * 1024, Duration.ofMinutes(10), 1024, () -> now[0]);
        LookupLevels levels = new LookupLevels(TYPE, TYPE.project(new int[] {0}), new int[] {0}, f -> {
            opened.incrementAndGet();
            return records(f, 0, 1);
        }, cache);
        List<LevelSortedRun> onlyA = List.of(new LevelSortedRun(1, new SortedRun(List.of(a))));
        List<LevelSortedRun> onlyB = List.of(new LevelSortedRun(2, new SortedRun(List.of(b))));
        assertThat(levels.find(GenericRow.of(10, null, null), onlyA)).isNotNull();
        assertThat(levels.find(GenericRow.of(4_000, null, null), onlyA)).isNotNull();
        assertThat(opened.get()).isEqualTo(1);
        // Each copy alone exceeds 10 kb: building b deletes a.
        assertThat(levels.find(GenericRow.of(10, null, null), onlyB)).isNotNull();
        assertThat(cache.cachedFiles()).isEqualTo(1);
        assertThat(Files.list(cache.directory()).count()).isEqualTo(1);
        assertThat(levels.find(GenericRow.of(11, null, null), onlyA).record().value().getString(1).toString())
                .isEqualTo("v11@1");
        assertThat(opened.get()).as("a built again").isEqualTo(3);
        assertThat(cache.builtFiles()).isEqualTo(3);
        // Unused for longer than the retention: gone at the next lookup.
        LookupFileCache roomy = new LookupFileCache(dir, Long.MAX_VALUE, Duration.ofMinutes(10), 1024, () -> now[0]);
        LookupLevels retained = new LookupLevels(TYPE, TYPE.project(new int[] {0}), new int[] {0},
                f -> records(f, 0, 1), roomy);
        retained.find(GenericRow.of(1, null, null), onlyA);
        now[0] += Duration.ofMinutes(11).toMillis();
        retained.find(GenericRow.of(1, null, null), onlyB);
        assertThat(roomy.cachedFiles()).isEqualTo(1);
        assertThat(roomy.builtFiles()).isEqualTo(2);
        Path directory = cache.directory();
        cache.close();
        roomy.close();
        assertThat(directory).doesNotExist();
        assertThat(roomy.directory()).doesNotExist();
        assertThatThrownBy(() -> levels.find(GenericRow.of(1, null, null), onlyA)).hasMessageContaining("closed");
    }
}
