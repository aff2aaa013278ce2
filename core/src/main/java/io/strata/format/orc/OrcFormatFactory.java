package io.strata.format.orc;

import io.strata.format.FormatFactory;
import io.strata.format.FormatReader;
import io.strata.format.FormatWriter;
import io.strata.fs.FileIO;
import io.strata.predicate.Predicate;
import io.strata.types.RowType;
import java.io.IOException;
import org.apache.hadoop.fs.Path;

/**
 * ORC data files, written and read exactly as Apache Paimon 1.4.2 writes and reads them: field ids in
 * the {@code paimon.id} column attribute, Paimon's type mapping, and its JVM-zone-dependent timestamps
 * (see {@link OrcTimestamps}). Compression names: zstd (default), lz4, snappy, zlib, none.
 */
public final class OrcFormatFactory implements FormatFactory {

    @Override
    public FormatWriter createWriter(FileIO io, Path path, RowType fileType, String compression) throws IOException {
        return new OrcFormatWriter(io, path, fileType, compression);
    }

    @Override
    public FormatReader createReader(FileIO io, Path path, RowType readType, int batchSize) throws IOException {
        return new OrcFormatReader(io, path, readType, batchSize, null);
    }

    /** Row groups whose row-index statistics cannot match are skipped ({@link OrcSearchArguments}). */
    @Override
    public FormatReader createReader(FileIO io, Path path, RowType readType, int batchSize, Predicate skipFilter)
            throws IOException {
        return new OrcFormatReader(io, path, readType, batchSize, skipFilter);
    }
}
