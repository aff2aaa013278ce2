package io.strata.format;

import io.strata.api.PublicApi;
import java.util.Locale;

/** The data file formats; a file's format is told by its extension, so one table may mix them. */
@PublicApi
public enum FileFormat {
    ORC("orc"),
    PARQUET("parquet"),
    AVRO("avro");

    private final String extension;

    FileFormat(String extension) {
        this.extension = extension;
    }

    public String extension() {
        return extension;
    }

    /** The format named by a {@code file.format} option value. */
    public static FileFormat fromOption(String value) {
        for (FileFormat f : values()) {
            if (f.extension.equals(value.toLowerCase(Locale.ROOT))) {
                return f;
            }
        }
        throw new IllegalArgumentException("Unknown file.format '" + value + "': Strata reads and writes orc, parquet"
                + " and avro data files");
    }

    /** The format of a data file, from its name's extension. */
    public static FileFormat fromFileName(String fileName) {
        int dot = fileName.lastIndexOf('.');
        String ext = dot < 0 ? "" : fileName.substring(dot + 1).toLowerCase(Locale.ROOT);
        for (FileFormat f : values()) {
            if (f.extension.equals(ext)) {
                return f;
            }
        }
        throw new IllegalArgumentException("Cannot tell the format of data file '" + fileName + "' from its extension");
    }
}
