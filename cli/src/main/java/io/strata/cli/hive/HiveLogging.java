package io.strata.cli.hive;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.logging.log4j.core.config.Configurator;

/**
 * Sends the embedded Hive's logging (Hive, its metastore, DataNucleus, MapReduce) to a file under the
 * warehouse, keeping only Strata's own warnings on the console. WHY: an in-process Hive logs hundreds of
 * lines per statement, which would bury the command's output; the file keeps them for troubleshooting.
 */
final class HiveLogging {

    private HiveLogging() {}

    /** Reconfigures Log4j 2 (the command's logging back end) to log into {@code logFile}. */
    static void toFile(Path logFile, Path configDir) throws IOException {
        Files.createDirectories(logFile.getParent());
        String config = String.join("\n",
                "status = error",
                "appender.file.type = File",
                "appender.file.name = file",
                "appender.file.fileName = " + logFile.toString().replace("\\", "/"),
                "appender.file.layout.type = PatternLayout",
                "appender.file.layout.pattern = %d{ISO8601} %-5p [%t] %c{2}: %m%n",
                "appender.console.type = Console",
                "appender.console.name = console",
                "appender.console.target = SYSTEM_ERR",
                "appender.console.layout.type = PatternLayout",
                "appender.console.layout.pattern = %p %c{1}: %m%n",
                "rootLogger.level = info",
                "rootLogger.appenderRef.file.ref = file",
                // Strata's own warnings still reach the console; its info lines go to the file only.
                "logger.strata.name = io.strata",
                "logger.strata.level = info",
                "logger.strata.additivity = false",
                "logger.strata.appenderRef.file.ref = file",
                "logger.strata.appenderRef.console.ref = console",
                "logger.strata.appenderRef.console.level = warn",
                // Per-row DataNucleus and metastore direct-SQL chatter: warnings are enough.
                "logger.datanucleus.name = DataNucleus",
                "logger.datanucleus.level = warn",
                "logger.dn.name = org.datanucleus",
                "logger.dn.level = warn",
                "");
        Path file = configDir.resolve("log4j2.properties");
        Files.writeString(file, config);
        Configurator.reconfigure(file.toUri());
    }
}
