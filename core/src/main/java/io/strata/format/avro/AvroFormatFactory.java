package io.strata.format.avro;

import io.strata.format.FormatFactory;
import io.strata.format.FormatReader;
import io.strata.format.FormatWriter;
import io.strata.fs.FileIO;
import io.strata.predicate.Predicate;
import io.strata.types.RowType;
import java.io.IOException;
import org.apache.hadoop.fs.Path;

/**
 * Avro data files as Apache Paimon 1.4.2 writes and reads them (its {@code file.format = avro}, and the
 * files of postpone-bucket tables): Paimon's schema for a row type ({@link AvroSchemas}), its codec
 * choice for {@code file.compression} ({@link AvroCodecs}), no field ids in the file. Reads decode rows into
 * columnar batches, matching fields by name, or by id through the file's write type when the caller
 * knows it ({@link AvroReadPlan}); Avro has no statistics to skip blocks by, so a skip filter is ignored.
 */
public final class AvroFormatFactory implements FormatFactory {

    @Override
    public FormatWriter createWriter(FileIO io, Path path, RowType fileType, String compression) throws IOException {
        return new AvroFormatWriter(io, path, fileType, compression);
    }

    @Override
    public FormatReader createReader(FileIO io, Path path, RowType readType, int batchSize) throws IOException {
        return new AvroFormatReader(io, path, readType, null, batchSize);
    }

    @Override
    public FormatReader createReader(FileIO io, Path path, RowType readType, RowType writeType, int batchSize,
            Predicate skipFilter) throws IOException {
        return new AvroFormatReader(io, path, readType, writeType, batchSize);
    }

    /** Refuses the types Paimon's Avro files cannot hold and the compressions Paimon's Avro writer rejects. */
    @Override
    public void validateWrite(RowType rowType, String compression) {
        AvroSchemas.check(rowType);
        AvroCodecs.codec(compression);
    }
}
