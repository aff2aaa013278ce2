package io.strata.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.strata.schema.ConfigOption;
import io.strata.snapshot.Tag;
import io.strata.table.Table;
import io.strata.table.Tags;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code strata tags}: lists, creates and deletes the tags of a table (named snapshots that expiration keeps
 * readable). Exit codes: 0 done, 1 the tag could not be written or deleted, 2 bad arguments, no such table,
 * an unknown snapshot or tag, or a tag that already exists.
 */
@Command(name = "tags", mixinStandardHelpOptions = true,
        description = "List, create or delete the tags of a table: named snapshots that snapshot expiration keeps.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  strata tags --warehouse /lake --table shop.orders",
            "  strata tags --warehouse /lake --table shop.orders create before-backfill",
            "  strata tags --warehouse /lake --table shop.orders create month-end \\",
            "      --snapshot 42 --time-retained 30d",
            "  strata tags --warehouse /lake --table shop.orders delete before-backfill",
            "",
            "Exit codes: 0 done, 1 the tag could not be written or deleted, 2 bad arguments,",
            "no such table, an unknown snapshot or tag, or a tag that already exists."})
final class TagsCommand extends TableCommand {

    /** What to do with the tags. */
    enum Action { LIST, CREATE, DELETE }

    /** A tag's creation time is the writer's local wall clock (Paimon's format): printed as it is. */
    private static final DateTimeFormatter LOCAL_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    @Mixin
    TableAddress address;

    @Parameters(index = "0", arity = "0..1", paramLabel = "list|create|delete", defaultValue = "list",
            description = "list (default), create <name> or delete <name>.")
    Action action;

    @Parameters(index = "1", arity = "0..1", paramLabel = "<name>", description = "The tag (create, delete).")
    String name;

    @Option(names = "--snapshot", paramLabel = "<id>",
            description = "create: the snapshot to tag (default: the latest).")
    Long snapshot;

    @Option(names = "--time-retained", paramLabel = "<duration>",
            description = "create: keep the tag this long, e.g. 12h, 7d (default: the table's "
                    + "tag.default-time-retained; none: until deleted).")
    String timeRetained;

    @Option(names = "--json", description = "list: print JSON instead of text.")
    boolean json;

    @Override
    int run() throws JsonProcessingException {
        address.validate();
        validate();
        Table table = address.load();
        Tags tags = table.tags();
        return switch (action) {
            case LIST -> list(tags);
            case CREATE -> create(table, tags);
            case DELETE -> delete(table, tags);
        };
    }

    private void validate() {
        if (action == Action.LIST) {
            if (name != null) {
                throw usage("'list' takes no tag name (got '" + name + "')");
            }
        } else if (name == null) {
            throw usage("'" + action.name().toLowerCase() + "' needs a tag name, e.g. strata tags --table db.t "
                    + action.name().toLowerCase() + " v1");
        }
        if (name != null) {
            try {
                Tags.checkName(name);
            } catch (IllegalArgumentException e) {
                throw usage(e.getMessage());
            }
        }
        if (action != Action.CREATE && (snapshot != null || timeRetained != null)) {
            throw usage("--snapshot and --time-retained apply to 'create' only");
        }
        if (action != Action.LIST && json) {
            throw usage("--json applies to 'list' only");
        }
    }

    private int list(Tags tags) throws JsonProcessingException {
        PrintWriter out = out();
        List<Tag> all = tags.list();
        if (json) {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (Tag t : all) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("name", t.name());
                row.put("snapshot", t.snapshot().id());
                row.put("committed", Formats.time(t.snapshot().timeMillis()));
                row.put("created", t.createTime() == null ? null : LOCAL_TIME.format(t.createTime()));
                row.put("timeRetained", t.timeRetained() == null ? null : text(t.timeRetained()));
                row.put("retainedUntil", retainedUntil(t));
                rows.add(row);
            }
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(rows));
            return 0;
        }
        if (all.isEmpty()) {
            out.printf("Table %s has no tags%n", address.displayName());
            return 0;
        }
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("name", "snapshot", "committed", "created", "retained until"));
        for (Tag t : all) {
            rows.add(List.of(t.name(), Long.toString(t.snapshot().id()), Formats.time(t.snapshot().timeMillis()),
                    t.createTime() == null ? "-" : LOCAL_TIME.format(t.createTime()),
                    t.timeRetained() == null ? "(until deleted)" : retainedUntil(t)));
        }
        out.print(Formats.table(rows, ""));
        out.printf("%d tag(s) of %s%n", all.size(), address.displayName());
        return 0;
    }

    /** Creation time plus retention, or null if the tag is kept until deleted (or its creation time is unknown). */
    private static String retainedUntil(Tag t) {
        if (t.timeRetained() == null || t.createTime() == null) {
            return null;
        }
        LocalDateTime until = t.createTime().plus(t.timeRetained());
        return LOCAL_TIME.format(until);
    }

    private int create(Table table, Tags tags) {
        Duration retention = timeRetained == null ? null : duration(timeRetained);
        if (tags.tag(name).isPresent()) {
            throw usage("Tag '" + name + "' already exists in " + address.displayName() + " (snapshot "
                    + tags.tag(name).get().snapshot().id() + ")");
        }
        long id;
        if (snapshot != null) {
            id = snapshot;
            boolean known = table.snapshots().snapshotExists(id)
                    || tags.list().stream().anyMatch(t -> t.snapshot().id() == id);
            if (!known) {
                throw usage("Table " + address.displayName() + " has no snapshot " + id + existing(table));
            }
        } else {
            id = table.latestSnapshot().map(s -> s.id()).orElseThrow(() -> usage(
                    "Table " + address.displayName() + " has no snapshot yet: nothing to tag"));
        }
        Tag tag = timeRetained == null ? tags.create(name, id) : tags.create(name, id, retention);
        out().printf("Created tag '%s' of %s on snapshot %d (committed %s)%s%n", tag.name(), address.displayName(),
                tag.snapshot().id(), Formats.time(tag.snapshot().timeMillis()),
                tag.timeRetained() == null ? ", kept until deleted"
                        : ", retained " + text(tag.timeRetained()) + " (until " + retainedUntil(tag) + ")");
        return 0;
    }

    private int delete(Table table, Tags tags) {
        if (tags.tag(name).isEmpty()) {
            List<String> names = tags.list().stream().map(Tag::name).toList();
            throw usage("Table " + address.displayName() + " has no tag '" + name + "'"
                    + (names.isEmpty() ? " (it has no tags)" : " (its tags: " + String.join(", ", names) + ")"));
        }
        long id = tags.tag(name).get().snapshot().id();
        List<Path> deleted = tags.delete(name);
        out().printf("Deleted tag '%s' of %s (snapshot %d)%s%n", name, address.displayName(), id,
                deleted.isEmpty() ? "" : ", and " + deleted.size() + " file(s) only it still held:");
        String root = table.location().toString();
        for (Path p : deleted) {
            out().println("  " + relative(root, p));
        }
        return 0;
    }

    /** A duration as the options spell it: {@code 7d}, {@code 12h}, {@code 90min}, {@code 30s}, {@code 250ms}. */
    static String text(Duration d) {
        long ms = d.toMillis();
        long[] units = {86_400_000L, 3_600_000L, 60_000L, 1000L};
        String[] names = {"d", "h", "min", "s"};
        for (int i = 0; i < units.length; i++) {
            if (ms % units[i] == 0) {
                return ms / units[i] + names[i];
            }
        }
        return ms + "ms";
    }

    /** The snapshots the table has, for messages: {@code (its snapshots: 3 to 9)}. */
    static String existing(Table table) {
        Long earliest = table.snapshots().earliestSnapshotId();
        Long latest = table.snapshots().latestSnapshotId();
        if (earliest == null || latest == null) {
            return " (it has no snapshots)";
        }
        return earliest.equals(latest) ? " (its only snapshot is " + latest + ")"
                : " (its snapshots: " + earliest + " to " + latest + ")";
    }

    /** A path inside the table as relative to the table directory. */
    static String relative(String root, Path p) {
        String s = p.toString();
        return s.startsWith(root + "/") ? s.substring(root.length() + 1) : s;
    }

    private Duration duration(String text) {
        try {
            Duration d = ConfigOption.parseDuration(text);
            if (d.isZero()) {
                throw new IllegalArgumentException("must be positive");
            }
            return d;
        } catch (IllegalArgumentException e) {
            throw usage("Invalid --time-retained '" + text + "': give a positive duration such as 12h or 7d ("
                    + e.getMessage() + ")");
        }
    }
}
