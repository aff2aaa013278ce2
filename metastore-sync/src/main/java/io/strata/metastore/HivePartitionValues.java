package io.strata.metastore;

import io.strata.table.TablePaths;
import io.strata.types.DataType;
import io.strata.types.RowType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.List;

/**
 * The partition values the metastore keeps for a Strata partition directory, as Hive writes them.
 *
 * <p>WHY a translation: with {@code partition.legacy-name=true} (Paimon's default, the only naming
 * Strata writes) a directory holds each value's internal text: a DATE is its day number
 * ({@code dt=19723}), a TIMESTAMP the ISO local date-time ({@code 2024-01-01T10:00}). Hive users filter
 * and see {@code dt='2024-01-01'}; a metastore value {@code 19723} on a {@code date} key is not a date
 * to Hive (pruning and the partition column's value break). So the metastore gets Hive's canonical text
 * of the same value, while the partition's location stays the real directory:
 *
 * <ul>
 *   <li>DATE: {@code yyyy-MM-dd};
 *   <li>TIMESTAMP (and WITH LOCAL TIME ZONE, whose directory holds the UTC wall time):
 *       {@code yyyy-MM-dd HH:mm:ss[.fraction]}, trailing zeros of the fraction dropped, as Hive prints one;
 *   <li>TIME (a Hive {@code string}): {@code HH:mm[:ss[.SSS]]}, the text the Hive connector reads;
 *   <li>DECIMAL: without trailing zeros ({@code 1.50} -> {@code 1.5}), as Hive's decimal prints;
 *   <li>null or blank: the table's {@code partition.default-name} ({@code __DEFAULT_PARTITION__}),
 *       Hive's own name for a null partition;
 *   <li>everything else (strings, integers, BOOLEAN {@code true}/{@code false}, FLOAT, DOUBLE): as is.
 * </ul>
 */
final class HivePartitionValues {

    /** Hive's timestamp text: seconds always, the fraction only as long as needed. */
    private static final DateTimeFormatter HIVE_TIMESTAMP = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd HH:mm:ss")
            .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
            .toFormatter();

    private final RowType partitionType;
    private final String defaultName;

    HivePartitionValues(RowType partitionType, String defaultName) {
        this.partitionType = partitionType;
        this.defaultName = defaultName;
    }

    /** The Hive values of a partition whose directory values (unescaped, in key order) are {@code directoryValues}. */
    List<String> of(List<String> directoryValues) {
        if (directoryValues.size() != partitionType.fieldCount()) {
            throw new IllegalArgumentException("Partition values " + directoryValues + " do not match the partition keys "
                    + partitionType.fieldNames());
        }
        List<String> out = new ArrayList<>(directoryValues.size());
        for (int i = 0; i < directoryValues.size(); i++) {
            out.add(value(i, directoryValues.get(i)));
        }
        return out;
    }

    /**
     * The Hive values of a partition directory path ({@code dt=19723/hr=3}, escaped as {@code TablePaths}
     * writes it).
     */
    List<String> ofPath(String path) {
        String[] segments = path.split("/");
        List<String> values = new ArrayList<>(segments.length);
        for (String segment : segments) {
            int eq = segment.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("Not a partition directory: '" + segment + "' in " + path);
            }
            values.add(TablePaths.unescape(segment.substring(eq + 1)));
        }
        return of(values);
    }

    private String value(int index, String text) {
        if (text == null || text.isBlank() || text.equals(defaultName)) {
            return defaultName;
        }
        DataType type = partitionType.typeAt(index);
        try {
            return switch (type.root()) {
                case DATE -> LocalDate.ofEpochDay(Integer.parseInt(text)).toString();
                case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> HIVE_TIMESTAMP.format(LocalDateTime.parse(text));
                case TIME -> LocalTime.ofNanoOfDay(Integer.parseInt(text) * 1_000_000L).toString();
                case DECIMAL -> canonicalDecimal(new BigDecimal(text));
                default -> text;
            };
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Partition key " + partitionType.fieldNames().get(index) + " (" + type
                    + "): directory value '" + text + "' is not a legacy-named value of that type", e);
        }
    }

    private static String canonicalDecimal(BigDecimal value) {
        BigDecimal stripped = value.stripTrailingZeros();
        // stripTrailingZeros turns 100 into 1E+2: keep integers without a fraction but in plain form.
        return (stripped.scale() < 0 ? stripped.setScale(0) : stripped).toPlainString();
    }
}
