package io.strata.benchmarks;

import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/** What the maintenance-job benchmarks share: Hadoop's local runner and the median of their rounds. */
final class JobBenchmarks {

    private JobBenchmarks() {}

    /** Hadoop's local job runner, {@code parallel} map tasks at a time, its directories under {@code root}. */
    static Configuration localRunner(Path root, int parallel) {
        Configuration conf = new Configuration();
        conf.set("mapreduce.framework.name", "local");
        conf.set("hadoop.tmp.dir", root.resolve("hadoop-tmp").toString());
        conf.set("mapreduce.jobtracker.staging.root.dir", root.resolve("staging").toString());
        conf.set("mapreduce.cluster.local.dir", root.resolve("local").toString());
        conf.setInt("mapreduce.local.map.tasks.maximum", parallel);
        return conf;
    }

    /** The median of column {@code column} of the rounds' times. */
    static double median(List<double[]> times, int column) {
        double[] values = times.stream().mapToDouble(t -> t[column]).sorted().toArray();
        return values[values.length / 2];
    }
}
