package io.strata.format.orc;

import static io.strata.types.DataTypes.ARRAY;
import static io.strata.types.DataTypes.CHAR;
import static io.strata.types.DataTypes.INT;
import static io.strata.types.DataTypes.MAP;
import static io.strata.types.DataTypes.STRING;
import static io.strata.types.DataTypes.TINYINT;
import static io.strata.types.DataTypes.DATE;
import static io.strata.types.DataTypes.DECIMAL;
import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.TIMESTAMP;
import static io.strata.types.DataTypes.TIMESTAMP_LTZ;
import static io.strata.types.DataTypes.VARCHAR;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.Decimal;
import io.strata.data.GenericRow;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.oracle.PaimonFormats;
import io.strata.oracle.PaimonOracle;
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Apache Paimon 1.4.2 as the oracle: files Paimon writes read the same through Strata as through Paimon,
 * and files Strata writes read the same through Paimon, including the time-zone-dependent timestamps
 * of docs/format.md section 7.
 */
class OrcPaimonOracleTest {

    private static final String LA = "America/Los_Angeles";

    @TempDir
    Path dir;

    private final FileIO io = FileIO.local();

    /** Paimon's own ORC reader's rows of a file, in the plain form Strata's are compared in. */
    private static List<List<Object>> paimonRead(Path file, RowType type) throws IOException {
        return PlainValues.of(PaimonFormats.read("orc", file, type), type);
    }

    private List<List<Object>> strataRead(Path file, RowType type) throws IOException {
        return PlainValues.readAll(new OrcFormatFactory().createReader(
                io, new org.apache.hadoop.fs.Path(file.toUri()), type, 512), type);
    }

    private void strataWrite(Path file, RowType type, List<GenericRow> rows) throws IOException {
        OrcRoundTripTest.write(io, new org.apache.hadoop.fs.Path(file.toUri()), type, rows, "zstd");
    }

    @Test
    void filesOfAPaimonTableReadThroughStrataAsThroughPaimon() throws Exception {
        List<GenericRow> rows = OrcTestData.rows(1500);
        try (PaimonOracle paimon = new PaimonOracle(dir.resolve("warehouse"))) {
            paimon.createTable("db", "t", OrcTestData.ALL_TYPES, List.of(), List.of(),
                    Map.of("file.format", "orc", "bucket", "-1"));
            paimon.write("db", "t", rows);
            RowType tableType = paimon.rowType("db", "t");
            List<Path> files = paimon.dataFiles("db", "t");
            assertThat(files).isNotEmpty();
            List<List<Object>> all = new ArrayList<>();
            for (Path file : files) {
                List<List<Object>> strata = strataRead(file, tableType);
                assertThat(strata).as(file.toString()).isEqualTo(paimonRead(file, tableType));
                all.addAll(strata);
            }
            assertThat(all).isEqualTo(PlainValues.of(rows, tableType));
        }
    }

    @Test
    void filesStrataWritesReadThroughPaimonUnchanged() throws IOException {
        List<GenericRow> rows = OrcTestData.rows(1500);
        Path file = dir.resolve("strata.orc");
        strataWrite(file, OrcTestData.ALL_TYPES, rows);
        assertThat(paimonRead(file, OrcTestData.ALL_TYPES)).isEqualTo(PlainValues.of(rows, OrcTestData.ALL_TYPES));
    }

    @Test
    void orcSchemaAndFieldIdAttributesAreThoseOfPaimon() throws Exception {
        List<DataField> fields = new ArrayList<>(OrcTestData.ALL_TYPES.fields());
        // Huge ids (key fields) overflow in the derived nested ids exactly as in Paimon's int arithmetic.
        fields.add(FIELD(1073741824, "_KEY_nested", ARRAY(MAP(INT(), ARRAY(STRING())))));
        fields.add(FIELD(2147483645, "_VALUE_KIND", TINYINT().withNullable(false)));
        RowType type = new RowType(fields);
        Path strata = dir.resolve("schema-strata.orc");
        Path paimon = dir.resolve("schema-paimon.orc");
        strataWrite(strata, type, List.of());
        PaimonFormats.write("orc", paimon, type, List.of(), "zstd");
        assertThat(describe(orcSchema(strata))).isEqualTo(describe(orcSchema(paimon)));
        assertThat(describe(orcSchema(strata))).contains("paimon.id=" + (536870911 + 1073741824 * 1024 + 1));
    }

    private org.apache.orc.TypeDescription orcSchema(Path file) throws IOException {
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(file.toUri());
        try (Reader reader = OrcFile.createReader(path, OrcFile.readerOptions(io.hadoopConf()).filesystem(io.fileSystem(path)))) {
            return reader.getSchema();
        }
    }

    /** Every column with its type and attributes, depth first. */
    private static String describe(org.apache.orc.TypeDescription type) {
        StringBuilder out = new StringBuilder(type.getCategory() + "(" + type.getPrecision() + "," + type.getScale() + ","
                + type.getMaxLength() + ")");
        out.append(" paimon.id=").append(type.getAttributeValue("paimon.id"));
        if (type.getChildren() != null) {
            out.append(" [");
            for (int i = 0; i < type.getChildren().size(); i++) {
                if (type.getCategory() == org.apache.orc.TypeDescription.Category.STRUCT) {
                    out.append(type.getFieldNames().get(i)).append(':');
                }
                out.append(describe(type.getChildren().get(i))).append("; ");
            }
            out.append(']');
        }
        return out.toString();
    }

    private static final RowType TIME_TYPE = RowType.of(
            FIELD(0, "ts3", TIMESTAMP(3)),
            FIELD(1, "ts9", TIMESTAMP(9)),
            FIELD(2, "ltz3", TIMESTAMP_LTZ(3)),
            FIELD(3, "ltz9", TIMESTAMP_LTZ(9)),
            FIELD(4, "day", DATE()),
            FIELD(5, "c", CHAR(5)),
            FIELD(6, "vc", VARCHAR(3)),
            FIELD(7, "dec", DECIMAL(38, 10)));

    /** Wall times that ORC and java.sql.Timestamp treat specially. */
    private static final String[] TRICKY = {
        "2024-03-10T02:30:00.123", // inside the Los Angeles DST gap
        "2024-11-03T01:30:00.456789", // inside the Los Angeles DST overlap
        "1969-12-31T23:59:59.999", // negative millis: ORC truncates seconds toward zero
        "1969-12-31T23:59:59.000000001",
        "1970-01-01T00:00:00",
        "1500-01-01T12:00:00.5", // Julian calendar in java.sql.Timestamp
        "0001-01-01T00:00:00",
        "1883-11-18T11:59:59", // local mean time before standard time in Los Angeles
        "2038-01-19T03:14:08.999999999",
        "9999-12-31T23:59:59.999999999",
    };

    private static List<GenericRow> trickyRows() {
        List<GenericRow> rows = new ArrayList<>();
        int day = -719_162; // 0001-01-01
        for (String text : TRICKY) {
            Timestamp ts = Timestamp.fromLocalDateTime(LocalDateTime.parse(text));
            rows.add(GenericRow.of(
                    Timestamp.of(ts.millisecond(), 0), ts, Timestamp.of(ts.millisecond(), 0), ts, day,
                    Utf8String.fromString("ab"), Utf8String.fromString("abcdef"),
                    Decimal.fromBigDecimal(new BigDecimal("-0.0000000001"), 38, 10)));
            day += 100_000;
        }
        rows.add(GenericRow.of(null, null, null, null, null, null, null, null));
        return rows;
    }

    /** Writes {@link #trickyRows} with Strata and with Paimon in {@code writeZone}, returns both files. */
    private Path[] writeBoth(String name, String writeZone) throws Exception {
        Path strata = dir.resolve(name + "-strata.orc");
        Path paimon = dir.resolve(name + "-paimon.orc");
        inZone(writeZone, () -> {
            strataWrite(strata, TIME_TYPE, trickyRows());
            PaimonFormats.write("orc", paimon, TIME_TYPE, trickyRows(), "zstd");
            return null;
        });
        return new Path[] {strata, paimon};
    }

    /**
     * Reads both files with both readers in {@code readZone}; all four must agree. Returns the rows.
     */
    private List<List<Object>> readAllFourWays(Path[] files, String readZone) throws Exception {
        return inZone(readZone, () -> {
            List<List<Object>> expected = paimonRead(files[1], TIME_TYPE);
            assertThat(strataRead(files[1], TIME_TYPE)).as("Strata reads a Paimon file as Paimon").isEqualTo(expected);
            assertThat(paimonRead(files[0], TIME_TYPE)).as("Paimon reads a Strata file as its own").isEqualTo(expected);
            assertThat(strataRead(files[0], TIME_TYPE)).as("Strata reads its file as Paimon reads Paimon's").isEqualTo(expected);
            return expected;
        });
    }

    @Test
    void timestampsMatchPaimonForEveryWriterAndReaderZone() throws Exception {
        String[] zones = {"UTC", LA, "Asia/Kolkata", "Europe/Amsterdam"};
        for (String writeZone : zones) {
            Path[] files = writeBoth("w-" + writeZone.replace('/', '_'), writeZone);
            for (String readZone : zones) {
                assertThat(readAllFourWays(files, readZone)).hasSize(TRICKY.length + 1);
            }
        }
    }

    @Test
    void dstGapWrittenInLosAngelesReadsBackAnHourLater() throws Exception {
        List<List<Object>> rows = readAllFourWays(writeBoth("gap-la", LA), LA);
        assertThat(rows.get(0).get(0)).isEqualTo("2024-03-10T03:30:00.123");
        assertThat(rows.get(0).get(2)).isEqualTo("2024-03-10T03:30:00.123");
        // Outside the gap the wall time survives, in the overlap too.
        assertThat(rows.get(1).get(1)).isEqualTo("2024-11-03T01:30:00.456789");
    }

    @Test
    void dstGapWrittenInUtcReadInLosAngelesReadsBackAnHourEarlier() throws Exception {
        List<List<Object>> rows = readAllFourWays(writeBoth("gap-utc", "UTC"), LA);
        assertThat(rows.get(0).get(0)).isEqualTo("2024-03-10T01:30:00.123");
        List<List<Object>> inUtc = readAllFourWays(writeBoth("gap-utc2", "UTC"), "UTC");
        assertThat(inUtc.get(0).get(0)).isEqualTo("2024-03-10T02:30:00.123");
    }

    @Test
    void negativeMillisReadBackASecondLaterAsInHive() throws Exception {
        List<List<Object>> rows = readAllFourWays(writeBoth("negative", "UTC"), "UTC");
        assertThat(rows.get(2).get(0)).isEqualTo("1970-01-01T00:00:00.999");
        // Only a fraction of a millisecond or more moves: whole negative seconds survive.
        assertThat(rows.get(3).get(1)).isEqualTo("1969-12-31T23:59:59.000000001");
        assertThat(rows.get(4).get(1)).isEqualTo("1970-01-01T00:00");
    }

    @Test
    void timestampsBeforeTheGregorianCutoverShiftAsInPaimon() throws Exception {
        // java.sql.Timestamp reads the wall time in the Julian calendar, the reader in the proleptic one.
        for (String zone : new String[] {"UTC", LA}) {
            List<List<Object>> rows = readAllFourWays(writeBoth("julian-" + zone.replace('/', '_'), zone), zone);
            assertThat(rows.get(5).get(1)).isEqualTo("1500-01-10T12:00:00.500");
            assertThat(rows.get(6).get(1)).isEqualTo("0000-12-30T00:00");
            assertThat(rows.get(7).get(1)).isEqualTo("1883-11-18T11:59:59");
        }
    }

    @Test
    void localZonedTimestampsFollowTheLegacyWallTimeRule() throws Exception {
        // Paimon's default orc.timestamp-ltz.legacy.type=true: the instant is written as a local wall time,
        // so a value written in UTC and read in Los Angeles moves by the zones' offset.
        List<List<Object>> rows = readAllFourWays(writeBoth("ltz", "UTC"), LA);
        assertThat(rows.get(0).get(2)).isEqualTo("2024-03-09T18:30:00.123");
        assertThat(rows.get(4).get(3)).isEqualTo("1969-12-31T16:00");
        List<List<Object>> sameZone = readAllFourWays(writeBoth("ltz-same", LA), LA);
        assertThat(sameZone.get(1).get(3)).isEqualTo("2024-11-03T01:30:00.456789");
    }

    @Test
    void datesAreRawEpochDaysAndStringsAsPaimonStoresThem() throws Exception {
        List<List<Object>> rows = readAllFourWays(writeBoth("dates", LA), "UTC");
        assertThat(rows.get(0).get(4)).isEqualTo(-719_162);
        assertThat(rows.get(5).get(4)).isEqualTo(-719_162 + 500_000);
        // ORC pads CHAR on write and trims it on read; VARCHAR is cut to its length on write.
        assertThat(rows.get(0).get(5)).isEqualTo("ab");
        assertThat(rows.get(0).get(6)).isEqualTo("abc");
        assertThat(rows.get(0).get(7)).isEqualTo(new BigDecimal("-0.0000000001"));
    }

    @Test
    void strataWritesTheSameOrcValuesAsPaimon() throws Exception {
        for (String zone : new String[] {"UTC", LA}) {
            Path[] files = writeBoth("raw-" + zone.replace('/', '_'), zone);
            assertThat(rawValues(files[0])).as(zone).isEqualTo(rawValues(files[1]));
        }
    }

    /** The timestamp and date columns as ORC stores them: seconds and nanos per row, days. */
    private List<String> rawValues(Path file) throws IOException {
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(file.toUri());
        List<String> out = new ArrayList<>();
        // Read in UTC on both sides so that only the stored values matter.
        try (Reader reader = OrcFile.createReader(path, OrcFile.readerOptions(io.hadoopConf())
                        .filesystem(io.fileSystem(path)).useUTCTimestamp(true));
                RecordReader rows = reader.rows()) {
            out.add(reader.getSchema().toString());
            VectorizedRowBatch batch = reader.getSchema().createRowBatch();
            while (rows.nextBatch(batch)) {
                for (int r = 0; r < batch.size; r++) {
                    StringBuilder row = new StringBuilder();
                    for (int c = 0; c < 4; c++) {
                        TimestampColumnVector v = (TimestampColumnVector) batch.cols[c];
                        int k = v.isRepeating ? 0 : r;
                        row.append(v.noNulls || !v.isNull[k] ? v.time[k] + "/" + v.nanos[k] : "null").append(' ');
                    }
                    LongColumnVector days = (LongColumnVector) batch.cols[4];
                    int k = days.isRepeating ? 0 : r;
                    row.append(days.noNulls || !days.isNull[k] ? days.vector[k] : "null");
                    out.add(row.toString());
                }
            }
        }
        return out;
    }

    @FunctionalInterface
    interface ZoneAction<T> {
        T run() throws Exception;
    }

    /** Runs with the JVM default zone set (ORC and Paimon read it when they convert), then restores it. */
    static <T> T inZone(String zone, ZoneAction<T> action) throws Exception {
        TimeZone before = TimeZone.getDefault();
        TimeZone.setDefault(TimeZone.getTimeZone(zone));
        try {
            return action.run();
        } finally {
            TimeZone.setDefault(before);
        }
    }
}
