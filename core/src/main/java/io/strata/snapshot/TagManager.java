package io.strata.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.fs.FileIO;
import io.strata.json.Json;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * The tags of one table, in {@code <table>/tag/tag-<name>}. A tag file is the tagged snapshot's JSON
 * plus, when the tag has a retention, {@code tagCreateTime} (a local date-time as an array
 * {@code [year, month, day, hour, minute, second, nanos]}, trailing zero parts omitted) and
 * {@code tagTimeRetained} (seconds, with nine decimals).
 */
public final class TagManager {

    private static final String TAG_PREFIX = "tag-";

    private final FileIO io;
    private final Path tableRoot;

    public TagManager(FileIO io, Path tableRoot) {
        this.io = Objects.requireNonNull(io, "io");
        this.tableRoot = Objects.requireNonNull(tableRoot, "tableRoot");
    }

    public Path tagDirectory() {
        return new Path(tableRoot, "tag");
    }

    public Path tagPath(String name) {
        return new Path(tagDirectory(), TAG_PREFIX + checkName(name));
    }

    /** The snapshot the tag names, or empty if there is no such tag. */
    public Optional<Snapshot> tag(String name) {
        return tagInfo(name).map(Tag::snapshot);
    }

    /** The whole tag (snapshot, creation time, retention), or empty if there is no such tag. */
    public Optional<Tag> tagInfo(String name) {
        Path path = tagPath(name);
        String json;
        try {
            json = io.readUtf8(path);
        } catch (FileNotFoundException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read tag file " + path + ": " + e.getMessage(), e);
        }
        String source = path.toString();
        JsonNode root = Json.parseObject(json, source, "tag");
        Snapshot snapshot = Snapshot.fromJsonNode(root, source);
        try {
            return Optional.of(new Tag(name, snapshot, createTime(root.get("tagCreateTime")),
                    timeRetained(root.get("tagTimeRetained"))));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Invalid tag in " + source + ": " + e.getMessage(), e);
        }
    }

    /** The tag names, sorted. */
    public List<String> tagNames() {
        FileStatus[] entries;
        try {
            entries = io.list(tagDirectory());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list " + tagDirectory() + ": " + e.getMessage(), e);
        }
        List<String> names = new ArrayList<>();
        for (FileStatus entry : entries) {
            String file = entry.getPath().getName();
            if (file.startsWith(TAG_PREFIX)) {
                names.add(file.substring(TAG_PREFIX.length()));
            }
        }
        names.sort(null);
        return names;
    }

    /** Whether a tag of that name exists. */
    public boolean tagExists(String name) {
        Path path = tagPath(name);
        try {
            return io.exists(path);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot check tag file " + path + ": " + e.getMessage(), e);
        }
    }

    /** Every tag, ordered by snapshot id, then name; a tag deleted while listing is skipped. */
    public List<Tag> tags() {
        List<Tag> tags = new ArrayList<>();
        for (String name : tagNames()) {
            tagInfo(name).ifPresent(tags::add);
        }
        tags.sort(Comparator.comparingLong((Tag t) -> t.snapshot().id()).thenComparing(Tag::name));
        return tags;
    }

    /** The distinct tagged snapshots, ascending by id. */
    public List<Snapshot> taggedSnapshots() {
        TreeMap<Long, Snapshot> byId = new TreeMap<>();
        for (Tag tag : tags()) {
            byId.putIfAbsent(tag.snapshot().id(), tag.snapshot());
        }
        return new ArrayList<>(byId.values());
    }

    /** Deletes the tag file only (the files it kept alive are cleaned by the caller); absent is not an error. */
    public void deleteTagFile(String name) {
        io.deleteQuietly(tagPath(name));
    }

    /**
     * Fails unless {@code name} can name a tag file and print on one line: non-blank, no '/' or backslash, no
     * control character (a newline would split a listing of tags), not starting with '.'.
     */
    public static String checkName(String name) {
        boolean control = name != null && name.chars().anyMatch(Character::isISOControl);
        if (name == null || name.isBlank() || name.contains("/") || name.contains("\\") || name.startsWith(".")
                || control) {
            String shown = name == null ? null : name.chars().mapToObj(c -> Character.isISOControl(c)
                    ? String.format("\\u%04x", c) : String.valueOf((char) c)).reduce("", String::concat);
            throw new IllegalArgumentException("Invalid tag name '" + shown + "': must be non-blank, without '/',"
                    + " '\\' or control characters, and not start with '.'");
        }
        return name;
    }

    /**
     * Creates a tag of {@code snapshot}; {@code timeRetained} null keeps it until deleted. Returns false
     * if a tag of that name exists. {@code now} is the local wall time of the table's clock: the
     * creation time that retention counts from (given, not read here, so that the table's clock decides).
     */
    public boolean createTag(String name, Snapshot snapshot, Duration timeRetained, LocalDateTime now) {
        checkName(name);
        ObjectNode node = snapshot.toJsonNode();
        if (timeRetained != null) {
            // Paimon records the creation time only for tags that expire.
            ArrayNode time = node.putArray("tagCreateTime");
            time.add(now.getYear()).add(now.getMonthValue()).add(now.getDayOfMonth()).add(now.getHour())
                    .add(now.getMinute());
            if (now.getSecond() != 0 || now.getNano() != 0) {
                time.add(now.getSecond());
                if (now.getNano() != 0) {
                    time.add(now.getNano());
                }
            }
            node.put("tagTimeRetained",
                    BigDecimal.valueOf(timeRetained.getSeconds()).add(BigDecimal.valueOf(timeRetained.getNano(), 9)));
        }
        Path path = tagPath(name);
        try {
            return io.tryAtomicWriteIfAbsent(path, Json.pretty(node).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write tag file " + path + ": " + e.getMessage(), e);
        }
    }

    private static LocalDateTime createTime(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isTextual()) {
            return LocalDateTime.parse(node.asText());
        }
        if (!node.isArray() || node.size() < 5) {
            throw new IllegalArgumentException("'tagCreateTime' must be [year, month, day, hour, minute, ...], got " + node);
        }
        return LocalDateTime.of(node.get(0).asInt(), node.get(1).asInt(), node.get(2).asInt(), node.get(3).asInt(),
                node.get(4).asInt(), node.size() > 5 ? node.get(5).asInt() : 0, node.size() > 6 ? node.get(6).asInt() : 0);
    }

    private static Duration timeRetained(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isTextual()) {
            return Duration.parse(node.asText());
        }
        BigDecimal seconds = node.decimalValue();
        long whole = seconds.longValue();
        long nanos = seconds.subtract(BigDecimal.valueOf(whole)).movePointRight(9).longValue();
        return Duration.ofSeconds(whole, nanos);
    }
}
