package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.ManifestList;
import io.strata.manifest.MetadataFileNames;
import io.strata.predicate.PredicateBuilder;
import io.strata.schema.Schema;
import io.strata.snapshot.Snapshot;
import io.strata.table.store.TableStore;
import io.strata.types.DataTypes;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Planning: bucket pruning, time travel by time, rolling files, bounded metadata. */
class ScanPlanningTest {

    @TempDir
    Path dir;

    private Table create(String name, String... options) {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
        catalog.createDatabase("db", true);
        Schema.Builder b = Schema.newBuilder()
                .column("id", DataTypes.BIGINT())
                .column("v", DataTypes.STRING())
                .primaryKey("id");
        for (int i = 0; i < options.length; i += 2) {
            b.option(options[i], options[i + 1]);
        }
        return catalog.createTable(Identifier.of("db", name), b.build(), false);
    }

    private static void write(Table table, long from, long to, String value) {
        try (BatchWrite w = table.newBatchWrite()) {
            for (long id = from; id < to; id++) {
                w.write(GenericRow.of(id, Utf8String.fromString(value + id)));
            }
            w.commit();
        }
    }

    @Test
    void equalityAndInOnTheBucketKeyReadOnlyTheirBuckets() throws Exception {
        Table table = create("b", "bucket", "8");
        write(table, 0, 200, "v");
        PredicateBuilder pb = new PredicateBuilder(table.schema().rowType());
        Plan all = table.newScan().plan();
        assertThat(all.splits()).hasSize(8);
        Plan one = table.newScan().filter(pb.equal("id", 42L)).plan();
        assertThat(one.splits()).hasSize(1);
        assertThat(TestRows.readAll(table, one)).containsExactly("[42, v42]");
        Plan two = table.newScan().filter(pb.in("id", 7L, 150L)).plan();
        assertThat(two.splits().size()).isBetween(1, 2);
        assertThat(TestRows.readAll(table, two)).containsExactly("[150, v150]", "[7, v7]");
        // A literal of another class (an int for a BIGINT key) is compared by value but never hashed.
        Plan widened = table.newScan().filter(pb.equal("id", 42)).plan();
        assertThat(widened.splits()).hasSize(8);
        assertThat(TestRows.readAll(table, widened)).containsExactly("[42, v42]");
    }

    @Test
    void timeTravelByTimestamp() throws Exception {
        Table table = create("tt", "bucket", "1");
        write(table, 0, 2, "first");
        Snapshot first = table.latestSnapshot().orElseThrow();
        write(table, 0, 2, "second");
        // Both commits may land in one millisecond (the commit stamps the system time): snapshot 2 is
        // committed again as if a second later, so each timestamp names exactly one snapshot.
        Snapshot second = table.latestSnapshot().orElseThrow();
        long secondMillis = first.timeMillis() + 1_000;
        TableStore.of(table).snapshotManager().deleteSnapshot(second.id());
        assertThat(TableStore.of(table).snapshotManager().tryCommit(second.toBuilder().timeMillis(secondMillis).build())).isTrue();
        assertThat(TestRows.readAll(table, table.newScan().asOfTimestamp(first.timeMillis()).plan()))
                .containsExactly("[0, first0]", "[1, first1]");
        assertThat(TestRows.readAll(table, table.newScan().asOfTimestamp(secondMillis - 1).plan()))
                .containsExactly("[0, first0]", "[1, first1]");
        assertThat(TestRows.readAll(table, table.newScan().asOfTimestamp(secondMillis).plan()))
                .containsExactly("[0, second0]", "[1, second1]");
        assertThatThrownBy(() -> table.newScan().asOfTimestamp(first.timeMillis() - 1).plan())
                .hasMessageContaining("no snapshot at or before");
        assertThatThrownBy(() -> table.newScan().asOfSnapshot(99).plan()).hasMessageContaining("99");
        // The snapshot a scan reads, resolved without planning: the same one, and the same refusals.
        assertThat(table.newScan().asOfTimestamp(secondMillis - 1).snapshot().id()).isEqualTo(first.id());
        assertThat(table.newScan().snapshot().id()).isEqualTo(second.id());
        assertThatThrownBy(() -> table.newScan().asOfTimestamp(first.timeMillis() - 1).snapshot())
                .hasMessageContaining("no snapshot at or before");
        assertThatThrownBy(() -> table.newScan().asOfSnapshot(99).snapshot()).hasMessageContaining("99");
        assertThatThrownBy(() -> table.newScan().asOfTag("nope").snapshot()).hasMessageContaining("no tag 'nope'");
        assertThat(create("empty", "bucket", "1").newScan().snapshot()).isNull();
    }

    @Test
    void filesRollAtTheTargetSizeAndFormOneSortedRun() throws Exception {
        Table table = create("roll", "bucket", "1", "target-file-size", "4 kb", "file.format", "orc");
        write(table, 0, 5000, "a-value-long-enough-to-fill-files-");
        List<DataFileMeta> files = table.newScan().plan().splits().get(0).files();
        assertThat(files.size()).as("rolled files").isGreaterThan(1);
        assertThat(files.stream().mapToLong(DataFileMeta::rowCount).sum()).isEqualTo(5000);
        // The files of one flush do not overlap: the read needs no merge and returns every key once.
        assertThat(TestRows.readAll(table)).hasSize(5000);
    }

    @Test
    void manyCommitsKeepTheManifestListBounded() throws Exception {
        Table table = create("many", "bucket", "1", "manifest.merge-min-count", "5");
        for (int c = 0; c < 40; c++) {
            write(table, c, c + 1, "c");
        }
        Snapshot latest = table.latestSnapshot().orElseThrow();
        ManifestList list = new ManifestList(FileIO.local(), new org.apache.hadoop.fs.Path(table.location(), "manifest"),
                new MetadataFileNames());
        assertThat(list.read(latest.baseManifestList()).size()).as("base manifests after 40 commits").isLessThan(10);
        assertThat(TestRows.readAll(table)).hasSize(40);
        assertThat(table.snapshots().snapshots().stream().map(Snapshot::id).collect(Collectors.toList()))
                .hasSize(40);
    }

    @Test
    void appendTablesSkipFilesByValueStatistics() throws Exception {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
        catalog.createDatabase("db", true);
        Table table = catalog.createTable(Identifier.of("db", "events"), Schema.newBuilder()
                .column("at", DataTypes.BIGINT()).column("what", DataTypes.STRING()).build(), false);
        for (int c = 0; c < 4; c++) {
            try (BatchWrite w = table.newBatchWrite()) {
                for (long at = c * 1000L; at < c * 1000L + 100; at++) {
                    w.write(GenericRow.of(at, Utf8String.fromString("e" + at)));
                }
                w.commit();
            }
        }
        PredicateBuilder pb = new PredicateBuilder(table.schema().rowType());
        Plan plan = table.newScan().filter(pb.between("at", 2010L, 2012L)).plan();
        assertThat(plan.splits()).hasSize(1);
        assertThat(plan.splits().get(0).files()).hasSize(1);
        assertThat(TestRows.readAll(table, plan)).containsExactly("[2010, e2010]", "[2011, e2011]", "[2012, e2012]");
        assertThat(table.newScan().filter(pb.greaterThan("at", 10_000L)).plan().splits()).isEmpty();
        assertThat(table.newScan().filter(pb.isNull("what")).plan().splits()).as("no nulls anywhere").isEmpty();
    }
}
