package io.strata.hive;

import java.io.IOException;
import java.util.Properties;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.FileSinkOperator;
import org.apache.hadoop.hive.ql.io.HiveOutputFormat;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordWriter;
import org.apache.hadoop.util.Progressable;

/**
 * The output format Hive writes Strata tables through (on Tez and MapReduce alike): each task that writes a
 * table gets a {@link StrataRecordWriter}. Hive's output path is not used: data files go where the table's
 * layout puts them, and the statement's single commit happens in Hive's move step
 * ({@code StrataStorageHandler.storageHandlerCommit}).
 */
public final class StrataOutputFormat implements HiveOutputFormat<NullWritable, Writable> {

    @Override
    public FileSinkOperator.RecordWriter getHiveRecordWriter(JobConf conf, Path finalOutPath,
            Class<? extends Writable> valueClass, boolean isCompressed, Properties tableProperties,
            Progressable progress) {
        return StrataRecordWriter.open(conf, tableProperties, finalOutPath);
    }

    @Override
    public RecordWriter<NullWritable, Writable> getRecordWriter(FileSystem ignored, JobConf conf, String name,
            Progressable progress) throws IOException {
        throw new IOException("Strata tables are written by Hive's file sink (getHiveRecordWriter), not as a plain"
                + " MapReduce output");
    }

    @Override
    public void checkOutputSpecs(FileSystem ignored, JobConf conf) {
        // Nothing to check before the job: the table is loaded (and checked) when a task opens its writer.
    }
}
