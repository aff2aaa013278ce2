package io.strata.jobs;

import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Shrinks a map task's output before the shuffle: a file name that many manifests list (every manifest merge
 * lists a file again) travels as one reference. Candidates pass unchanged.
 */
public final class ReferenceCombiner extends Reducer<Text, Text, Text, Text> {

    private final Text referenced = new Text();

    @Override
    protected void reduce(Text name, Iterable<Text> values, Context context) throws IOException, InterruptedException {
        boolean referenceWritten = false;
        for (Text value : values) {
            if (!OrphanSearchMapper.isReference(value)) {
                context.write(name, value);
            } else if (!referenceWritten) {
                context.write(name, referenced);
                referenceWritten = true;
            }
        }
    }
}
