package io.strata;

import static io.strata.types.DataTypes.BIGINT;
import static io.strata.types.DataTypes.DECIMAL;
import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.INT;
import static io.strata.types.DataTypes.STRING;
import static io.strata.types.DataTypes.TIMESTAMP;
import static io.strata.types.DataTypes.TINYINT;

import io.strata.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/** The tables Apache Paimon 1.4.2 wrote (copied from shared/fixtures into the test resources). */
public final class Fixtures {

    /**
     * The type of a data file of the primary-key fixture tables ({@code pk_orc}, {@code pk_parquet_dv}):
     * the key, the sequence number and row kind system columns, then all table columns.
     */
    public static final RowType PK_DATA_FILE_TYPE = RowType.of(
            FIELD(1_073_741_824, "_KEY_id", INT().withNullable(false)),
            FIELD(2_147_483_646, "_SEQUENCE_NUMBER", BIGINT().withNullable(false)),
            FIELD(2_147_483_645, "_VALUE_KIND", TINYINT().withNullable(false)),
            FIELD(0, "dt", STRING().withNullable(false)),
            FIELD(1, "id", INT().withNullable(false)),
            FIELD(2, "name", STRING()),
            FIELD(3, "price", DECIMAL(10, 2)),
            FIELD(4, "big", DECIMAL(38, 4)),
            FIELD(5, "ts", TIMESTAMP(3)),
            FIELD(6, "ts6", TIMESTAMP(6)));

    private Fixtures() {}

    /** The fixture directory {@code fixtures/paimon-1.4.2/<relative>}, e.g. a table such as {@code pk_orc}. */
    public static Path paimon142(String relative) {
        URL url = Fixtures.class.getResource("/fixtures/paimon-1.4.2");
        if (url == null) {
            throw new IllegalStateException("Test resource fixtures/paimon-1.4.2 is missing");
        }
        try {
            return Path.of(url.toURI()).resolve(relative);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A writable copy of a fixture table's metadata and data at {@code target} (tests that commit to a
     * fixture table must not change the shared resource). Returns {@code target}.
     */
    public static Path copy(String table, Path target) {
        Path source = paimon142(table);
        try (Stream<Path> files = Files.walk(source)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Path to = target.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Could not copy fixture table " + table + " to " + target, e);
        }
        return target;
    }

    /** The text of a fixture file (UTF-8), failing unchecked so that parameterized tests stay short. */
    public static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read fixture file " + file, e);
        }
    }
}
