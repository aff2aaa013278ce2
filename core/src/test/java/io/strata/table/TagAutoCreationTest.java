package io.strata.table;

import static io.strata.table.LifecycleTables.commit;
import static io.strata.table.LifecycleTables.local;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.oracle.PaimonOracle;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.Tag;
import io.strata.table.lifecycle.TableMaintenance;
import io.strata.table.lifecycle.TagAutoCreation;
import io.strata.table.store.TableStore;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Automatic tags by time. Snapshots with chosen commit times (and watermarks) are made by re-committing
 * snapshot 1's content under new ids, so no test waits for hours; Paimon 1.4.2's own tag creation on a
 * copy of the table is the oracle for the names and the snapshots tagged.
 */
class TagAutoCreationTest {

    @TempDir
    Path dir;

    /** Commit times: a day and more of commits with gaps, in UTC. */
    private static final List<String> TIMES = List.of(
            "2024-01-01T10:15", "2024-01-01T10:50", "2024-01-01T11:05", "2024-01-01T13:59", "2024-01-01T23:30",
            "2024-01-02T00:20", "2024-01-02T01:40", "2024-01-02T03:10", "2024-01-04T08:00", "2024-01-04T08:45",
            "2024-01-05T00:00", "2024-01-05T02:00");

    static Stream<Arguments> configurations() {
        return Stream.of(
                Arguments.of("daily", new String[] {}),
                Arguments.of("daily-delay", new String[] {"tag.creation-delay", "1 h"}),
                Arguments.of("daily-nodash", new String[] {"tag.period-formatter", "without_dashes"}),
                Arguments.of("hourly", new String[] {"tag.creation-period", "hourly"}),
                Arguments.of("hourly-nospace", new String[] {"tag.creation-period", "hourly",
                        "tag.period-formatter", "without_dashes_and_spaces"}),
                Arguments.of("hourly-retained", new String[] {"tag.creation-period", "hourly",
                        "tag.num-retained-max", "3"}),
                Arguments.of("two-hours", new String[] {"tag.creation-period", "two-hours"}),
                Arguments.of("duration", new String[] {"tag.creation-period-duration", "30 min"}),
                Arguments.of("completion", new String[] {"tag.creation-period", "hourly",
                        "tag.automatic-completion", "true"}),
                Arguments.of("watermark", new String[] {"tag.automatic-creation", "watermark",
                        "tag.creation-period", "hourly"}));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("configurations")
    void tagsMatchPaimon(String name, String[] extra) throws Exception {
        List<String> options = new ArrayList<>(List.of("tag.automatic-creation", "process-time",
                "sink.process-time-zone", "UTC", "write-only", "true"));
        for (int i = 0; i < extra.length; i += 2) {
            int at = options.indexOf(extra[i]);
            if (at >= 0) {
                options.set(at + 1, extra[i + 1]);
            } else {
                options.add(extra[i]);
                options.add(extra[i + 1]);
            }
        }
        Path strataWarehouse = dir.resolve("strata");
        Table table = LifecycleTables.create(strataWarehouse, "t", options.toArray(String[]::new));
        commit(table, 1);
        Snapshot first = table.snapshots().snapshot(1);
        // Snapshot 1 keeps its real time; 2.. get the chosen ones (watermark: the commit time minus 5 min).
        for (int i = 0; i < TIMES.size(); i++) {
            long millis = LocalDateTime.parse(TIMES.get(i)).toInstant(ZoneOffset.UTC).toEpochMilli();
            assertThat(TableStore.of(table).snapshotManager().tryCommit(first.toBuilder().id(i + 2).timeMillis(millis)
                    .watermark(millis - 300_000).build())).isTrue();
        }
        // Snapshot 1's real time is later than all others; drop it so times grow with ids.
        TableStore.of(table).snapshotManager().deleteSnapshot(1);
        TableStore.of(table).snapshotManager().commitEarliestHint(2);

        Path paimonWarehouse = dir.resolve("paimon");
        LifecycleTables.copy(local(table), paimonWarehouse.resolve("db.db").resolve("t"));

        // Two runs, as after two commits: the second must resume where the first stopped.
        TableStore.of(table).snapshotManager().deleteSnapshot(TIMES.size() + 1);
        new TagAutoCreation(TableStore.of(table)).run();
        TableStore.of(table).snapshotManager().tryCommit(first.toBuilder().id(TIMES.size() + 1)
                .timeMillis(LocalDateTime.parse(TIMES.get(TIMES.size() - 1)).toInstant(ZoneOffset.UTC).toEpochMilli())
                .watermark(LocalDateTime.parse(TIMES.get(TIMES.size() - 1)).toInstant(ZoneOffset.UTC).toEpochMilli()
                        - 300_000).build());
        new TagAutoCreation(TableStore.of(table)).run();

        Map<String, Long> paimonTags = new TreeMap<>();
        try (PaimonOracle paimon = new PaimonOracle(paimonWarehouse)) {
            org.apache.paimon.table.FileStoreTable paimonTable =
                    (org.apache.paimon.table.FileStoreTable) paimon.table("db", "t");
            paimonTable.newTagAutoManager().run();
            paimonTable.tagManager().tags().forEach((s, names) -> names.forEach(n -> paimonTags.put(n, s.id())));
        }
        Map<String, Long> strataTags = new TreeMap<>();
        for (Tag tag : table.tags().list()) {
            strataTags.put(tag.name(), tag.snapshot().id());
        }
        assertThat(strataTags).as(name).isNotEmpty().isEqualTo(paimonTags);
    }

    @Test
    void aCommitCreatesTheTagOfThePreviousPeriod() throws Exception {
        Table table = LifecycleTables.create(dir, "t", "tag.automatic-creation", "process-time",
                "sink.process-time-zone", "UTC");
        commit(table, 1);
        LocalDate committed = LocalDateTime.ofInstant(
                Instant.ofEpochMilli(table.snapshots().snapshot(1).timeMillis()), ZoneOffset.UTC).toLocalDate();
        assertThat(table.tags().list()).extracting(Tag::name).containsExactly(committed.minusDays(1).toString());
        commit(table, 2);
        assertThat(table.tags().list()).hasSize(1);
    }

    @Test
    void tagsPastTheirRetentionAreDeletedAfterACommit() throws Exception {
        // The tag is created an hour before the system's now, so it is past its retention both by the
        // table's clock and by the system clock that the commit's maintenance may still run on.
        ManualClock clock = ManualClock.at(Instant.now().minus(Duration.ofHours(1)));
        Table table = clock.drive(LifecycleTables.create(dir, "t"));
        commit(table, 1);
        table.tags().create("short", 1, Duration.ofMinutes(30));
        table.tags().create("kept", 1);
        TableMaintenance.run(TableStore.of(table));
        assertThat(table.tags().list()).extracting(Tag::name).containsExactlyInAnyOrder("kept", "short");
        clock.advance(Duration.ofHours(1));
        commit(table, 2);
        assertThat(table.tags().list()).extracting(Tag::name).containsExactly("kept");
    }
}
