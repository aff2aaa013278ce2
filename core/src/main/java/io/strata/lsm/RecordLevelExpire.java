package io.strata.lsm;

import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.manifest.DataFileMeta;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import java.io.IOException;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Record-level expiry of a primary-key table ({@code record-level.expire-time} over the time in
 * {@code record-level.time-field}), as Paimon 1.4.2 does it: compactions drop the records whose time lies more
 * than the expire time in the past, and rewrite a file whose smallest time has expired rather than moving it up
 * unchanged, so a full compaction removes every expired record even from a bucket that is one run at the max
 * level. Expiry happens only in compaction: a read still returns expired records until then. Times are an
 * {@code INT} of seconds, a {@code BIGINT} of seconds or of milliseconds (values from 10^12 on), or a
 * {@code TIMESTAMP} / {@code TIMESTAMP_LTZ}; a record without a time never expires.
 */
public final class RecordLevelExpire {

    private final int field;
    private final String fieldName;
    private final DataType type;
    private final long expireSeconds;
    private final long schemaId;
    private final LongSupplier nowMillis;

    /**
     * @param field the position of the time field ({@code CompactionOptions.recordLevelTimeFieldIndex} checks it)
     * @param fieldName its name (files whose value statistics cover some columns only name them)
     * @param type its type: INT, BIGINT, TIMESTAMP or TIMESTAMP_LTZ
     * @param schemaId the table's schema: only files of it are judged by their statistics
     * @param nowMillis the table's clock
     */
    public RecordLevelExpire(int field, String fieldName, DataType type, Duration expireTime, long schemaId,
            LongSupplier nowMillis) {
        switch (type.root()) {
            case INT, BIGINT, TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> { }
            default -> throw new IllegalArgumentException("Not a time type of record-level expiry: " + type.asSqlString());
        }
        this.field = field;
        this.fieldName = fieldName;
        this.type = type;
        this.expireSeconds = expireTime.getSeconds();
        this.schemaId = schemaId;
        this.nowMillis = nowMillis;
    }

    /** The time at {@code pos} of a row in epoch seconds, or -1 when it has none (such a record never expires). */
    private long seconds(Row row, int pos) {
        if (row.isNullAt(pos)) {
            return -1;
        }
        return switch (type.root()) {
            case INT -> row.getInt(pos);
            case BIGINT -> {
                long value = row.getLong(pos);
                yield value >= 1_000_000_000_000L ? value / 1000 : value; // milliseconds, as Paimon guesses
            }
            default -> row.getTimestamp(pos, ((AtomicType) type).precision()).millisecond() / 1000;
        };
    }

    /**
     * Whether the file holds an expired record by its statistics (the smallest time), as Paimon judges it: a file
     * without a minimum of the time field ({@code metadata.stats-mode} none or counts, value statistics that cover
     * other columns only) is not expired. Files of another schema are not judged (Strata does not evolve their
     * statistics): their records still expire whenever a compaction rewrites them.
     */
    public boolean hasExpiredRecords(DataFileMeta file) {
        if (file.schemaId() != schemaId) {
            return false;
        }
        int pos = file.valueStatsCols() == null ? field : file.valueStatsCols().indexOf(fieldName);
        if (pos < 0 || file.valueStats().minValues().arity() <= pos) {
            return false;
        }
        long min = seconds(file.valueStats().minValues(), pos);
        return min >= 0 && nowMillis.getAsLong() / 1000 - expireSeconds > min;
    }

    /** The records of {@code cursor} without the expired ones, judged at one moment (now). */
    public RecordCursor filter(RecordCursor cursor) {
        long now = nowMillis.getAsLong() / 1000;
        return new RecordCursor() {
            @Override
            public boolean advance() throws IOException {
                while (cursor.advance()) {
                    long time = seconds(cursor.value(), field);
                    if (time < 0 || now <= time + expireSeconds) {
                        return true;
                    }
                }
                return false;
            }

            @Override
            public Row value() {
                return cursor.value();
            }

            @Override
            public long sequenceNumber() {
                return cursor.sequenceNumber();
            }

            @Override
            public RowKind kind() {
                return cursor.kind();
            }

            @Override
            public void close() throws IOException {
                cursor.close();
            }
        };
    }
}
