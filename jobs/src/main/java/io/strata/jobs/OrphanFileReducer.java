package io.strata.jobs;

import io.strata.catalog.Tables;
import io.strata.fs.FileIO;
import io.strata.table.OrphanFileSearch;
import io.strata.table.Table;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * A reduce task of an orphan-file job: a candidate whose name no manifest listed (no reference reached this
 * name) and that is not among the metadata files the driver found referenced is an orphan; the task deletes its
 * orphans (unless the job is a dry run) and writes each one's path as its output.
 *
 * <p>Reduce tasks start only when every map task is done (the job sets slow start to 1.0), and only then read
 * what snapshots committed since the driver read the references refer to ({@link
 * OrphanFileSearch#referencedAfter}): every candidate was listed before that, so a file that a commit landing
 * during the job references is protected, as in the one-process removal, which reads references after listing.
 */
public final class OrphanFileReducer extends Reducer<Text, Text, Text, NullWritable> {

    /** What the tasks judged. */
    public enum Counts { ORPHANS, DELETED }

    private static final int BATCH = 1_000;

    private OrphanFileSearch search;
    private boolean dryRun;
    private final Set<String> protectedNames = new HashSet<>();
    private final List<Path> batch = new ArrayList<>();
    private final Text out = new Text();

    @Override
    protected void setup(Context context) throws IOException {
        Configuration conf = context.getConfiguration();
        Table table = Tables.load(new FileIO(conf), MaintenanceJobConf.table(conf));
        search = MaintenanceJobConf.orphanSearch(conf, table);
        dryRun = MaintenanceJobConf.dryRun(conf);
        Path file = MaintenanceJobConf.references(conf);
        OrphanFileSearch.References references = ReferencesFile.read(file.getFileSystem(conf), file);
        protectedNames.addAll(references.metadataFiles());
        protectedNames.addAll(search.referencedAfter(references));
    }

    @Override
    protected void reduce(Text name, Iterable<Text> values, Context context) throws IOException, InterruptedException {
        boolean referenced = protectedNames.contains(name.toString());
        List<Path> candidates = new ArrayList<>();
        for (Text value : values) {
            if (OrphanSearchMapper.isReference(value)) {
                referenced = true;
            } else if (!referenced) {
                candidates.add(new Path(value.toString()));
            }
        }
        if (referenced) {
            return;
        }
        for (Path orphan : candidates) {
            context.getCounter(Counts.ORPHANS).increment(1);
            batch.add(orphan);
        }
        if (batch.size() >= BATCH) {
            flush(context);
        }
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
        flush(context);
    }

    private void flush(Context context) throws IOException, InterruptedException {
        List<Path> done = dryRun ? batch : search.delete(batch);
        for (Path path : done) {
            out.set(path.toString());
            context.write(out, NullWritable.get());
        }
        if (!dryRun) {
            context.getCounter(Counts.DELETED).increment(done.size());
        }
        batch.clear();
        context.progress();
    }
}
