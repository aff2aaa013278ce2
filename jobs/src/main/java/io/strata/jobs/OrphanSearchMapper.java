package io.strata.jobs;

import io.strata.catalog.Tables;
import io.strata.fs.FileIO;
import io.strata.table.OrphanFileSearch;
import io.strata.table.Table;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * A map task of an orphan-file job, one of two kinds by its group file's name. A <em>listing</em> task
 * ({@code list-*}) lists its directories and emits each candidate under its file name, with its path as the
 * value (a candidate that nothing can reference, under its whole path: no file name holds a '/', so no
 * reference ever matches it). A <em>reading</em> task ({@code read-*}) reads its manifests and emits each data
 * file name they list with the empty value, the mark of a reference. The reduce side then joins the two by name.
 */
public final class OrphanSearchMapper extends Mapper<IntWritable, BytesWritable, Text, Text> {

    static final String LISTING_GROUP = "list-";
    static final String READING_GROUP = "read-";

    /** What the tasks found. */
    public enum Counts { DIRECTORIES, CANDIDATES, MANIFESTS, REFERENCES }

    private static final Text REFERENCED = new Text();

    private OrphanFileSearch search;
    private boolean listing;
    private final Text key = new Text();
    private final Text value = new Text();

    @Override
    protected void setup(Context context) {
        Configuration conf = context.getConfiguration();
        Table table = Tables.load(new FileIO(conf), MaintenanceJobConf.table(conf));
        search = MaintenanceJobConf.orphanSearch(conf, table);
        String group = ((FileSplit) context.getInputSplit()).getPath().getName();
        listing = group.startsWith(LISTING_GROUP);
        if (!listing && !group.startsWith(READING_GROUP)) {
            throw new IllegalStateException("Group file " + group + " of an orphan-file job is neither "
                    + LISTING_GROUP + "* nor " + READING_GROUP + "*");
        }
    }

    @Override
    protected void map(IntWritable position, BytesWritable item, Context context)
            throws java.io.IOException, InterruptedException {
        String text = new String(item.getBytes(), 0, item.getLength(), StandardCharsets.UTF_8);
        if (listing) {
            context.getCounter(Counts.DIRECTORIES).increment(1);
            for (OrphanFileSearch.Candidate candidate : search.candidates(new Path(text))) {
                String path = candidate.path().toString();
                key.set(candidate.referencable() ? candidate.path().getName() : path);
                value.set(path);
                context.write(key, value);
                context.getCounter(Counts.CANDIDATES).increment(1);
            }
        } else {
            context.getCounter(Counts.MANIFESTS).increment(1);
            for (String name : search.dataFiles(text)) {
                key.set(name);
                context.write(key, REFERENCED);
                context.getCounter(Counts.REFERENCES).increment(1);
            }
        }
        context.progress();
    }

    /** Whether a map output value marks a reference (and not a candidate's path). */
    static boolean isReference(Text value) {
        return value.getLength() == 0;
    }
}
