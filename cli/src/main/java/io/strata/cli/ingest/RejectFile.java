package io.strata.cli.ingest;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where rejected records go with {@code --on-error reject}: their text, one per line, so the file can be
 * fixed and ingested again in the same format. For CSV the input's header is written before its first
 * reject (again when a later input has another header). The file is created at the first reject.
 */
public final class RejectFile implements AutoCloseable {

    private final Path path;
    private BufferedWriter writer;
    private String lastHeader;
    private long count;

    public RejectFile(Path path) {
        this.path = path;
    }

    /** Appends a rejected record, preceded by {@code header} when it differs from the last one written. */
    public void write(String header, String text) throws IOException {
        if (writer == null) {
            writer = Files.newBufferedWriter(path, StandardCharsets.UTF_8);
        }
        if (header != null && !Objects.equals(header, lastHeader)) {
            writer.write(header);
            writer.newLine();
            lastHeader = header;
        }
        writer.write(text);
        writer.newLine();
        count++;
    }

    public Path path() {
        return path;
    }

    /** Records written. */
    public long count() {
        return count;
    }

    @Override
    public void close() throws IOException {
        if (writer != null) {
            writer.close();
        }
    }
}
