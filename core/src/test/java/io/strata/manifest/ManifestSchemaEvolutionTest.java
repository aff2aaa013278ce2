package io.strata.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.fs.FileIO;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fields are read by name: a manifest of an older writer (without the fields of later versions)
 * reads them as null, and a field of a newer writer that Strata does not know is skipped.
 */
class ManifestSchemaEvolutionTest {

    @TempDir
    Path tmp;

    private static final List<String> ADDED_LATER = List.of("_FILE_SOURCE", "_VALUE_STATS_COLS", "_EXTERNAL_PATH",
            "_FIRST_ROW_ID", "_WRITE_COLS", "_DELETE_ROW_COUNT", "_EMBEDDED_FILE_INDEX", "_CREATION_TIME");

    @Test
    void olderAndNewerManifestsReadByFieldName() throws Exception {
        ManifestEntry entry = TestEntries.add("2024-01-01", 1, TestEntries.file("data-x-0.orc", 2, 9, 1, 8));
        GenericRecord current = ManifestRecords.toRecord(entry);

        // The _FILE record of an "older" writer: the later fields gone, reordered, and an unknown one added.
        Schema currentFile = ManifestSchemas.MANIFEST_ENTRY.getField("_FILE").schema();
        List<Schema.Field> fileFields = new ArrayList<>();
        fileFields.add(new Schema.Field("_FROM_THE_FUTURE", Schema.create(Schema.Type.STRING)));
        for (Schema.Field f : currentFile.getFields()) {
            if (!ADDED_LATER.contains(f.name())) {
                fileFields.add(0, new Schema.Field(f, f.schema()));
            }
        }
        Schema oldFile = Schema.createRecord("record__FILE", null, "org.apache.paimon.avro.generated", false, fileFields);
        List<Schema.Field> fields = new ArrayList<>();
        for (Schema.Field f : ManifestSchemas.MANIFEST_ENTRY.getFields()) {
            fields.add(new Schema.Field(f.name(), f.name().equals("_FILE") ? oldFile : f.schema()));
        }
        Schema oldEntry = Schema.createRecord("record", null, "org.apache.paimon.avro.generated", false, fields);

        GenericRecord file = new GenericData.Record(oldFile);
        GenericRecord currentFileRecord = (GenericRecord) current.get("_FILE");
        for (Schema.Field f : oldFile.getFields()) {
            file.put(f.name(), f.name().equals("_FROM_THE_FUTURE") ? "ignored" : currentFileRecord.get(f.name()));
        }
        GenericRecord record = new GenericData.Record(oldEntry);
        for (Schema.Field f : oldEntry.getFields()) {
            record.put(f.name(), f.name().equals("_FILE") ? file : current.get(f.name()));
        }
        try (DataFileWriter<GenericRecord> writer = new DataFileWriter<>(new GenericDatumWriter<>(oldEntry))) {
            writer.setCodec(CodecFactory.zstandardCodec(1));
            writer.create(oldEntry, tmp.resolve("manifest-old-0").toFile());
            writer.append(record);
        }

        ManifestFile manifests = new ManifestFile(FileIO.local(), new org.apache.hadoop.fs.Path(tmp.toUri()),
                TestEntries.PARTITION, 8 << 20, new MetadataFileNames());
        List<ManifestEntry> read = manifests.read("manifest-old-0");
        assertThat(read).hasSize(1);
        DataFileMeta f = read.get(0).file();
        DataFileMeta e = entry.file();
        assertThat(f.fileSource()).isNull();
        assertThat(f.valueStatsCols()).isNull();
        assertThat(f.writeCols()).isNull();
        assertThat(f.deleteRowCount()).isNull();
        assertThat(f.creationTime()).isNull();
        assertThat(f.addRowCount()).isEqualTo(f.rowCount());
        assertThat(f.fileName()).isEqualTo(e.fileName());
        assertThat(f.level()).isEqualTo(2);
        assertThat(f.minKey()).isEqualTo(e.minKey());
        assertThat(f.keyStats()).isEqualTo(e.keyStats());
        assertThat(f.maxSequenceNumber()).isEqualTo(e.maxSequenceNumber());
        assertThat(read.get(0).partition()).isEqualTo(entry.partition());
        assertThat(read.get(0).bucket()).isEqualTo(1);
        assertThat(ByteBuffer.wrap(f.minKey().toBytesWithArity())).isEqualTo(currentFileRecord.get("_MIN_KEY"));
    }
}
