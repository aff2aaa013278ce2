package io.strata.format.orc;

import io.strata.data.Timestamp;
import java.util.TimeZone;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;

/** TIMESTAMP and TIMESTAMP WITH LOCAL TIME ZONE columns, read as Paimon reads them ({@link OrcTimestamps}). */
final class OrcTimestampColumn extends OrcColumn {

    private final TimestampColumnVector vector;
    private final TimeZone zone;
    private final long fixedOffset;

    /** {@code zone} is the JVM zone when the file was opened, the zone ORC converted into. */
    OrcTimestampColumn(TimestampColumnVector vector, TimeZone zone) {
        super(vector);
        this.vector = vector;
        this.zone = zone;
        this.fixedOffset = OrcTimestamps.fixedOffsetMillis(zone);
    }

    @Override
    public Timestamp getTimestamp(int i, int precision) {
        return OrcTimestamps.read(vector, index(i), zone, fixedOffset);
    }
}
