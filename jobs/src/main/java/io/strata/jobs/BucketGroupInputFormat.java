package io.strata.jobs;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * The input of a compaction job: one file per map task, written by {@link CompactionJob}, holding the buckets
 * that task compacts (each an encoded {@link io.strata.table.Split}, length first). A file is never split: one
 * task, one group of buckets. Records: the bucket's position in the group, and its encoded split.
 */
public final class BucketGroupInputFormat extends FileInputFormat<IntWritable, BytesWritable> {

    @Override
    protected boolean isSplitable(JobContext context, Path file) {
        return false;
    }

    @Override
    public RecordReader<IntWritable, BytesWritable> createRecordReader(InputSplit split, TaskAttemptContext context) {
        return new GroupReader();
    }

    /** The encoded splits of one group file, in order. */
    private static final class GroupReader extends RecordReader<IntWritable, BytesWritable> {

        private List<byte[]> buckets = List.of();
        private int next;
        private final IntWritable key = new IntWritable();
        private final BytesWritable value = new BytesWritable();

        @Override
        public void initialize(InputSplit split, TaskAttemptContext context) throws IOException {
            Path file = ((FileSplit) split).getPath();
            FileSystem fs = file.getFileSystem(context.getConfiguration());
            List<byte[]> read = new ArrayList<>();
            try (FSDataInputStream in = fs.open(file); DataInputStream data = new DataInputStream(in)) {
                int count = data.readInt();
                for (int i = 0; i < count; i++) {
                    byte[] bucket = new byte[data.readInt()];
                    data.readFully(bucket);
                    read.add(bucket);
                }
            } catch (EOFException e) {
                throw new IOException("Bucket group file " + file + " of a compaction job is truncated", e);
            }
            buckets = read;
        }

        @Override
        public boolean nextKeyValue() {
            if (next >= buckets.size()) {
                return false;
            }
            key.set(next);
            byte[] bucket = buckets.get(next++);
            value.set(bucket, 0, bucket.length);
            return true;
        }

        @Override
        public IntWritable getCurrentKey() {
            return key;
        }

        @Override
        public BytesWritable getCurrentValue() {
            return value;
        }

        @Override
        public float getProgress() {
            return buckets.isEmpty() ? 1f : (float) next / buckets.size();
        }

        @Override
        public void close() {
            buckets = List.of();
        }
    }
}
