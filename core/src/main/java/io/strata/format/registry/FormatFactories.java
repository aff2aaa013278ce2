package io.strata.format.registry;

import io.strata.format.FormatFactory;
import io.strata.format.orc.OrcFormatFactory;
import io.strata.format.parquet.ParquetFormatFactory;

/** The format factories, one instance each. */
public final class FormatFactories {

    private static final FormatFactory ORC = new OrcFormatFactory();
    private static final FormatFactory PARQUET = new ParquetFormatFactory();

    private FormatFactories() {}

    public static FormatFactory orc() {
        return ORC;
    }

    public static FormatFactory parquet() {
        return PARQUET;
    }
}
