package io.strata.manifest;

import static io.strata.manifest.TestEntries.add;
import static io.strata.manifest.TestEntries.delete;
import static io.strata.manifest.TestEntries.file;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.fs.FileIO;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The merger never drops or duplicates a live file: random commit histories (adds, deletes, level
 * upgrades, compactions) are merged after every commit, and the live set read back from the merged
 * manifests must equal the model's.
 */
class ManifestMergerTest {

    @TempDir
    Path tmp;

    private final FileIO io = FileIO.local();

    @Test
    void randomHistoriesKeepTheirLiveFiles() throws Exception {
        int merges = 0;
        int fullMerges = 0;
        for (int seed = 0; seed < 8; seed++) {
            Random random = new Random(seed);
            long targetSize = 1500 + random.nextInt(4000);
            int minCount = 2 + random.nextInt(5);
            long fullSize = random.nextBoolean() ? 2 * targetSize : Long.MAX_VALUE;
            ManifestFile manifests = new ManifestFile(io, new org.apache.hadoop.fs.Path(tmp.resolve("s" + seed).toUri()),
                    TestEntries.PARTITION, targetSize, new MetadataFileNames());
            Map<ManifestEntry.Identifier, ManifestEntry> live = new LinkedHashMap<>();
            List<ManifestFileMeta> base = new ArrayList<>();
            int fileCounter = 0;
            for (int commit = 0; commit < 30; commit++) {
                List<ManifestEntry> delta = new ArrayList<>();
                List<ManifestEntry> current = new ArrayList<>(live.values());
                int action = random.nextInt(10);
                if (action < 5 || current.isEmpty()) {
                    for (int i = random.nextInt(4); i >= 0; i--) {
                        delta.add(add("2024-01-0" + (1 + random.nextInt(3)), random.nextInt(3),
                                file("data-" + seed + "-" + fileCounter++ + ".orc", 0, 1 + random.nextInt(50), i, i + 3)));
                    }
                } else if (action < 7) {
                    ManifestEntry victim = current.get(random.nextInt(current.size()));
                    delta.add(delete(partitionOf(victim), victim.bucket(), victim.file()));
                } else if (action < 8) {
                    ManifestEntry moved = current.get(random.nextInt(current.size()));
                    delta.add(delete(partitionOf(moved), moved.bucket(), moved.file()));
                    delta.add(add(partitionOf(moved), moved.bucket(), moved.file().upgrade(moved.file().level() + 1)));
                } else {
                    // A compaction of one bucket: every file of it replaced by one at level 5.
                    ManifestEntry pick = current.get(random.nextInt(current.size()));
                    for (ManifestEntry e : current) {
                        if (e.partition().equals(pick.partition()) && e.bucket() == pick.bucket()) {
                            delta.add(delete(partitionOf(e), e.bucket(), e.file()));
                        }
                    }
                    delta.add(add(partitionOf(pick), pick.bucket(),
                            file("data-" + seed + "-" + fileCounter++ + ".orc", 5, 100, 0, 99)));
                }
                for (ManifestEntry e : delta) {
                    if (e.kind() == FileKind.ADD) {
                        live.put(e.identifier(), e);
                    } else {
                        live.remove(e.identifier());
                    }
                }
                base.addAll(manifests.write(delta));

                List<ManifestFileMeta> merged = ManifestMerger.merge(base, manifests, targetSize, minCount, fullSize);
                if (merged != base) {
                    merges++;
                    if (!merged.isEmpty() && merged.stream().allMatch(m -> m.numDeletedFiles() == 0)) {
                        fullMerges++;
                    }
                }
                assertThat(liveFiles(manifests, merged)).as("seed %d commit %d", seed, commit)
                        .containsExactlyInAnyOrderElementsOf(live.values());
                base = merged;
            }
            assertThat(countSmall(base, targetSize)).as("seed %d", seed).isLessThan(minCount + 2);
        }
        assertThat(merges).isGreaterThan(15);
        assertThat(fullMerges).isGreaterThan(0);
    }

    @Test
    void nothingToDoReturnsTheInput() throws Exception {
        ManifestFile manifests = new ManifestFile(io, new org.apache.hadoop.fs.Path(tmp.toUri()), TestEntries.PARTITION,
                8 << 20, new MetadataFileNames());
        List<ManifestFileMeta> base = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            base.addAll(manifests.write(List.of(add("2024-01-01", 0, file("data-" + i + ".orc", 0, 5, 0, 4)))));
        }
        assertThat(ManifestMerger.merge(base, manifests, 8 << 20, 30)).isSameAs(base);
        List<ManifestFileMeta> merged = ManifestMerger.merge(base, manifests, 8 << 20, 3);
        assertThat(merged).hasSize(1);
        assertThat(merged.get(0).numAddedFiles()).isEqualTo(3);
    }

    @Test
    void addsAndDeletesInsideThePrefixCancel() throws Exception {
        ManifestFile manifests = new ManifestFile(io, new org.apache.hadoop.fs.Path(tmp.toUri()), TestEntries.PARTITION,
                8 << 20, new MetadataFileNames());
        DataFileMeta a = file("data-a.orc", 0, 5, 0, 4);
        DataFileMeta b = file("data-b.orc", 0, 5, 0, 4);
        List<ManifestFileMeta> base = new ArrayList<>();
        base.addAll(manifests.write(List.of(add("2024-01-01", 0, a), add("2024-01-02", 1, b))));
        base.addAll(manifests.write(List.of(delete("2024-01-01", 0, a), add("2024-01-01", 0, a.upgrade(5)))));
        base.addAll(manifests.write(List.of(delete("2024-01-02", 1, b))));
        List<ManifestFileMeta> merged = ManifestMerger.merge(base, manifests, 8 << 20, 3);
        assertThat(merged).hasSize(1);
        assertThat(merged.get(0).numDeletedFiles()).isZero();
        assertThat(manifests.read(merged.get(0).fileName())).containsExactly(add("2024-01-01", 0, a.upgrade(5)));
        assertThat(merged.get(0).minLevel()).isEqualTo(5);
        assertThat(merged.get(0).minBucket()).isZero();
    }

    private static String partitionOf(ManifestEntry e) {
        return e.partition().getString(0).toString();
    }

    private static List<ManifestEntry> liveFiles(ManifestFile manifests, List<ManifestFileMeta> list) throws Exception {
        List<ManifestEntry> all = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (ManifestFileMeta m : list) {
            assertThat(names.add(m.fileName())).as("manifest listed twice: %s", m.fileName()).isTrue();
            List<ManifestEntry> entries = manifests.read(m.fileName());
            assertThat(entries.stream().filter(e -> e.kind() == FileKind.ADD).count()).isEqualTo(m.numAddedFiles());
            assertThat(entries.stream().filter(e -> e.kind() == FileKind.DELETE).count()).isEqualTo(m.numDeletedFiles());
            all.addAll(entries);
        }
        // mergeEntries fails on a file added twice, so a duplicated live file cannot hide here.
        return new ArrayList<>(ManifestEntry.mergeEntries(all));
    }

    private static long countSmall(List<ManifestFileMeta> list, long targetSize) {
        return list.stream().filter(m -> m.fileSize() < targetSize).count();
    }
}
