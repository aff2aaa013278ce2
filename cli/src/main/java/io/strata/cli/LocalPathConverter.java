package io.strata.cli;

import java.io.File;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads a directory argument of the table tools ({@code --warehouse}, {@code --path}, sync's {@code --table}) as
 * a local path: a plain path, or a {@code file:} URI, which becomes the path it names. A URI of another file
 * system ({@code hdfs://}, {@code s3a://}) is refused by its scheme (a usage error, exit 2): the command works on
 * the local file system, and without this a URI was taken as a relative path under the working directory.
 */
final class LocalPathConverter implements ITypeConverter<String> {

    /** A URI with an authority part: {@code scheme://}. A colon alone may be part of a local file name. */
    private static final Pattern SCHEME = Pattern.compile("^([A-Za-z][A-Za-z0-9+.-]*)://");

    @Override
    public String convert(String value) {
        if (value.regionMatches(true, 0, "file:", 0, "file:".length())) {
            try {
                return Path.of(new URI(value)).toString();
            } catch (URISyntaxException | IllegalArgumentException e) {
                throw new TypeConversionException("'" + value + "' is not a file: URI of a local path ("
                        + e.getMessage() + "); write file:/absolute/path or a plain path");
            }
        }
        Matcher scheme = SCHEME.matcher(value);
        if (scheme.find()) {
            throw new TypeConversionException("'" + value + "' is a " + scheme.group(1).toLowerCase(Locale.ROOT)
                    + ": URI, and the strata command works on the local file system only (a path, or a file: URI)."
                    + " Query tables on HDFS or object stores through Hive (docs/hive-connector.md), or run the"
                    + " command where the table's directory is mounted");
        }
        return value;
    }

    /** The same for options whose value is a {@link File}. */
    static final class ToFile implements ITypeConverter<File> {
        @Override
        public File convert(String value) {
            return new File(new LocalPathConverter().convert(value));
        }
    }
}
