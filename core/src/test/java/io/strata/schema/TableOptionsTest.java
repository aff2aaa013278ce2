package io.strata.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.Fixtures;
import io.strata.format.FileFormat;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.paimon.CoreOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TableOptionsTest {

    private static void assertSameAsPaimon(Map<String, String> options) {
        TableOptions strata = new TableOptions(options);
        CoreOptions paimon = new CoreOptions(options);
        String where = "options " + options;
        assertThat(strata.bucket()).as(where).isEqualTo(paimon.bucket());
        assertThat(strata.fileFormat().extension()).as(where).isEqualTo(paimon.formatType());
        assertThat(strata.fileCompression()).as(where).isEqualTo(paimon.fileCompression());
        assertThat(strata.targetFileSize(true)).as(where).isEqualTo(paimon.targetFileSize(true));
        assertThat(strata.targetFileSize(false)).as(where).isEqualTo(paimon.targetFileSize(false));
        assertThat(strata.writeBufferSize()).as(where).isEqualTo(paimon.writeBufferSize());
        assertThat(strata.mergeEngine().name()).as(where).isEqualTo(paimon.mergeEngine().name());
        assertThat(strata.ignoreDelete()).as(where).isEqualTo(paimon.ignoreDelete());
        assertThat(strata.changelogProducer().name()).as(where).isEqualTo(paimon.changelogProducer().name());
        assertThat(strata.deletionVectorsEnabled()).as(where).isEqualTo(paimon.deletionVectorsEnabled());
        assertThat(strata.partitionDefaultName()).as(where).isEqualTo(paimon.partitionDefaultName());
        assertThat(strata.partitionLegacyName()).as(where).isEqualTo(paimon.legacyPartitionName());
        assertThat(strata.manifestMergeMinCount()).as(where).isEqualTo(paimon.manifestMergeMinCount());
        assertThat(strata.manifestTargetFileSize()).as(where).isEqualTo(paimon.manifestTargetSize().getBytes());
        assertThat(strata.commitMaxRetries()).as(where).isEqualTo(paimon.commitMaxRetries());
        assertThat(strata.numSortedRunCompactionTrigger()).as(where).isEqualTo(paimon.numSortedRunCompactionTrigger());
        assertThat(strata.numLevels()).as(where).isEqualTo(paimon.numLevels());
        assertThat(strata.sequenceField()).as(where).isEqualTo(paimon.sequenceField());
        assertThat(strata.sequenceFieldDescending()).as(where).isEqualTo(!paimon.sequenceFieldSortOrderIsAscending());
        assertThat(strata.dataFileThinMode()).as(where).isEqualTo(paimon.dataFileThinMode());
    }

    /** Issue 15, defect 5: a typo of a declared key is named; other unknown keys (Paimon's runtime options) are not. */
    @Test
    void keysOneOrTwoLettersFromADeclaredOneAreNamedAsTypos() {
        assertThat(TableOptions.typoHints(Map.of("buckets", "2", "sink.parallelism", "4", "bucket", "2",
                "merge-engin", "deduplicate")))
                .containsExactly("'buckets' is not an option Strata knows: did you mean 'bucket'?",
                        "'merge-engin' is not an option Strata knows: did you mean 'merge-engine'?");
        // Refused (a bucket key in dynamic bucket mode, as 'bucket' is unset): the error names the likely typo.
        assertThatThrownBy(() -> TableOptions.validateForWrite(Map.of("buckets", "2", "bucket-key", "id"), List.of("id")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bucket")
                .hasMessageContaining("did you mean 'bucket'?");
        assertThatThrownBy(() -> TableOptions.validateForRead(Map.of("file.format", "csv")))
                .hasMessageContaining("Strata reads and writes orc, parquet and avro data files");
        assertThatCode(() -> TableOptions.validateForWrite(Map.of("file.format", "avro"), List.of()))
                .doesNotThrowAnyException();
    }

    @Test
    void defaultsAreThoseOfPaimon() {
        assertSameAsPaimon(Map.of());
        TableOptions defaults = new TableOptions(Map.of());
        assertThat(defaults.bucket()).isEqualTo(-1);
        assertThat(defaults.bucketKey()).isEmpty();
        assertThat(defaults.fileFormat()).isEqualTo(FileFormat.PARQUET);
        assertThat(defaults.fileCompression()).isEqualTo("zstd");
        assertThat(defaults.targetFileSize(true)).isEqualTo(128L << 20);
        assertThat(defaults.targetFileSize(false)).isEqualTo(256L << 20);
        assertThat(defaults.writeBufferSize()).isEqualTo(256L << 20);
        assertThat(defaults.mergeEngine()).isEqualTo(MergeEngine.DEDUPLICATE);
        assertThat(defaults.changelogProducer()).isEqualTo(ChangelogProducer.NONE);
        assertThat(defaults.partitionDefaultName()).isEqualTo("__DEFAULT_PARTITION__");
        assertThat(defaults.partitionLegacyName()).isTrue();
        assertThat(defaults.manifestMergeMinCount()).isEqualTo(30);
        assertThat(defaults.manifestTargetFileSize()).isEqualTo(8L << 20);
        assertThat(defaults.commitMaxRetries()).isEqualTo(10);
        assertThat(defaults.numSortedRunCompactionTrigger()).isEqualTo(5);
        assertThat(defaults.numLevels()).isEqualTo(6);
        assertThat(defaults.readBatchSize()).isEqualTo(1024);
        assertThat(defaults.dataFileThinMode()).isFalse();
        assertThat(defaults.deletionVectorsEnabled()).isFalse();
        assertThat(defaults.ignoreDelete()).isFalse();
        assertThat(defaults.sequenceFieldDescending()).isFalse();
    }

    @Test
    void setValuesAreReadAsPaimonReadsThem() {
        assertSameAsPaimon(Map.ofEntries(
                Map.entry("bucket", "7"),
                Map.entry("file.format", "ORC"),
                Map.entry("file.compression", "lz4"),
                Map.entry("target-file-size", "1 gb"),
                Map.entry("write-buffer-size", "64kb"),
                Map.entry("merge-engine", "first-row"),
                Map.entry("changelog-producer", "full-compaction"),
                Map.entry("deletion-vectors.enabled", "true"),
                Map.entry("partition.default-name", "NULLS"),
                Map.entry("manifest.merge-min-count", "3"),
                Map.entry("manifest.target-file-size", "2mb"),
                Map.entry("commit.max-retries", "4"),
                Map.entry("num-sorted-run.compaction-trigger", "8"),
                Map.entry("sequence.field", "a,b"),
                Map.entry("sequence.field.sort-order", "descending")));
        assertSameAsPaimon(Map.of("num-sorted-run.compaction-trigger", "3", "num-levels", "10"));
        assertSameAsPaimon(Map.of("target-file-size", "128mb", "merge-engine", "aggregation",
                "changelog-producer", "lookup"));
        assertSameAsPaimon(Map.of("merge-engine", "partial-update", "changelog-producer", "input"));
        assertThat(new TableOptions(Map.of("bucket-key", "a, b")).bucketKey()).containsExactly("a", "b");
        assertThat(new TableOptions(Map.of("read.batch-size", "99")).readBatchSize()).isEqualTo(99);
    }

    @ParameterizedTest
    @CsvSource({"ignore-delete", "first-row.ignore-delete", "deduplicate.ignore-delete", "partial-update.ignore-delete"})
    void ignoreDeleteHasPaimonsLegacyKeys(String key) {
        assertSameAsPaimon(Map.of(key, "true"));
        assertThat(new TableOptions(Map.of(key, "true")).ignoreDelete()).isTrue();
        assertThatCode(() -> TableOptions.validateForWrite(Map.of(key, "true"), List.of())).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @CsvSource({"128mb, 134217728", "1 gb, 1073741824", "64kb, 65536", "1024, 1024", "2 m, 2097152", "3b, 3",
            "1 TB, 1099511627776", "5 mebibytes, 5242880"})
    void memorySizesParseLikePaimons(String text, long bytes) {
        assertThat(MemorySize.parseBytes(text)).isEqualTo(bytes);
        assertThat(org.apache.paimon.options.MemorySize.parse(text).getBytes()).isEqualTo(bytes);
    }

    @Test
    void malformedValuesFailNamingKeyAndValue() {
        assertThatThrownBy(() -> new TableOptions(Map.of("bucket", "two")).bucket())
                .hasMessageContaining("'bucket'").hasMessageContaining("'two'");
        assertThatThrownBy(() -> new TableOptions(Map.of("write-buffer-size", "12 parsecs")).writeBufferSize())
                .hasMessageContaining("'write-buffer-size'").hasMessageContaining("parsecs");
        assertThatThrownBy(() -> TableOptions.validateForRead(Map.of("merge-engine", "newest")))
                .hasMessageContaining("'merge-engine'").hasMessageContaining("'newest'");
        assertThatThrownBy(() -> TableOptions.validateForRead(Map.of("deletion-vectors.enabled", "yes")))
                .hasMessageContaining("'deletion-vectors.enabled'").hasMessageContaining("'yes'");
    }

    @Test
    void optionsStrataReadsAreAccepted() {
        assertThatCode(() -> TableOptions.validateForRead(Map.ofEntries(
                Map.entry("bucket", "3"), Map.entry("bucket-key", "a"), Map.entry("merge-engine", "first-row"),
                Map.entry("sequence.field", "ts"), Map.entry("sequence.field.sort-order", "descending"),
                Map.entry("ignore-delete", "true"), Map.entry("changelog-producer", "lookup"),
                Map.entry("deletion-vectors.enabled", "true"), Map.entry("file.format", "orc"),
                Map.entry("partition.default-name", "x"), Map.entry("partition.legacy-name", "true"),
                Map.entry("metadata.stats-mode", "truncate(16)"), Map.entry("data-file.thin-mode", "false"),
                Map.entry("bucket-function.type", "default"), Map.entry("file-index.bloom-filter.columns", "a"),
                Map.entry("snapshot.num-retained.max", "10"), Map.entry("some.unknown.option", "whatever"))))
                .doesNotThrowAnyException();
        assertThatCode(() -> TableOptions.validateForWrite(Map.of("metadata.stats-mode", "Truncate(4)",
                "fields.a.stats-mode", "FULL", "fields.b.c.stats-mode", "none", "metadata.stats-dense-store", "false",
                "metadata.stats-keep-first-n-columns", "3", "metadata.stats-mode.per.level", "0:none, 5:full",
                "changelog-file.stats-mode", "counts"), List.of("a"))).doesNotThrowAnyException();
        assertThatCode(() -> TableOptions.validateForRead(Map.of("bucket", "-1", "file.format", "parquet")))
                .doesNotThrowAnyException();
        // Every fixture table reads.
        for (String table : List.of("pk_orc", "pk_parquet_dv", "append_orc")) {
            java.nio.file.Path file = Fixtures.paimon142(table).resolve("schema/schema-0");
            TableSchema schema = TableSchema.fromJson(Fixtures.read(file), file.toString());
            assertThatCode(() -> TableOptions.validateForRead(schema.options())).as(table).doesNotThrowAnyException();
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "bucket|0|bucket > 0, -1 or -2",
            "bucket-function.type|mod|default",
            "file.format|csv|reads and writes orc, parquet and avro",
            "partition.legacy-name|false|true",
            "metadata.stats-mode|truncate(x)|none, counts, full or truncate(<length>)",
            "metadata.stats-mode|fast|none, counts, full or truncate(<length>)",
            "metadata.stats-mode|truncate(0)|length > 0",
            "metadata.stats-mode.per.level|x:none|'x' is not a level",
            "metadata.stats-mode.per.level|0:few|none, counts, full or truncate(<length>)",
            "metadata.stats-mode.per.level.1|few|none, counts, full or truncate(<length>)",
            "changelog-file.stats-mode|all|none, counts, full or truncate(<length>)",
            "metadata.stats-dense-store|maybe|true or false",
            "metadata.stats-keep-first-n-columns|two|invalid value",
            "data-file.thin-mode|true|false",
            "row-tracking.enabled|true|false",
            "data-evolution.enabled|true|false",
            "deletion-vectors.bitmap64|true|false",
            "scan.fallback-branch|other|not support",
            "data-file.external-paths|s3://x|not support",
            "data-file.path-directory|data|not support",
            "file.format.per.level|0:csv|reads and writes orc, parquet and avro",
            "file.format.per.level|x:orc|'x' is not a level",
            "file.format.per.level.2|csv|reads and writes orc, parquet and avro",
            "changelog-file.format|csv|reads and writes orc, parquet and avro",
            "file.compression.per.level|0|level:value pairs",
            "partial-update.unknown|true|partial-update",
            "fields.price.aggregate-function|hll_sketch|not implement",
            "fields.price.aggregate-function|count|unknown aggregate function",
            "fields.a.stats-mode|truncate(-1)|none, counts, full or truncate(<length>)",
            "sequence.field.sort-order|sideways|ascending or descending",
            "changelog-producer|always|none, input, lookup, full-compaction"})
    void unsupportedReadOptionsAreRejectedNamingOptionValueAndWhatIsSupported(String key, String value, String hint) {
        assertThatThrownBy(() -> TableOptions.validateForRead(Map.of(key, value)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + key + "'")
                .hasMessageContaining("'" + value + "'")
                .satisfies(e -> assertThat(e.getMessage().toLowerCase(Locale.ROOT)).contains(hint));
        assertThatThrownBy(() -> TableOptions.validateForWrite(Map.of(key, value), List.of()))
                .hasMessageContaining("'" + key + "'");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "changelog-producer.row-deduplicate-ignore-fields|a|cannot write",
            "file-index.bsi.columns|a|bloom-filter and bitmap file indexes only",
            "file-index.range-bitmap.columns|a|bloom-filter and bitmap file indexes only",
            "file-index.bloom-filter.columns|m[k]|map-key columns",
            "file-index.bitmap.columns|m[k]|map-key columns"})
    void optionsStrataCanReadButNotWriteAreRejectedForWrite(String key, String value, String hint) {
        Map<String, String> options = Map.of(key, value, "bucket", "2");
        assertThatCode(() -> TableOptions.validateForRead(options)).doesNotThrowAnyException();
        assertThatThrownBy(() -> TableOptions.validateForWrite(options, List.of("id")))
                .hasMessageContaining("'" + key + "'").hasMessageContaining("'" + value + "'").hasMessageContaining(hint);
        assertThatThrownBy(() -> TableOptions.validateForWrite(options)).hasMessageContaining("'" + key + "'");
    }

    /** Deletion vectors take what Paimon 1.4's SchemaValidation takes, and refuse the rest naming both options. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "merge-engine|deduplicate|",
            "merge-engine|partial-update|",
            "merge-engine|aggregation|",
            "merge-engine|first-row|'merge-engine' = 'first-row'",
            "changelog-producer|none|",
            "changelog-producer|input|",
            "changelog-producer|lookup|",
            "changelog-producer|full-compaction|'changelog-producer' = 'full-compaction'",
            "sequence.field|v|"})
    void deletionVectorsTakeWhatPaimonTakes(String key, String value, String refusal) {
        Map<String, String> options = Map.of("deletion-vectors.enabled", "true", "bucket", "2", key, value);
        if (refusal == null) {
            assertThatCode(() -> TableOptions.validateForWrite(options, List.of("id"))).doesNotThrowAnyException();
        } else {
            assertThatThrownBy(() -> TableOptions.validateForWrite(options, List.of("id")))
                    .hasMessageContaining(refusal).hasMessageContaining("'deletion-vectors.enabled' = 'true'");
        }
        assertThatCode(() -> TableOptions.validateForWrite(Map.of("deletion-vectors.enabled", "true"), List.of()))
                .as("append tables").doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"deduplicate", "partial-update", "aggregation", "first-row"})
    void mergeEnginesStrataWritesPassWriteValidation(String engine) {
        assertThatCode(() -> TableOptions.validateForWrite(Map.of("merge-engine", engine, "bucket", "2"), List.of("id")))
                .doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "input", "lookup", "full-compaction"})
    void everyChangelogProducerPassesWriteValidation(String producer) {
        assertThatCode(() -> TableOptions.validateForWrite(Map.of("changelog-producer", producer, "bucket", "2"),
                List.of("id"))).doesNotThrowAnyException();
        if (!producer.equals("none")) {
            assertThatThrownBy(() -> TableOptions.validateForWrite(Map.of("changelog-producer", producer), List.of()))
                    .hasMessageContaining("'changelog-producer' = '" + producer + "'").hasMessageContaining("primary key");
        }
    }

    @Test
    void dynamicBucketModeIsWrittenWithPaimonsRules() {
        assertThatCode(() -> TableOptions.validateForRead(Map.of())).doesNotThrowAnyException();
        assertThatCode(() -> TableOptions.validateForWrite(Map.of(), List.of())).doesNotThrowAnyException();
        assertThatCode(() -> TableOptions.validateForWrite(Map.of("bucket", "4"), List.of("id")))
                .doesNotThrowAnyException();
        assertThatCode(() -> TableOptions.validateForWrite(Map.of(), List.of("id"))).doesNotThrowAnyException();
        assertThatCode(() -> TableOptions.validateForWrite(Map.of("dynamic-bucket.target-row-num", "100",
                "dynamic-bucket.max-buckets", "8", "dynamic-bucket.initial-buckets", "2"), List.of("id")))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> TableOptions.validateForWrite(Map.of("bucket-key", "id"), List.of("id")))
                .hasMessageContaining("'bucket-key' = 'id'").hasMessageContaining("dynamic bucket mode");
        assertThatThrownBy(() -> TableOptions.validateForRead(Map.of("dynamic-bucket.max-buckets", "0")))
                .hasMessageContaining("dynamic-bucket.max-buckets").hasMessageContaining("-1");
        assertThatThrownBy(() -> TableOptions.validateForRead(Map.of("dynamic-bucket.target-row-num", "-5")))
                .hasMessageContaining("dynamic-bucket.target-row-num");
        assertThatThrownBy(() -> TableOptions.validateForWrite(Map.of("bucket", "4"), List.of()))
                .hasMessageContaining("bucket-key");
    }

    @Test
    void everyOptionIsDeclaredOnceWithDocumentation() {
        Set<String> keys = new HashSet<>();
        for (ConfigOption<?> option : TableOptions.ALL) {
            assertThat(keys.add(option.key())).as(option.key()).isTrue();
            assertThat(option.description()).as(option.key()).isNotBlank();
        }
        assertThat(keys).contains("bucket", "merge-engine", "num-levels", "data-file.thin-mode");
        String doc = TableOptions.documentation();
        assertThat(doc.lines()).hasSize(TableOptions.ALL.size() + 2);
        assertThat(doc).contains("| `write-buffer-size` | 256 mb |", "| `file.format` | parquet |",
                "| `merge-engine` | deduplicate |", "| `sequence.field.sort-order` | ascending |",
                "Also read from: first-row.ignore-delete");
    }
}
