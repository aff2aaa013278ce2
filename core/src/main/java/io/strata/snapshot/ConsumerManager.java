package io.strata.snapshot;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.strata.fs.FileIO;
import io.strata.json.Json;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * The consumers of one table, in {@code <table>/consumer/consumer-<id>}: JSON
 * {@code {"nextSnapshot" : N}}, as Paimon writes them, so Flink jobs and Strata readers protect each
 * other's positions from snapshot expiration.
 */
public final class ConsumerManager implements Consumers {

    private static final String CONSUMER_PREFIX = "consumer-";

    private final FileIO io;
    private final Path tableRoot;

    public ConsumerManager(FileIO io, Path tableRoot) {
        this.io = Objects.requireNonNull(io, "io");
        this.tableRoot = Objects.requireNonNull(tableRoot, "tableRoot");
    }

    public Path consumerDirectory() {
        return new Path(tableRoot, "consumer");
    }

    public Path consumerPath(String id) {
        return new Path(consumerDirectory(), CONSUMER_PREFIX + checkId(id));
    }

    /** The consumer, or empty if there is none of that id. */
    @Override
    public Optional<Consumer> consumer(String id) {
        Path path = consumerPath(id);
        String json;
        try {
            json = io.readUtf8(path);
        } catch (FileNotFoundException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read consumer file " + path + ": " + e.getMessage(), e);
        }
        try {
            return Optional.of(new Consumer(id, Json.requiredLong(Json.parseObject(json, path.toString(), "consumer"),
                    "nextSnapshot")));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Invalid consumer in " + path + ": " + e.getMessage(), e);
        }
    }

    /** Records (or moves) a consumer's position: the next snapshot it will read. */
    @Override
    public void reset(String id, long nextSnapshot) {
        if (nextSnapshot < 1) {
            throw new IllegalArgumentException("Consumer '" + id + "' of table " + tableRoot
                    + ": next snapshot must be at least 1, got " + nextSnapshot);
        }
        Path path = consumerPath(id);
        String json = Json.pretty(JsonNodeFactory.instance.objectNode().put("nextSnapshot", nextSnapshot));
        try {
            io.overwriteAtomic(path, json.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write consumer file " + path + ": " + e.getMessage(), e);
        }
    }

    /** Removes a consumer; nothing happens if there is none of that id. */
    @Override
    public void delete(String id) {
        io.deleteQuietly(consumerPath(id));
    }

    /** Every consumer, by id. */
    @Override
    public List<Consumer> consumers() {
        List<Consumer> consumers = new ArrayList<>();
        for (FileStatus status : files()) {
            // A consumer removed between the listing and the read is simply gone.
            consumer(idOf(status)).ifPresent(consumers::add);
        }
        consumers.sort(Comparator.comparing(Consumer::id));
        return consumers;
    }

    /** The smallest next snapshot of all consumers: expiration keeps every snapshot from it on. */
    public OptionalLong minNextSnapshot() {
        return consumers().stream().mapToLong(Consumer::nextSnapshot).min();
    }

    /** Removes the consumers whose file was last modified before {@code cutoff}; returns their ids. */
    public List<String> expire(Instant cutoff) {
        List<String> expired = new ArrayList<>();
        for (FileStatus status : files()) {
            if (status.getModificationTime() < cutoff.toEpochMilli()) {
                io.deleteQuietly(status.getPath());
                expired.add(idOf(status));
            }
        }
        return expired;
    }

    private List<FileStatus> files() {
        FileStatus[] entries;
        try {
            entries = io.list(consumerDirectory());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list " + consumerDirectory() + ": " + e.getMessage(), e);
        }
        List<FileStatus> files = new ArrayList<>();
        for (FileStatus status : entries) {
            if (!status.isDirectory() && status.getPath().getName().startsWith(CONSUMER_PREFIX)) {
                files.add(status);
            }
        }
        return files;
    }

    private static String idOf(FileStatus status) {
        return status.getPath().getName().substring(CONSUMER_PREFIX.length());
    }

    /** Returns the id if it can name a consumer file; fails naming it otherwise. */
    public static String checkId(String id) {
        if (id == null || id.isBlank() || id.contains("/") || id.startsWith(".")) {
            throw new IllegalArgumentException("Invalid consumer id '" + id + "': must be non-blank, without '/'"
                    + " and not start with '.'");
        }
        return id;
    }
}
