package io.strata.hive;

import io.strata.catalog.Tables;
import io.strata.fs.FileIO;
import io.strata.schema.SchemaManager;
import io.strata.table.Table;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/** Opens the Strata table behind a Hive table, with an error that says which Hive table and which location. */
public final class StrataTables {

    private StrataTables() {}

    /** Whether a Strata table (a {@code schema/schema-N} file) is at {@code location}; false if it cannot be read. */
    public static boolean exists(Configuration conf, String location) {
        try {
            return new SchemaManager(new FileIO(conf == null ? new Configuration() : conf), new Path(location))
                    .latest().isPresent();
        } catch (RuntimeException e) {
            return false;
        }
    }

    /**
     * Loads the table at {@code location}, or the one {@code location} is a partition directory of.
     *
     * @throws IllegalArgumentException naming the Hive table and the location when there is no Strata
     *     table there or it cannot be read
     */
    public static Table load(Configuration conf, String location, String hiveTable) {
        if (location == null) {
            throw new IllegalArgumentException("Hive table " + hiveTable + " has no LOCATION, so it has no Strata"
                    + " table to read");
        }
        try {
            // A metastore partition's location is a partition directory: the table is above it.
            Path root = PartitionDirectories.tableRoot(conf, new Path(location));
            return Tables.load(new FileIO(conf == null ? new Configuration() : conf), root);
        } catch (IOException e) {
            throw new IllegalArgumentException("Cannot look for the Strata table of Hive table " + hiveTable + " at "
                    + location + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("No Strata table for Hive table " + hiveTable + " at " + location
                    + ": " + e.getMessage(), e);
        }
    }
}
