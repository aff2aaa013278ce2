package io.strata.cli;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.JobConf;

/**
 * Where {@code strata compact} and {@code strata expire --orphans} do their work ({@code --engine}): in this
 * process, or as a Hadoop MapReduce job that runs where the Hadoop configuration on the class path says.
 */
enum MaintenanceEngine {
    local, mapreduce;

    /** The configuration of a job: the Hadoop site files on the class path, local runs using every core. */
    static Configuration jobConf() {
        Configuration conf = new JobConf();
        if (conf.get("mapreduce.local.map.tasks.maximum") == null) {
            // Hadoop's local runner runs one map at a time unless told: as many as this machine has cores.
            conf.setInt("mapreduce.local.map.tasks.maximum", Runtime.getRuntime().availableProcessors());
        }
        return conf;
    }
}
