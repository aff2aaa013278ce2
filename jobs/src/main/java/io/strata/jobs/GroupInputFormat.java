package io.strata.jobs;

import java.io.DataInputStream;
import java.io.DataOutputStream;
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
 * The input of a maintenance job: one group file per map task, written by the job's driver with
 * {@link #write}, holding that task's work items (encoded buckets of a compaction, directories or manifests of an
 * orphan-file search), each length first. A file is never split: one task, one group. Records: the item's
 * position in the group, and its bytes.
 */
public final class GroupInputFormat extends FileInputFormat<IntWritable, BytesWritable> {

    /** Writes one group file. */
    static void write(FileSystem fs, Path file, List<byte[]> items) throws IOException {
        try (DataOutputStream out = new DataOutputStream(fs.create(file, false))) {
            out.writeInt(items.size());
            for (byte[] item : items) {
                out.writeInt(item.length);
                out.write(item);
            }
        }
    }

    @Override
    protected boolean isSplitable(JobContext context, Path file) {
        return false;
    }

    @Override
    public RecordReader<IntWritable, BytesWritable> createRecordReader(InputSplit split, TaskAttemptContext context) {
        return new GroupReader();
    }

    /** The items of one group file, in order. */
    private static final class GroupReader extends RecordReader<IntWritable, BytesWritable> {

        private List<byte[]> items = List.of();
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
                    byte[] item = new byte[data.readInt()];
                    data.readFully(item);
                    read.add(item);
                }
            } catch (EOFException e) {
                throw new IOException("Group file " + file + " of a maintenance job is truncated", e);
            }
            items = read;
        }

        @Override
        public boolean nextKeyValue() {
            if (next >= items.size()) {
                return false;
            }
            key.set(next);
            byte[] item = items.get(next++);
            value.set(item, 0, item.length);
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
            return items.isEmpty() ? 1f : (float) next / items.size();
        }

        @Override
        public void close() {
            items = List.of();
        }
    }
}
