package io.strata.lsm;

import io.strata.manifest.DataFileMeta;
import java.io.IOException;

/** Opens a cursor over the records of one data file. */
@FunctionalInterface
public interface DataFileOpener {

    RecordCursor open(DataFileMeta file) throws IOException;
}
