package io.strata.format;

import io.strata.format.orc.OrcFormatFactory;
import io.strata.format.parquet.ParquetFormatFactory;

/** The format factories, one instance each. */
final class FormatFactories {

    private static final FormatFactory ORC = new OrcFormatFactory();
    private static final FormatFactory PARQUET = new ParquetFormatFactory();

    private FormatFactories() {}

    static FormatFactory orc() {
        return ORC;
    }

    static FormatFactory parquet() {
        return PARQUET;
    }
}
