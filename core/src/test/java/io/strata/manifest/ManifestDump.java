package io.strata.manifest;

import static io.strata.types.DataTypes.DECIMAL;
import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.INT;
import static io.strata.types.DataTypes.STRING;
import static io.strata.types.DataTypes.TIMESTAMP;

import io.strata.Fixtures;
import io.strata.types.RowType;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code dump-manifests.txt} says about the metadata of the Paimon 1.4.2 fixture tables
 * ({@link io.strata.Fixtures}), and the partition, key and value types their manifests are read with.
 */
final class ManifestDump {

    static final List<String> TABLES = List.of("pk_orc", "pk_parquet_dv", "append_orc");

    private ManifestDump() {}

    static org.apache.hadoop.fs.Path manifestDir(String table) {
        return new org.apache.hadoop.fs.Path(Fixtures.paimon142(table).resolve("manifest").toUri());
    }

    static RowType partitionType() {
        return RowType.of(FIELD(0, "dt", STRING().withNullable(false)));
    }

    static RowType keyType(String table) {
        return table.equals("append_orc") ? RowType.of() : RowType.of(FIELD(1, "_KEY_id", INT().withNullable(false)));
    }

    static RowType valueType(String table) {
        if (table.equals("append_orc")) {
            return RowType.of(FIELD(0, "dt", STRING()), FIELD(1, "id", INT()), FIELD(2, "name", STRING()));
        }
        return RowType.of(FIELD(0, "dt", STRING().withNullable(false)), FIELD(1, "id", INT().withNullable(false)),
                FIELD(2, "name", STRING()), FIELD(3, "price", DECIMAL(10, 2)), FIELD(4, "big", DECIMAL(38, 4)),
                FIELD(5, "ts", TIMESTAMP(3)), FIELD(6, "ts6", TIMESTAMP(6)));
    }

    /** What the dump shows for one table. */
    static final class TableDump {
        /** Manifest list name -> its ManifestFileMeta lines. */
        final Map<String, List<String>> manifestLists = new LinkedHashMap<>();
        /** Manifest name -> its entries, each the entry's lines joined by one space. */
        final Map<String, List<String>> manifests = new LinkedHashMap<>();
        /** Index manifest name -> its entry lines. */
        final Map<String, List<String>> indexManifests = new LinkedHashMap<>();
        /** Index file name -> its bytes in hex. */
        final Map<String, String> indexFileHex = new LinkedHashMap<>();
    }

    private static final Pattern TABLE = Pattern.compile("^################ TABLE (\\S+)$");
    private static final Pattern LIST = Pattern.compile("^  (?:base|delta|changelog)ManifestList = (\\S+)$");
    private static final Pattern INDEX_MANIFEST = Pattern.compile("^  indexManifest = (\\S+)$");
    private static final Pattern MANIFEST = Pattern.compile("^  (manifest-\\S+)$");
    private static final Pattern INDEX_HEX = Pattern.compile("^      index file hex: ([0-9a-f]+)$");
    private static final Pattern INDEX_FILE_NAME = Pattern.compile("_FILE_NAME=(index-[^,]+),");

    /** Parses dump-manifests.txt. */
    static Map<String, TableDump> dump() throws Exception {
        List<String> lines = Files.readAllLines(Fixtures.paimon142("dump-manifests.txt"));
        Map<String, TableDump> tables = new LinkedHashMap<>();
        TableDump table = null;
        List<String> currentList = null;
        List<String> currentIndex = null;
        List<String> currentManifest = null;
        String lastIndexFile = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher m;
            if ((m = TABLE.matcher(line)).matches()) {
                table = new TableDump();
                tables.put(m.group(1), table);
                currentList = currentIndex = currentManifest = null;
            } else if ((m = LIST.matcher(line)).matches()) {
                currentList = new ArrayList<>();
                List<String> previous = table.manifestLists.putIfAbsent(m.group(1), currentList);
                if (previous != null) {
                    currentList = new ArrayList<>(); // printed before; the first print is kept
                }
                currentIndex = null;
            } else if ((m = INDEX_MANIFEST.matcher(line)).matches()) {
                currentIndex = new ArrayList<>();
                table.indexManifests.put(m.group(1), currentIndex);
                currentList = null;
            } else if ((m = MANIFEST.matcher(line)).matches()) {
                currentManifest = new ArrayList<>();
                table.manifests.put(m.group(1), currentManifest);
                currentList = currentIndex = null;
            } else if (line.startsWith("    ManifestFileMeta{")) {
                currentList.add(line.trim());
            } else if (line.startsWith("    IndexManifestEntry{")) {
                currentIndex.add(line.trim());
                Matcher f = INDEX_FILE_NAME.matcher(line);
                lastIndexFile = f.find() ? f.group(1) : null;
            } else if ((m = INDEX_HEX.matcher(line)).matches()) {
                table.indexFileHex.put(lastIndexFile, m.group(1));
            } else if (line.startsWith("    ManifestEntry{")) {
                StringBuilder entry = new StringBuilder(line.trim());
                for (int k = 1; k <= 4; k++) {
                    entry.append(' ').append(lines.get(i + k).trim());
                }
                i += 4;
                currentManifest.add(entry.toString());
            }
        }
        return tables;
    }
}
