package io.strata.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.fs.FileIO;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IndexManifestEntriesTest {

    @TempDir
    Path tmp;

    private static IndexManifestEntry entry(FileKind kind, String dt, int bucket, String file, String... dataFiles) {
        LinkedHashMap<String, DeletionVectorMeta> ranges = new LinkedHashMap<>();
        int offset = 1;
        for (String d : dataFiles) {
            ranges.put(d, new DeletionVectorMeta(d, offset, 22, 1L));
            offset += 30;
        }
        return new IndexManifestEntry(kind, TestEntries.partition(dt), bucket,
                new IndexFileMeta(IndexFileMeta.DELETION_VECTORS, file, offset, dataFiles.length, ranges, null));
    }

    @Test
    void bucketedCombineReplacesEachBucketsFile() {
        List<IndexManifestEntry> previous = List.of(entry(FileKind.ADD, "d1", 0, "index-a-0", "data-1"),
                entry(FileKind.ADD, "d1", 1, "index-a-1", "data-2"));
        List<IndexManifestEntry> changes = List.of(entry(FileKind.ADD, "d1", 0, "index-b-0", "data-1", "data-3"),
                entry(FileKind.DELETE, "d1", 0, "index-a-0", "data-1"), entry(FileKind.DELETE, "d1", 1, "index-a-1", "data-2"));
        assertThat(IndexManifestEntries.combineByBucket(previous, changes))
                .containsExactly(entry(FileKind.ADD, "d1", 0, "index-b-0", "data-1", "data-3"));
    }

    @Test
    void byFileNameCombineChecksEveryStep() {
        List<IndexManifestEntry> previous = List.of(entry(FileKind.ADD, "d1", 0, "index-a-0", "data-1"));
        assertThat(IndexManifestEntries.combineByFileName(previous, List.of(entry(FileKind.ADD, "d1", 0, "index-b-0", "data-2"))))
                .hasSize(2);
        assertThatThrownBy(() -> IndexManifestEntries.combineByFileName(previous,
                List.of(entry(FileKind.ADD, "d1", 0, "index-b-0", "data-1"))))
                .hasMessageContaining("data-1");
        assertThatThrownBy(() -> IndexManifestEntries.combineByFileName(previous,
                List.of(entry(FileKind.DELETE, "d1", 0, "index-zz-0"))))
                .hasMessageContaining("index-zz-0");
        assertThat(IndexManifestEntries.combineByFileName(previous, List.of(entry(FileKind.DELETE, "d1", 0, "index-a-0", "data-1"),
                entry(FileKind.ADD, "d1", 0, "index-b-0", "data-1")))).extracting(e -> e.indexFile().fileName())
                .containsExactly("index-b-0");
    }

    @Test
    void indexManifestsRoundTripWithAndWithoutRanges() throws Exception {
        IndexManifestFile file = new IndexManifestFile(FileIO.local(), new org.apache.hadoop.fs.Path(tmp.toUri()),
                new MetadataFileNames());
        List<IndexManifestEntry> entries = List.of(entry(FileKind.ADD, "d1", 0, "index-a-0", "data-1", "data-2"),
                new IndexManifestEntry(FileKind.ADD, TestEntries.partition("d2"), 3,
                        new IndexFileMeta(IndexFileMeta.HASH, "index-h-0", 40, 10, null, "/elsewhere/index-h-0")));
        String name = file.write(entries);
        assertThat(name).startsWith("index-manifest-").endsWith("-0");
        assertThat(file.read(name)).isEqualTo(entries);
    }
}
