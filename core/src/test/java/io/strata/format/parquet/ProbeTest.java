package io.strata.format.parquet;

import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.paimon.data.*;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProbeTest {
    @Test
    void probe(@TempDir Path dir) throws Exception {
        var schema = PaimonOracle.parquetSchema()
                .column("a", DataTypes.ARRAY(DataTypes.ROW(DataTypes.FIELD(10, "x", DataTypes.INT()), DataTypes.FIELD(11, "y", DataTypes.STRING()))))
                .column("m", DataTypes.MAP(DataTypes.STRING(), DataTypes.ARRAY(DataTypes.INT())))
                .column("s", DataTypes.ARRAY(DataTypes.STRING().notNull()))
                .column("ltz", DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(6))
                .column("t9", DataTypes.TIMESTAMP(9))
                .column("tm", DataTypes.TIME(3))
                .column("c", DataTypes.CHAR(3))
                .column("b", DataTypes.BINARY(3))
                .column("ms", DataTypes.MULTISET(DataTypes.INT()))
                .build();
        List<Path> files = PaimonOracle.writeTable(dir, schema, List.of(GenericRow.of(null, null, null, null, null, null, null, null, null)));
        for (Path f : files) {
            byte[] all = java.nio.file.Files.readAllBytes(f);
            int len = java.nio.ByteBuffer.wrap(all, all.length - 8, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
            var fmd = org.apache.parquet.format.Util.readFileMetaData(new java.io.ByteArrayInputStream(all, all.length - 8 - len, len));
            var md = new org.apache.parquet.format.converter.ParquetMetadataConverter().fromParquetMetadata(fmd);
            System.out.println(md.getFileMetaData().getSchema());
            System.out.println(md.getFileMetaData().getKeyValueMetaData() + " " + md.getFileMetaData().getCreatedBy());
            System.out.println(md.getBlocks().get(0).getColumns());
        }
    }
}
