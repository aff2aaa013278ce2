package io.strata.schema;

import io.strata.api.PublicApi;
import io.strata.format.FileFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The format and compression of each new data file, with Paimon 1.4.2's names and rules, listed in
 * {@link TableOptions#ALL} through {@link #ALL}: a changelog file takes {@link #CHANGELOG_FILE_FORMAT} /
 * {@link #CHANGELOG_FILE_COMPRESSION} if set; any other file (and a changelog file without them) the format and
 * compression of the LSM level it is written to ({@link #FORMAT_PER_LEVEL}, {@link #COMPRESSION_PER_LEVEL}), else
 * {@code file.format} / {@code file.compression}. A file moved up a level keeps its format, as in Paimon; reads
 * tell each file's format by its extension.
 */
@PublicApi
public final class FileFormatOptions {

    public static final ConfigOption<Map<Integer, FileFormat>> FORMAT_PER_LEVEL = ConfigOption.of(
            "file.format.per.level", Map.of(),
            "The format of new data files per LSM level, as level:format pairs ('0:avro,5:orc'); other levels use "
                    + "file.format.",
            text -> LevelMap.parse(text, FileFormat::fromOption));

    public static final ConfigOption<Map<Integer, String>> COMPRESSION_PER_LEVEL = ConfigOption.of(
            "file.compression.per.level", Map.of(),
            "The compression of new data files per LSM level, as level:compression pairs ('0:lz4,5:zstd'); other "
                    + "levels use file.compression.",
            text -> LevelMap.parse(text, String::trim));

    public static final ConfigOption<FileFormat> CHANGELOG_FILE_FORMAT = ConfigOption.of(
            "changelog-file.format", null,
            "Primary-key tables: the format of changelog files; default the format of the level written.",
            FileFormat::fromOption);

    public static final ConfigOption<String> CHANGELOG_FILE_COMPRESSION = ConfigOption.of(
            "changelog-file.compression", null,
            "Primary-key tables: the compression of changelog files; default the compression of the level written.",
            String::trim);

    /** The options above, in documentation order. */
    public static final List<ConfigOption<?>> ALL = List.of(FORMAT_PER_LEVEL, COMPRESSION_PER_LEVEL,
            CHANGELOG_FILE_FORMAT, CHANGELOG_FILE_COMPRESSION);

    private final FileFormat format;
    private final String compression;
    private final Map<Integer, FileFormat> formatPerLevel;
    private final Map<Integer, String> compressionPerLevel;
    private final FileFormat changelogFormat;
    private final String changelogCompression;

    /** Parses the options; fails naming the option when one has a bad value. */
    public FileFormatOptions(Map<String, String> options) {
        TableOptions typed = new TableOptions(options);
        this.format = typed.fileFormat();
        this.compression = typed.fileCompression();
        this.formatPerLevel = LevelMap.get(options, FORMAT_PER_LEVEL.key(), FileFormat::fromOption);
        this.compressionPerLevel = LevelMap.get(options, COMPRESSION_PER_LEVEL.key(), String::trim);
        this.changelogFormat = CHANGELOG_FILE_FORMAT.get(options);
        this.changelogCompression = CHANGELOG_FILE_COMPRESSION.get(options);
    }

    /** The format of a new file at {@code level}, or of a changelog file written with that level's files. */
    public FileFormat format(int level, boolean changelog) {
        if (changelog && changelogFormat != null) {
            return changelogFormat;
        }
        return formatPerLevel.getOrDefault(level, format);
    }

    /** The compression of a new file at {@code level}, or of a changelog file written with that level's files. */
    public String compression(int level, boolean changelog) {
        if (changelog && changelogCompression != null) {
            return changelogCompression;
        }
        return compressionPerLevel.getOrDefault(level, compression);
    }

    /**
     * Every (format, compression) a new file may get: {@code file.format} with {@code file.compression}, each
     * level's, and the changelog files'. A table's columns and codecs are checked against each when it is created
     * or altered.
     */
    public Set<Map.Entry<FileFormat, String>> combinations() {
        Set<Map.Entry<FileFormat, String>> out = new LinkedHashSet<>();
        out.add(Map.entry(format, compression));
        Set<Integer> levels = new LinkedHashSet<>(formatPerLevel.keySet());
        levels.addAll(compressionPerLevel.keySet());
        for (int level : levels) {
            out.add(Map.entry(format(level, false), compression(level, false)));
            out.add(Map.entry(format(level, true), compression(level, true)));
        }
        out.add(Map.entry(format(0, true), compression(0, true)));
        return out;
    }
}
