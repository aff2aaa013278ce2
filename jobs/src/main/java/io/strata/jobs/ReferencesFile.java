package io.strata.jobs;

import io.strata.table.OrphanFileSearch;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The references an orphan-file job's driver read, as it hands them to the reduce tasks: the latest snapshot of
 * the table and of each branch, then the referenced metadata file names. The manifests stay out: map tasks read
 * them.
 */
final class ReferencesFile {

    private ReferencesFile() {}

    static void write(FileSystem fs, Path file, OrphanFileSearch.References references) throws IOException {
        try (DataOutputStream out = new DataOutputStream(fs.create(file, false))) {
            out.writeInt(references.latestSnapshots().size());
            for (Map.Entry<String, Long> e : references.latestSnapshots().entrySet()) {
                out.writeUTF(e.getKey());
                out.writeLong(e.getValue());
            }
            out.writeInt(references.metadataFiles().size());
            for (String name : references.metadataFiles()) {
                out.writeUTF(name);
            }
        }
    }

    static OrphanFileSearch.References read(FileSystem fs, Path file) throws IOException {
        try (DataInputStream in = new DataInputStream(fs.open(file))) {
            Map<String, Long> latest = new LinkedHashMap<>();
            for (int i = in.readInt(); i > 0; i--) {
                latest.put(in.readUTF(), in.readLong());
            }
            Set<String> names = new HashSet<>();
            for (int i = in.readInt(); i > 0; i--) {
                names.add(in.readUTF());
            }
            return new OrphanFileSearch.References(latest, names, List.of());
        } catch (java.io.EOFException e) {
            throw new IOException("The references file " + file + " of an orphan-file job is truncated", e);
        }
    }
}
