package io.strata.format.registry;

import io.strata.format.FileFormat;
import io.strata.format.FormatFactory;
import io.strata.format.avro.AvroFormatFactory;
import io.strata.format.orc.OrcFormatFactory;
import io.strata.format.parquet.ParquetFormatFactory;

/**
 * The format factories, one instance each. The one class that knows every format's implementation:
 * {@code format} holds what the formats share, {@code format.orc}, {@code format.parquet} and
 * {@code format.avro} implement it, and this package, above them, picks one for a {@link FileFormat}.
 */
public final class FormatFactories {

    private static final FormatFactory ORC = new OrcFormatFactory();
    private static final FormatFactory PARQUET = new ParquetFormatFactory();
    private static final FormatFactory AVRO = new AvroFormatFactory();

    private FormatFactories() {}

    /** The factory for a format. */
    public static FormatFactory of(FileFormat format) {
        return switch (format) {
            case ORC -> ORC;
            case PARQUET -> PARQUET;
            case AVRO -> AVRO;
        };
    }
}
