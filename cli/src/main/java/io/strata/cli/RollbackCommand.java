package io.strata.cli;

import io.strata.snapshot.Snapshot;
import io.strata.snapshot.Tag;
import io.strata.table.Table;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code strata rollback}: makes a snapshot, or the snapshot of a tag, the latest of a table again. The later
 * snapshots, the tags on them and the files only they referenced are removed. Exit codes: 0 rolled back (or
 * already there), 1 the rollback failed part-way, 2 bad arguments, no such table, an unknown snapshot or tag.
 */
@Command(name = "rollback", mixinStandardHelpOptions = true,
        description = "Roll a table back to a snapshot or a tag: later snapshots, their tags and the files only "
                + "they referenced are removed.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  strata rollback --warehouse /lake --table shop.orders --to-snapshot 41",
            "  strata rollback --warehouse /lake --table shop.orders --to-tag month-end",
            "",
            "Exit codes: 0 rolled back (or already there), 1 the rollback failed, 2 bad",
            "arguments, no such table, or an unknown snapshot or tag."})
final class RollbackCommand extends TableCommand {

    /** Exactly one target. */
    static final class Target {
        @Option(names = "--to-snapshot", required = true, paramLabel = "<id>", description = "The snapshot to go back to.")
        Long snapshot;

        @Option(names = "--to-tag", required = true, paramLabel = "<name>",
                description = "The tag whose snapshot to go back to (restored if it had expired).")
        String tag;
    }

    @Mixin
    TableAddress address;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Target target;

    @Override
    int run() {
        address.validate();
        Table table = address.load();
        List<Long> snapshotsBefore = table.snapshots().listIds();
        List<Tag> tagsBefore = table.tags().list();
        long targetId;
        String described;
        if (target.tag != null) {
            Optional<Tag> tag = table.tags().tag(target.tag);
            if (tag.isEmpty()) {
                List<String> names = tagsBefore.stream().map(Tag::name).toList();
                throw usage("Table " + address.displayName() + " has no tag '" + target.tag + "'"
                        + (names.isEmpty() ? " (it has no tags)" : " (its tags: " + String.join(", ", names) + ")"));
            }
            targetId = tag.get().snapshot().id();
            described = "tag '" + target.tag + "' (snapshot " + targetId + ")";
        } else {
            targetId = target.snapshot;
            boolean known = table.snapshots().snapshotExists(targetId)
                    || tagsBefore.stream().anyMatch(t -> t.snapshot().id() == targetId);
            if (!known) {
                throw usage("Table " + address.displayName() + " has no snapshot " + targetId
                        + TagsCommand.existing(table) + " and no tag holds it");
            }
            described = "snapshot " + targetId;
        }
        PrintWriter out = out();
        Long latestBefore = table.snapshots().latestSnapshotId();
        if (latestBefore != null && latestBefore == targetId) {
            out.printf("Table %s is already at %s: nothing to roll back%n", address.displayName(), described);
            return 0;
        }
        if (target.tag != null) {
            table.rollbackToTag(target.tag);
        } else {
            table.rollbackTo(targetId);
        }
        List<Long> removed = new ArrayList<>(snapshotsBefore);
        removed.removeAll(table.snapshots().listIds());
        List<String> tagsRemoved = new ArrayList<>();
        List<String> tagsAfter = table.tags().list().stream().map(Tag::name).toList();
        for (Tag t : tagsBefore) {
            if (!tagsAfter.contains(t.name())) {
                tagsRemoved.add(t.name() + " (snapshot " + t.snapshot().id() + ")");
            }
        }
        Snapshot latest = table.snapshots().latestSnapshot().orElseThrow(() -> new IllegalStateException(
                "Table " + address.displayName() + " has no snapshot after the rollback to " + described));
        out.printf("Rolled back %s to %s%n", address.displayName(), described);
        out.printf("  latest snapshot  %d, %s, committed %s%n", latest.id(), latest.commitKind(),
                Formats.time(latest.timeMillis()));
        out.printf("  removed          %s%n", removed.isEmpty() ? "no snapshots" : snapshotList(removed));
        out.printf("  tags removed     %s%n", tagsRemoved.isEmpty() ? "none" : String.join(", ", tagsRemoved));
        return 0;
    }

    /** {@code 5 snapshot(s): 4 to 8}, or the ids if they are not one range. */
    static String snapshotList(List<Long> ids) {
        List<Long> sorted = new ArrayList<>(ids);
        sorted.sort(null);
        boolean range = sorted.get(sorted.size() - 1) - sorted.get(0) == sorted.size() - 1;
        String shown = sorted.size() == 1 ? Long.toString(sorted.get(0))
                : range ? sorted.get(0) + " to " + sorted.get(sorted.size() - 1)
                : String.join(", ", sorted.stream().map(String::valueOf).toList());
        return sorted.size() + " snapshot(s): " + shown;
    }
}
