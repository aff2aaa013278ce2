package io.strata.hive;

import java.util.Map;
import org.apache.hadoop.hive.metastore.HiveMetaHook;
import org.apache.hadoop.hive.ql.metadata.DefaultStorageHandler;
import org.apache.hadoop.hive.ql.plan.TableDesc;
import org.apache.hadoop.hive.serde2.AbstractSerDe;
import org.apache.hadoop.mapred.InputFormat;

/**
 * Hive 4 storage handler for Strata (Apache Paimon format) tables:
 * {@code CREATE EXTERNAL TABLE t STORED BY 'io.strata.hive.StrataStorageHandler' LOCATION '<table path>'}.
 * Reads are merged (every primary key once, its latest value) from one snapshot per query.
 */
public class StrataStorageHandler extends DefaultStorageHandler {

    @Override
    public Class<? extends InputFormat> getInputFormatClass() {
        return StrataInputFormat.class;
    }

    @Override
    public Class<? extends AbstractSerDe> getSerDeClass() {
        return StrataSerDe.class;
    }

    @Override
    public HiveMetaHook getMetaHook() {
        return new StrataMetaHook(getConf());
    }

    @Override
    public void configureInputJobProperties(TableDesc tableDesc, Map<String, String> jobProperties) {
        // Tasks find the table through their split's path (the table location); nothing else to pass yet.
    }

    @Override
    public String toString() {
        return "StrataStorageHandler";
    }
}
