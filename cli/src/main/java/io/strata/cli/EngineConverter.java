package io.strata.cli;

import io.strata.cli.hive.HiveEngine;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** {@code --engine tez|mr}: the names {@code hive.execution.engine} takes. */
final class EngineConverter implements ITypeConverter<HiveEngine> {

    @Override
    public HiveEngine convert(String value) {
        for (HiveEngine engine : HiveEngine.values()) {
            if (engine.setting().equals(value.toLowerCase(Locale.ROOT))) {
                return engine;
            }
        }
        throw new TypeConversionException("'" + value + "' is not an engine: give tez or mr");
    }
}
